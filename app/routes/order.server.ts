import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCookie, json, redirect } from "@remix-run/node";
import { env } from "~/config/env.server";
import { formattedPrices } from "~/i18n/money";
import { getDb } from "~/db/db.server";
import { localeOf } from "~/i18n/i18n.server";
import { homePath, matchPage } from "~/i18n/routes";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { dispatchDatesIfPaidToday } from "~/order/delivery-promise.server";
import { handleOrderForm } from "~/flows/accept-order-form.server";
import { findPlacedOrder } from "~/order/placed-order.server";
import { STANDARD_VARIANT, variantOfPage } from "~/order/variants";
import type { AcceptedState, OrderLoaderData, OrderState } from "~/order/view-state";
import { bodyTooLargeResponse } from "~/security/body.server";
import { checkoutTypeOf } from "~/tracking/events";
import { reportCheckoutFromUrl } from "~/tracking/events.server";

/**
 * The order pages' loader and action (app/routes/order.tsx): they turn the order domain's
 * outcomes (app/order) into HTTP. A route module imports this one server module, so the browser's
 * build carries one stub for it (docs/decisions/027).
 */

/**
 * The order this browser placed last: its payment token (already the key to its payment page, and
 * nothing more), kept for a day in an HttpOnly cookie. Back on the order page, the page then says
 * the order is placed instead of offering the same order again.
 */
const placedOrderCookie = createCookie("placed_order", {
  path: "/",
  maxAge: 24 * 60 * 60,
  httpOnly: true,
  sameSite: "lax",
  secure: env.SITE_URL.startsWith("https:"),
});

async function placedOrderTokenOf(request: Request): Promise<string | null> {
  const value: unknown = await placedOrderCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return typeof value === "string" ? value : null;
}

/** The page id of the requested path picks the variant of the order page. */
function variantOf(request: Request) {
  return variantOfPage(matchPage(new URL(request.url).pathname)?.pageId) ?? STANDARD_VARIANT;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Pricing cards link here with ?type=regular|notarized: it preselects the type and is an
  // InitiateCheckout (reported only with consent). The forms post to the bare path, so the
  // loaders that run after an action do not report it again.
  reportCheckoutFromUrl(request, context.services.events.reportEvent);
  const locale = await localeOf(request);
  const data: OrderLoaderData = {
    defaultType: checkoutTypeOf(new URL(request.url).searchParams) ?? "regular",
    placedOrder: await findPlacedOrder(getDb(), await placedOrderTokenOf(request)),
    dispatchDates: dispatchDatesIfPaidToday(locale),
    prices: formattedPrices(locale),
    lockersOffered: context.services.lockers !== null,
  };
  return json(data);
}

/** Each step of the form, turned into HTTP. */
export async function action({ request, context }: ActionFunctionArgs) {
  const locale = await localeOf(request);
  const outcome = await handleOrderForm(request, {
    variant: variantOf(request),
    locale,
    db: getDb(),
    report: context.services.events.reportEvent,
    placedOrderToken: await placedOrderTokenOf(request),
    lockers: context.services.lockers,
  });
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
      const headers = { ...noStore, "Set-Cookie": await placedOrderCookie.serialize(outcome.paymentToken) };
      if (!outcome.jsOn) return redirect(outcome.paymentUrl, { status: 303, headers });
      return json<OrderState>({ stage: "accepted", paymentUrl: outcome.paymentUrl, purchase: outcome.purchase } satisfies AcceptedState, {
        headers,
      });
    }
  }
}
