import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { formattedPrices } from "~/config/products";
import { OrderSteps } from "~/components/order/OrderSteps";
import { StructuredData } from "~/components/StructuredData";
import { getDb } from "~/db/db.server";
import { isNetworkFailure } from "~/forms/offline";
import { localeOf } from "~/i18n/i18n.server";
import { homePath, matchPage, pageIdOfRoute } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { bodyTooLargeResponse } from "~/security/body.server";
import { dispatchDatesIfPaidToday } from "~/order/delivery-promise.server";
import { nudgeMailWorker } from "~/mail/mail-worker.server";
import { handleOrderForm } from "~/order/form-action.server";
import { findPlacedOrder, placedOrderCookie } from "~/order/placed-order.server";
import { STANDARD_VARIANT, variantOfPage } from "~/order/variants";
import type { AcceptedState, NetworkErrorState, OrderLoaderData, OrderState } from "~/order/view-state";
import { checkoutTypeOf } from "~/tracking/events";
import { reportCheckoutFromUrl, reportEvent } from "~/tracking/events.server";

/**
 * Both order pages (the route table's `order` and `orderAutomatic`): the page id of the
 * requested path picks the variant. The steps' logic lives in app/order; this module
 * turns its outcome into HTTP.
 */
function variantOf(request: Request) {
  return variantOfPage(matchPage(new URL(request.url).pathname)?.pageId) ?? STANDARD_VARIANT;
}

export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  // Pricing cards link here with ?type=regular|notarized: it preselects the type and is an
  // InitiateCheckout (reported only with consent). The forms post to the bare path, so the
  // loaders that run after an action do not report it again.
  reportCheckoutFromUrl(request);
  const locale = await localeOf(request);
  const data: OrderLoaderData = {
    defaultType: checkoutTypeOf(new URL(request.url).searchParams) ?? "regular",
    placedOrder: await findPlacedOrder(getDb(), request),
    dispatchDates: dispatchDatesIfPaidToday(locale),
    prices: formattedPrices(locale),
  };
  return json(data);
}

export async function action({ request }: ActionFunctionArgs) {
  const locale = await localeOf(request);
  const outcome = await handleOrderForm(request, { variant: variantOf(request), locale, db: getDb(), report: reportEvent });
  // A step's page holds personal data and a one-time token: no cache keeps it, and going
  // back after ordering asks the server again, which then knows the order is placed.
  const noStore = { "Cache-Control": "no-store" };
  switch (outcome.kind) {
    case "show":
      return json<OrderState>(outcome.state, { headers: noStore });
    case "invalid":
      // Answered as an error so the title says "Error:"; the ErrorBoundary shows the step again.
      throw json(outcome.state, { status: 400, headers: noStore });
    case "tooLarge":
      return bodyTooLargeResponse();
    case "decoy":
      return redirect(homePath(locale), 303);
    case "unavailable":
      throw json(outcome.state, { status: 503, headers: { ...noStore, "Retry-After": "5" } });
    case "accepted": {
      nudgeMailWorker();
      const headers = { ...noStore, "Set-Cookie": await placedOrderCookie(outcome.paymentToken) };
      if (!outcome.jsOn) return redirect(outcome.paymentUrl, { status: 303, headers });
      return json<OrderState>({ stage: "accepted", paymentUrl: outcome.paymentUrl, purchase: outcome.purchase } satisfies AcceptedState, {
        headers,
      });
    }
  }
}

/**
 * With JavaScript, a request that never reaches the server (offline, dropped connection)
 * becomes a message on the same step instead of the error screen.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent") === "accept" ? "accept" : "preview";
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (isNetworkFailure(error)) return { offline: true, stage: "networkError", intent } satisfies NetworkErrorState;
    throw error;
  }
}

/**
 * The loader only reads the URL (?type=, which also reports InitiateCheckout), so it runs
 * again only when the URL changes: not after each step's action, nor after the cookie
 * banner's, which would report the checkout a second time.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href;

/** The variant of the page being shown, from its route id (`<pageId>.<locale>`). */
function useVariant() {
  return variantOfPage(pageIdOfRoute(useMatches().at(-1)?.id)) ?? STANDARD_VARIANT;
}

export default function OrderRoute() {
  const data = useLoaderData<typeof loader>();
  const state = useActionData<typeof clientAction>() as OrderState | undefined;
  return (
    <>
      <OrderSteps variant={useVariant()} page={data} state={state} />
      <StructuredData />
    </>
  );
}

/** A 400 or 503 is the form or the preview again, with its messages; anything else is the error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  const variant = useVariant();
  // The page's own data, when its loader ran before the action's 400 (a document request).
  const page = useRouteLoaderData<typeof loader>(useMatches().at(-1)?.id ?? "") ?? null;
  if (isRouteErrorResponse(error) && (error.status === 400 || error.status === 503) && error.data && typeof error.data === "object") {
    return <OrderSteps variant={variant} page={page} state={error.data as OrderState} />;
  }
  return <GeneralErrorBoundary />;
}
