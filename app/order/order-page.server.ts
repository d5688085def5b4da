import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { formattedPrices } from "~/config/products";
import { getDb } from "~/db/db.server";
import { localeOf } from "~/i18n/i18n.server";
import { homePath, matchPage } from "~/i18n/routes";
import { nudgeMailWorker } from "~/mail/mail-worker.server";
import { dispatchDatesIfPaidToday } from "~/order/delivery-promise.server";
import { handleOrderForm } from "~/order/form-action.server";
import { findPlacedOrder, placedOrderCookie } from "~/order/placed-order.server";
import { STANDARD_VARIANT, variantOfPage } from "~/order/variants";
import type { AcceptedState, OrderLoaderData, OrderState } from "~/order/view-state";
import { bodyTooLargeResponse } from "~/security/body.server";
import { checkoutTypeOf } from "~/tracking/events";
import { reportCheckoutFromUrl, reportEvent } from "~/tracking/events.server";

/** The page id of the requested path picks the variant of the order page. */
function variantOf(request: Request) {
  return variantOfPage(matchPage(new URL(request.url).pathname)?.pageId) ?? STANDARD_VARIANT;
}

/** The order pages' loader (app/routes/order.tsx). */
export async function orderPageLoader({ request }: LoaderFunctionArgs) {
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

/** The order pages' action: each step of the form, turned into HTTP. */
export async function orderPageAction({ request }: ActionFunctionArgs) {
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
