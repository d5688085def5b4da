import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";

/*
 * The refund's ceiling: after a withdrawal whose decision kept an amount for work done (art. 35,
 * app/withdrawal/), a refund gives back at most the rest. The decision is stored on the order, so
 * payments, the back office and the customer's page read the ceiling here.
 */

/**
 * Money the order holds: a payment taken online and not given back (cancelling refunds it), or a
 * transfer booked and not yet returned (cancelling records it as due back), in grosze.
 */
export type MoneyHeld = { online: number | null; byTransfer: number | null };

/** What goes back after an art. 35 decision: the payment less the amount kept for work done. */
export type RefundAfterDecision = { paidGrosze: number; retainedGrosze: number; refundGrosze: number };

/**
 * The most a refund may give back on an order whose withdrawal kept an amount for work done (art. 35),
 * while the money is not yet returned. Null when the whole payment goes back (no decision, or a full one).
 */
export function refundAfterDecision(
  order: Pick<OrderRow, "withdrawal_decision" | "withdrawal_retained_grosze" | "received_grosze" | "price_grosze" | "refunded_at">,
): RefundAfterDecision | null {
  if (order.withdrawal_decision !== "partial" || !order.withdrawal_retained_grosze || order.refunded_at) return null;
  const paid = order.received_grosze ?? order.price_grosze;
  return {
    paidGrosze: paid,
    retainedGrosze: order.withdrawal_retained_grosze,
    refundGrosze: Math.max(0, paid - order.withdrawal_retained_grosze),
  };
}

/** The order's refund ceiling after an art. 35 decision (null when the whole payment goes back, or no such order). */
export async function refundAfterDecisionOf(db: AppDatabase, orderId: number): Promise<RefundAfterDecision | null> {
  const order = await db
    .selectFrom("orders")
    .select(["withdrawal_decision", "withdrawal_retained_grosze", "received_grosze", "price_grosze", "refunded_at"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  return order ? refundAfterDecision(order) : null;
}
