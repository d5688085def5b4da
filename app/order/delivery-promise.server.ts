import { formatDeliveryDay } from "~/config/delivery";
import { deliveryDates, withdrawalPeriodEnd } from "~/config/delivery-dates.server";
import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";

/** When the declaration goes out for an order placed on `orderedAt` and paid on `paidAt`, for each choice the customer makes. */
export type DispatchDates = {
  /** With the request to start at once (the withdrawal waiver): counted from the payment. */
  withWaiver: string;
  /** Without it: the work starts only after the withdrawal period ends. */
  withoutWaiver: string;
  /** The last day of the withdrawal period. */
  withdrawalEnds: string;
};

/** The dispatch dates of one type, formatted for the reader ("czwartek, 26 listopada"). */
export function dispatchDatesOf(type: DeclarationType, orderedAt: Date, paidAt: Date, locale: Locale): DispatchDates {
  const tag = LOCALE_TAGS[locale];
  const dispatchBy = (earlyStart: boolean) => formatDeliveryDay(deliveryDates(type, { paidAt, orderedAt, earlyStart }).dispatchBy, tag);
  return { withWaiver: dispatchBy(true), withoutWaiver: dispatchBy(false), withdrawalEnds: formatDeliveryDay(withdrawalPeriodEnd(orderedAt), tag) };
}

/** Both types' dates for an order placed and paid today: what the order form and the preview show. */
export function dispatchDatesIfPaidToday(locale: Locale, now: Date = new Date()): Record<DeclarationType, DispatchDates> {
  return Object.fromEntries(DECLARATION_TYPES.map((type) => [type, dispatchDatesOf(type, now, now, locale)])) as Record<DeclarationType, DispatchDates>;
}
