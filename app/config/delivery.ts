import type { DeclarationType } from "~/config/products";

/**
 * The delivery promise, defined once (docs/decisions/010 and 030). The copy, pricing
 * cards, terms, contract, payment page and e-mails all read these numbers; no locale
 * string types a number of days itself.
 *
 * - regular declaration: signed within 1 business day of the payment being booked;
 * - notarized declaration: signed within 3 business days of the payment being booked;
 * - either way, sent by courier within 2 business days after it is signed;
 * - the carrier delivers within 1 business day of dispatch (COURIER_TRANSIT_BUSINESS_DAYS); the dates
 *   themselves add the order's method's transit, the settings COURIER_TRANSIT_DAYS and LOCKER_TRANSIT_DAYS.
 *
 * The copy never says "within 24 hours": a business day is not 24 hours (a Friday afternoon
 * payment is signed on Monday), so it names business days only (docs/decisions/030).
 *
 * The numbers reach every locale string as i18next default variables (app/i18n/i18next.ts);
 * the dates are computed in app/order/delivery-dates.server.ts and written in words by
 * app/i18n/date-format.ts.
 */
export const SIGNING_BUSINESS_DAYS: Record<DeclarationType, number> = {
  regular: 1,
  notarized: 3,
};

/** Business days between signing and handing the declaration to the courier. */
export const DISPATCH_BUSINESS_DAYS = 2;

/**
 * Business days the courier takes from dispatch to the door, as the terms and the general copy state
 * it. The dates each page compares with the lease start add the order's own transit instead
 * (transitDaysOf in env.server.ts), which pages with a known method pass to the copy as `transitDays`.
 */
export const COURIER_TRANSIT_BUSINESS_DAYS = 1;

/**
 * Business days the terms (§ 5 ust. 6) give for a parcel that came back or was left uncollected:
 * to contact the customer after the carrier's notice, and to send it again after their answer.
 */
export const RETURNED_PARCEL_BUSINESS_DAYS = 2;

/** Every number of the promise, named for interpolation into locale strings (`{{regularDays}}` …). */
export const DELIVERY_VALUES = {
  regularDays: SIGNING_BUSINESS_DAYS.regular,
  notarizedDays: SIGNING_BUSINESS_DAYS.notarized,
  dispatchDays: DISPATCH_BUSINESS_DAYS,
  transitDays: COURIER_TRANSIT_BUSINESS_DAYS,
  returnDays: RETURNED_PARCEL_BUSINESS_DAYS,
} as const;

/** Business days are counted in the company's time zone, whatever the server's. */
export const BUSINESS_TIME_ZONE = "Europe/Warsaw";
