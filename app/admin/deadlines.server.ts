import { deliveryDates, warsawDay } from "~/config/delivery-dates.server";
import type { OrderRow } from "~/db/schema";
import { paymentDeadline } from "~/order/payment-deadline";

/** The two dates an operator works to, as Warsaw calendar days ("2026-12-01"), with whether each has passed. */
export type OrderDeadlines = {
  /** Awaiting payment: the day housekeeping cancels it. */
  paymentDue: string | null;
  paymentOverdue: boolean;
  /** Paid, not yet dispatched: the last day the promise allows for handing it to the courier. */
  dispatchDue: string | null;
  dispatchOverdue: boolean;
};

type DeadlineFacts = Pick<OrderRow, "status" | "created_at" | "paid_at" | "declaration_type" | "immediate_performance_consent_at">;

/** The dispatch date promised for a paid order (the same business-day rules as the customer's pages). */
export function dispatchDueDay(
  order: Pick<DeadlineFacts, "created_at" | "paid_at" | "declaration_type" | "immediate_performance_consent_at">,
): string | null {
  if (!order.paid_at) return null;
  const paidAt = new Date(order.paid_at.length === 10 ? `${order.paid_at}T12:00:00Z` : order.paid_at);
  if (Number.isNaN(paidAt.getTime())) return null;
  const dates = deliveryDates(order.declaration_type, {
    paidAt,
    orderedAt: new Date(order.created_at),
    earlyStart: order.immediate_performance_consent_at !== null,
  });
  return warsawDay(dates.dispatchBy);
}

export function paymentDueDay(order: Pick<DeadlineFacts, "created_at">, deadlineDays: number): string {
  return warsawDay(paymentDeadline(new Date(order.created_at), deadlineDays));
}

export function deadlinesOf(order: DeadlineFacts, deadlineDays: number, now: Date): OrderDeadlines {
  const today = warsawDay(now);
  const paymentDue = order.status === "awaiting_payment" ? paymentDueDay(order, deadlineDays) : null;
  const dispatchDue = order.status === "paid" ? dispatchDueDay(order) : null;
  return {
    paymentDue,
    paymentOverdue: paymentDue !== null && paymentDue < today,
    dispatchDue,
    dispatchOverdue: dispatchDue !== null && dispatchDue < today,
  };
}

/** The first instant of a Warsaw calendar day, as ISO text comparable with the stored timestamps. */
export function warsawDayStart(isoDay: string): string {
  // Warsaw is UTC+1 or UTC+2: its midnight is 22:00 or 23:00 UTC of the day before.
  const previous = new Date(new Date(`${isoDay}T00:00:00Z`).getTime() - 2 * 3600_000);
  return warsawDay(previous) === isoDay ? previous.toISOString() : new Date(previous.getTime() + 3600_000).toISOString();
}
