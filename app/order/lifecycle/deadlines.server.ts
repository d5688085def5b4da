import { deliveryDates, paymentTime, warsawDay } from "~/order/delivery-dates.server";
import { transitDaysOf } from "~/config/env.server";
import type { OrderRow } from "~/db/schema";
import { paymentDeadline } from "~/order/payment-deadline.server";
import { addressGivenAtOf, awaitsAddress, type AddressFacts } from "~/order/address-later";

/** The dates an operator works to, as Warsaw calendar days ("2026-12-01"), with whether each has passed. */
export type OrderDeadlines = {
  /** Awaiting payment: the day housekeeping cancels it. */
  paymentDue: string | null;
  paymentOverdue: boolean;
  /** Paid, not yet dispatched: the last day the promise allows for handing it to the courier. */
  dispatchDue: string | null;
  dispatchOverdue: boolean;
  /** The lease start the customer gave (the main form asks for it; the automatic one does not). */
  leaseStart: string | null;
  /**
   * Awaiting payment or paid: the day the courier delivers by, as promised (for an unpaid order,
   * if the money arrives today), and whether that is after the lease start: the customer will
   * not have the declaration when the landlord asks for it, unless the operator acts.
   */
  deliveredBy: string | null;
  lateForLease: boolean;
};

type DeadlineFacts = Pick<
  OrderRow,
  "status" | "created_at" | "paid_at" | "declaration_type" | "immediate_performance_consent_at" | "start_date" | "delivery_method"
> &
  AddressFacts;

type PromiseFacts = Pick<
  DeadlineFacts,
  "created_at" | "paid_at" | "declaration_type" | "immediate_performance_consent_at" | "delivery_method"
> &
  AddressFacts;

/** The promise's dates for an order paid on `paidAt` (the same business-day rules as the customer's pages). */
function promisedDates(order: PromiseFacts, paidAt: Date) {
  return deliveryDates(order.declaration_type, {
    paidAt,
    orderedAt: new Date(order.created_at),
    earlyStart: order.immediate_performance_consent_at !== null,
    transitDays: transitDaysOf(order.delivery_method),
    addressGivenAt: addressGivenAtOf(order),
  });
}

/** The dispatch date promised for a paid order; none while its flat's address is missing (docs/decisions/091). */
export function dispatchDueDay(order: PromiseFacts): string | null {
  if (awaitsAddress(order)) return null;
  const paidAt = paymentTime(order.paid_at);
  return paidAt ? warsawDay(promisedDates(order, paidAt).dispatchBy) : null;
}

export function paymentDueDay(order: Pick<DeadlineFacts, "created_at">, deadlineDays: number): string {
  return warsawDay(paymentDeadline(new Date(order.created_at), deadlineDays).day);
}

export function orderDeadlinesOf(order: DeadlineFacts, deadlineDays: number, now: Date): OrderDeadlines {
  const today = warsawDay(now);
  const paymentDue = order.status === "awaiting_payment" ? paymentDueDay(order, deadlineDays) : null;
  const dispatchDue = order.status === "paid" ? dispatchDueDay(order) : null;
  const paidAt = order.status === "paid" ? paymentTime(order.paid_at) : order.status === "awaiting_payment" ? now : null;
  const deliveredBy = paidAt && !awaitsAddress(order) ? warsawDay(promisedDates(order, paidAt).deliveredBy) : null;
  return {
    paymentDue,
    paymentOverdue: paymentDue !== null && paymentDue < today,
    dispatchDue,
    dispatchOverdue: dispatchDue !== null && dispatchDue < today,
    leaseStart: order.start_date,
    deliveredBy,
    lateForLease: deliveredBy !== null && order.start_date !== null && deliveredBy > order.start_date,
  };
}

/** The first instant of a Warsaw calendar day, as ISO text comparable with the stored timestamps. */
export function warsawDayStart(isoDay: string): string {
  // Warsaw is UTC+1 or UTC+2: its midnight is 22:00 or 23:00 UTC of the day before.
  const previous = new Date(new Date(`${isoDay}T00:00:00Z`).getTime() - 2 * 3600_000);
  return warsawDay(previous) === isoDay ? previous.toISOString() : new Date(previous.getTime() + 3600_000).toISOString();
}
