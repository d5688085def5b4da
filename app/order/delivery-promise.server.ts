import { formatDeliveryDay } from "~/i18n/date-format";
import { deliveryDates, warsawDay, withdrawalPeriodEnd } from "~/order/delivery-dates.server";
import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import { transitDaysOf } from "~/config/env.server";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import type { Delivery } from "~/order/delivery";
import type { DispatchDates, DispatchDatesByMethod } from "./delivery-warning";

export type { DispatchDates, DispatchDatesByMethod } from "./delivery-warning";

/** The dispatch and delivery dates of one type and delivery method, formatted for the reader ("czwartek, 26 listopada"). */
export function dispatchDatesOf(
  type: DeclarationType,
  orderedAt: Date,
  paidAt: Date,
  locale: Locale,
  method: Delivery["method"],
): DispatchDates {
  const tag = LOCALE_TAGS[locale];
  const transitDays = transitDaysOf(method);
  const withWaiver = deliveryDates(type, { paidAt, orderedAt, earlyStart: true, transitDays });
  const withoutWaiver = deliveryDates(type, { paidAt, orderedAt, earlyStart: false, transitDays });
  return {
    withWaiver: formatDeliveryDay(withWaiver.dispatchBy, tag),
    withoutWaiver: formatDeliveryDay(withoutWaiver.dispatchBy, tag),
    withdrawalEnds: formatDeliveryDay(withdrawalPeriodEnd(orderedAt), tag),
    deliveredWithWaiver: { day: warsawDay(withWaiver.deliveredBy), label: formatDeliveryDay(withWaiver.deliveredBy, tag) },
    deliveredWithoutWaiver: { day: warsawDay(withoutWaiver.deliveredBy), label: formatDeliveryDay(withoutWaiver.deliveredBy, tag) },
    transitDays,
  };
}

/** Both types' dates for an order placed on `orderedAt` and paid on `paidAt`, by one delivery method. */
export function dispatchDatesOfTypes(
  orderedAt: Date,
  paidAt: Date,
  locale: Locale,
  method: Delivery["method"],
): Record<DeclarationType, DispatchDates> {
  return Object.fromEntries(DECLARATION_TYPES.map((type) => [type, dispatchDatesOf(type, orderedAt, paidAt, locale, method)])) as Record<
    DeclarationType,
    DispatchDates
  >;
}

/** Both types' dates for an order placed and paid today, by each delivery method: what the order form and the preview show. */
export function dispatchDatesIfPaidToday(locale: Locale, now: Date = new Date()): DispatchDatesByMethod {
  return { courier: dispatchDatesOfTypes(now, now, locale, "courier"), locker: dispatchDatesOfTypes(now, now, locale, "locker") };
}
