import { formatDeliveryDay } from "~/config/delivery";
import { deliveryDates, warsawDay, withdrawalPeriodEnd } from "~/config/delivery-dates.server";
import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import type { DispatchDates } from "./delivery-warning";

export type { DispatchDates } from "./delivery-warning";

/** The dispatch and delivery dates of one type, formatted for the reader ("czwartek, 26 listopada"). */
export function dispatchDatesOf(type: DeclarationType, orderedAt: Date, paidAt: Date, locale: Locale): DispatchDates {
  const tag = LOCALE_TAGS[locale];
  const withWaiver = deliveryDates(type, { paidAt, orderedAt, earlyStart: true });
  const withoutWaiver = deliveryDates(type, { paidAt, orderedAt, earlyStart: false });
  return {
    withWaiver: formatDeliveryDay(withWaiver.dispatchBy, tag),
    withoutWaiver: formatDeliveryDay(withoutWaiver.dispatchBy, tag),
    withdrawalEnds: formatDeliveryDay(withdrawalPeriodEnd(orderedAt), tag),
    deliveredWithWaiver: { day: warsawDay(withWaiver.deliveredBy), label: formatDeliveryDay(withWaiver.deliveredBy, tag) },
    deliveredWithoutWaiver: { day: warsawDay(withoutWaiver.deliveredBy), label: formatDeliveryDay(withoutWaiver.deliveredBy, tag) },
  };
}

/** Both types' dates for an order placed and paid today: what the order form and the preview show. */
export function dispatchDatesIfPaidToday(locale: Locale, now: Date = new Date()): Record<DeclarationType, DispatchDates> {
  return Object.fromEntries(DECLARATION_TYPES.map((type) => [type, dispatchDatesOf(type, now, now, locale)])) as Record<
    DeclarationType,
    DispatchDates
  >;
}
