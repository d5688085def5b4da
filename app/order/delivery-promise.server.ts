import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import { expectedDispatchDate } from "~/config/delivery-dates.server";
import { formatDeliveryDay } from "~/config/delivery";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";

/** The consumer's 14 days to withdraw (art. 27 of the consumer rights act), counted from the order. */
export const WITHDRAWAL_PERIOD_DAYS = 14;

/** When the declaration goes out for an order placed and paid on `orderedAt`, for each choice the customer makes. */
export type DispatchDates = {
  /** With the request to start at once (the withdrawal waiver): counted from the payment. */
  withWaiver: string;
  /** Without it: the work starts only after the withdrawal period ends. */
  withoutWaiver: string;
  /** The last day of the withdrawal period. */
  withdrawalEnds: string;
};

export function withdrawalPeriodEnd(orderedAt: Date): Date {
  return new Date(orderedAt.getTime() + WITHDRAWAL_PERIOD_DAYS * 24 * 60 * 60 * 1000);
}

/** The dispatch dates of one type, formatted for the reader ("czwartek, 26 listopada"). */
export function dispatchDatesOf(type: DeclarationType, orderedAt: Date, paidAt: Date, locale: Locale): DispatchDates {
  const tag = LOCALE_TAGS[locale];
  const withdrawalEnds = withdrawalPeriodEnd(orderedAt);
  const startWithout = withdrawalEnds > paidAt ? withdrawalEnds : paidAt;
  return {
    withWaiver: formatDeliveryDay(expectedDispatchDate(type, paidAt), tag),
    withoutWaiver: formatDeliveryDay(expectedDispatchDate(type, startWithout), tag),
    withdrawalEnds: formatDeliveryDay(withdrawalEnds, tag),
  };
}

/** Both types' dates for an order placed and paid today: what the order form and the preview show. */
export function dispatchDatesIfPaidToday(locale: Locale, now: Date = new Date()): Record<DeclarationType, DispatchDates> {
  return Object.fromEntries(DECLARATION_TYPES.map((type) => [type, dispatchDatesOf(type, now, now, locale)])) as Record<DeclarationType, DispatchDates>;
}
