import { Component, lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { toast } from "~/components/Toaster";
import type { OrderVariant, OrderVariantId } from "~/order/variants";
import type { AcceptedState, FormState, OrderLoaderData, OrderState, PreviewState } from "~/order/view-state";
import { useRequiredRootData } from "~/render/root-data";
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

type AnsweredStep = FormState | PreviewState | AcceptedState;

/** What the order page remembers of its history entries: the step each was answered with, the step last shown, the latest values. */
type EntryMemory = { stepOfEntry: Map<string, AnsweredStep | undefined>; shown?: AnsweredStep; latest?: FormState | PreviewState };
const newMemory = (): EntryMemory => ({ stepOfEntry: new Map() });

/**
 * In the browser, kept for the life of the page, per variant: a refused step renders through the route's
 * error screen (a 400), which mounts the steps anew, and Back from it must still find the earlier steps.
 * Never on the server, where it would be shared by every request.
 */
const browserMemory = new Map<OrderVariantId, EntryMemory>();

/**
 * The step to show for the browser's current history entry. Each step the server answers is an entry
 * of its own (the forms post with `replace={false}`, as every POST is without JavaScript), so Back from
 * the preview returns to the form and Forward to the preview. An entry keeps the step it was answered
 * with; an entry the server never answered (the page as first opened) shows the form with the latest
 * values, so Back never empties it. A network failure keeps the step on screen (with its message).
 * Nothing leaves the page's memory: no personal data is stored before the order (PRODUCT.md).
 */
function useStepOfHistoryEntry(
  variant: OrderVariantId,
  state: OrderState | undefined,
): { view: AnsweredStep | undefined; latest: FormState | PreviewState | undefined } {
  const current = useLocation();
  const navigation = useNavigation();
  const own = useRef<EntryMemory | null>(null);
  own.current ??= newMemory();
  let memory = own.current;
  if (typeof document !== "undefined") {
    memory = browserMemory.get(variant) ?? newMemory();
    browserMemory.set(variant, memory);
  }
  // A step's answer arrives while the page still shows the entry it was sent from (Remix then runs the
  // loaders): it belongs to the entry its navigation is about to make.
  const { key } = navigation.formMethod && navigation.location ? navigation.location : current;
  if (state?.stage === "networkError") {
    if (!memory.stepOfEntry.has(key)) memory.stepOfEntry.set(key, memory.shown);
  } else if (state) {
    memory.stepOfEntry.set(key, state);
    if (state.stage !== "accepted") memory.latest = state;
  }
  const latest = memory.latest;
  memory.shown = memory.stepOfEntry.has(key)
    ? memory.stepOfEntry.get(key)
    : latest && { stage: "form", values: latest.values, dispatchDates: latest.dispatchDates, lockersOffered: latest.lockersOffered };
  return { view: memory.shown, latest };
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
  const { view, latest } = useStepOfHistoryEntry(variant.id, state);
  // An accepted order shows the preview it came from until the redirect.
  const preview = view?.stage === "preview" ? view : view?.stage === "accepted" && latest?.stage === "preview" ? latest : undefined;
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

  if (preview) {
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
