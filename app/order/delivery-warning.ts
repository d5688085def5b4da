import type { DeclarationType } from "~/config/products";

/*
 * Whether the declaration reaches the tenant before the lease starts. Free of server code:
 * the form compares again while the visitor types (JavaScript on), from the dates its loader sent.
 */

/** A delivery day as the calendar day ("2026-12-02") to compare, and as words for the reader. */
export type DeliveryDay = { day: string; label: string };

/** When the declaration goes out and arrives for an order placed on one day and paid on another, for each choice the customer makes. */
export type DispatchDates = {
  /** With the request to start at once (the withdrawal waiver): counted from the payment. */
  withWaiver: string;
  /** Without it: the work starts only after the withdrawal period ends. */
  withoutWaiver: string;
  /** The last day of the withdrawal period. */
  withdrawalEnds: string;
  /** The delivery, dispatch + the transit of the delivery method these dates are for. */
  deliveredWithWaiver: DeliveryDay;
  deliveredWithoutWaiver: DeliveryDay;
  /** That transit in business days (the courier's or the parcel locker's setting). */
  transitDays: number;
};

/** The dates of both types for each delivery method: the order form switches between them as the customer chooses. */
export type DispatchDatesByMethod = Record<"courier" | "locker", Record<DeclarationType, DispatchDates>>;

/** What the customer can do when the delivery falls after the lease start; each names the delivery day it gives. */
export type LateDelivery = {
  /** The promised delivery with the choices made so far. */
  deliveredBy: DeliveryDay;
  /** Asking to start at once (in the preview) is enough. */
  earlyStart: DeliveryDay | null;
  /** Choosing the regular declaration is enough (with the early start too, when `withEarlyStart`). */
  regular: (DeliveryDay & { withEarlyStart: boolean }) | null;
  /** The earliest lease start the current choices fit. */
  moveStartTo: DeliveryDay;
};

/** The delivered-by day for one choice. */
function deliveredBy(dates: DispatchDates, earlyStart: boolean): DeliveryDay {
  return earlyStart ? dates.deliveredWithWaiver : dates.deliveredWithoutWaiver;
}

/**
 * Null when the declaration arrives on or before `startDate` (YYYY-MM-DD) with the choices made,
 * or when there is no valid start date to compare with. `earlyStart` is false until the visitor ticks it.
 */
export function lateDelivery(
  dates: Record<DeclarationType, DispatchDates>,
  { type, startDate, earlyStart }: { type: DeclarationType; startDate: string | null | undefined; earlyStart: boolean },
): LateDelivery | null {
  if (!startDate || !/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return null;
  const current = deliveredBy(dates[type], earlyStart);
  if (current.day <= startDate) return null;
  const withWaiver = dates[type].deliveredWithWaiver;
  const fits = (day: DeliveryDay) => day.day <= startDate;
  let regular: LateDelivery["regular"] = null;
  if (type !== "regular") {
    const same = deliveredBy(dates.regular, earlyStart);
    if (fits(same)) regular = { ...same, withEarlyStart: earlyStart };
    else if (fits(dates.regular.deliveredWithWaiver)) regular = { ...dates.regular.deliveredWithWaiver, withEarlyStart: true };
  }
  return { deliveredBy: current, earlyStart: !earlyStart && fits(withWaiver) ? withWaiver : null, regular, moveStartTo: current };
}
