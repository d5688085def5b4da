import { Component, lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { toast } from "~/components/Toaster";
import type { OrderVariant } from "~/order/variants";
import type { AcceptedState, FormState, OrderLoaderData, OrderState, PreviewState } from "~/order/view-state";
import { useRequiredRootData } from "~/root-data";
import { usePixelEvent } from "~/tracking/use-pixel-event";
import { FormStep } from "./FormStep";
import { PlacedOrderNotice } from "./PlacedOrderNotice";

/** The first-touch chunk could not be fetched: offline for that one file, or a deploy replaced it while the page was open. */
class PreviewChunkError extends Error {}

// Fetched with the form's check at the first touch (FormStep), so it is there before the preview is asked for.
const lazyPreviewStep = () =>
  lazy(() =>
    import("./first-touch").then(
      (module) => ({ default: module.PreviewStep }),
      (error: unknown) => {
        throw new PreviewChunkError(String(error));
      },
    ),
  );
let PreviewStep = lazyPreviewStep();

/**
 * React keeps a lazy component's failure for good, so after one the next preview asks for the
 * chunk again through a new one. Meanwhile the form comes back with every value and the same
 * message as a dropped connection (`fallback`); the server's preview is one more press away.
 * Any other error goes on to the route's error screen.
 */
type BoundaryProps = { fallback: ReactNode; attempt: object; children: ReactNode };
type BoundaryState = { failing: boolean; failedAttempt: object | null };
class PreviewChunkBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failing: false, failedAttempt: null };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    if (!(error instanceof PreviewChunkError)) throw error;
    return { failing: true };
  }
  // A new preview (another press) is a new attempt: its step renders again.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return state.failing && state.failedAttempt !== null && state.failedAttempt !== props.attempt
      ? { failing: false, failedAttempt: null }
      : null;
  }
  componentDidCatch() {
    PreviewStep = lazyPreviewStep();
    this.setState({ failedAttempt: this.props.attempt });
  }
  render() {
    return this.state.failing ? this.props.fallback : this.props.children;
  }
}

/** Spec section 9: the success toast stays 3 s; the full-page redirect follows after 1.5 s. */
export const SUCCESS_TOAST_MS = 3000;
export const REDIRECT_DELAY_MS = 1500;

type OrderStepsProps = {
  variant: OrderVariant;
  /** The loader's data; missing only when an error screen renders the steps before it ran. */
  page: OrderLoaderData | null;
  state: OrderState | undefined;
};

/** Both order pages: stage 1 (the form), stage 2 (the preview) and the hand-over to payment. */
export function OrderSteps({ variant, page, state }: OrderStepsProps) {
  const placedOrder = page?.placedOrder ?? null;
  const { t } = useTranslation("order");
  const { locale, pixels, prices } = useRequiredRootData();
  // The last step the server answered; a network failure keeps it and adds a message.
  const shown = useRef<FormState | PreviewState | AcceptedState | undefined>(undefined);
  const lastPreview = useRef<PreviewState | undefined>(undefined);
  if (state && state.stage !== "networkError") shown.current = state;
  if (state?.stage === "preview") lastPreview.current = state;
  const view = shown.current;
  const dispatchDates =
    page?.dispatchDates ?? (view?.stage === "form" || view?.stage === "preview" ? view.dispatchDates : undefined) ?? null;
  const networkError =
    state?.stage === "networkError" ? t(state.intent === "accept" ? "errors.acceptNetwork" : variant.previewNetworkErrorKey) : null;

  usePixelEvent(view?.stage === "preview" ? view.lead : view?.stage === "accepted" ? view.purchase : undefined, pixels);
  useEffect(() => {
    if (networkError) toast.error(networkError);
  }, [networkError, state]);
  const paymentUrl = view?.stage === "accepted" ? view.paymentUrl : null;
  useEffect(() => {
    if (!paymentUrl) return;
    toast.success(t("accept.success"), { duration: SUCCESS_TOAST_MS });
    const timer = window.setTimeout(() => window.location.assign(paymentUrl), REDIRECT_DELAY_MS);
    // Back from the payment page, a browser may show this very page again from its cache:
    // load it afresh, and the server shows the placed order instead of a live order button.
    const reloadWhenRestored = (event: PageTransitionEvent) => event.persisted && window.location.reload();
    window.addEventListener("pageshow", reloadWhenRestored);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("pageshow", reloadWhenRestored);
    };
  }, [paymentUrl, t]);

  if ((view?.stage === "preview" || view?.stage === "accepted") && lastPreview.current) {
    const preview = lastPreview.current;
    const formAgain = formStep(
      { stage: "form", values: preview.values, dispatchDates: preview.dispatchDates, lockersOffered: preview.lockersOffered },
      t(variant.previewNetworkErrorKey),
    );
    return (
      <PreviewChunkBoundary attempt={preview} fallback={formAgain}>
        <Suspense fallback={null}>
          <PreviewStep
            variant={variant}
            placedOrder={placedOrder}
            dispatchDates={dispatchDates}
            preview={preview}
            accepted={paymentUrl}
            networkError={networkError}
            locale={locale}
          />
        </Suspense>
      </PreviewChunkBoundary>
    );
  }
  return formStep(view?.stage === "form" ? view : undefined, networkError);

  function formStep(formState: FormState | undefined, message: string | null) {
    return (
      <>
        <PageHeader title={t(variant.headingKey)} lead={t(variant.leadKey)} />
        <div className="mx-auto max-w-3xl px-4 pb-16">
          {placedOrder ? <PlacedOrderNotice order={placedOrder} /> : null}
          <FormStep
            variant={variant}
            lockersOffered={Boolean(page?.lockersOffered ?? formState?.lockersOffered)}
            defaultType={page?.defaultType ?? "regular"}
            dispatchDates={dispatchDates}
            prices={page?.prices ?? prices}
            state={formState}
            networkError={message}
            locale={locale}
          />
        </div>
      </>
    );
  }
}
