import type { AppDatabase } from "~/db/db.server";
import { auditOrder } from "~/order/lifecycle/order-events.server";

/** What the operator read off the carrier's proof of delivery: when, and which proof (its kind and number). */
export type DeliveryProof = { deliveredAt: Date; source: string };

export type DeliveryOutcome =
  { ok: true } | { ok: false; reason: "not-found" | "not-dispatched" | "already-delivered" | "before-dispatch" | "future" };

/**
 * The operator records when the declaration was delivered, from the carrier's own proof (a courier
 * without InPost's status, a returned acknowledgement of receipt): the order's `delivered_at`, as InPost's
 * "delivered" sets it, and an audit row that keeps the proof it was taken from (docs/decisions/063).
 * The right of withdrawal after an early start ends on delivery, never on dispatch (decision.ts), so
 * this is what lets the operator answer "the right had expired" for a parcel InPost does not report.
 * Recorded once, and only between the dispatch and now.
 */
export async function recordDeliveryFromProof(
  db: AppDatabase,
  orderId: number,
  proof: DeliveryProof,
  operator: string,
  now: Date,
): Promise<DeliveryOutcome> {
  const deliveredAt = proof.deliveredAt.toISOString();
  if (proof.deliveredAt.getTime() > now.getTime()) return { ok: false, reason: "future" };
  return db.transaction().execute(async (trx): Promise<DeliveryOutcome> => {
    const order = await trx
      .selectFrom("orders")
      .select(["status", "dispatched_at", "delivered_at"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" };
    if (order.delivered_at) return { ok: false, reason: "already-delivered" };
    if (!order.dispatched_at) return { ok: false, reason: "not-dispatched" };
    if (deliveredAt < order.dispatched_at) return { ok: false, reason: "before-dispatch" };
    const updated = await trx
      .updateTable("orders")
      .set({ delivered_at: deliveredAt, updated_at: now.toISOString() })
      .where("id", "=", orderId)
      .where("delivered_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "already-delivered" };
    await auditOrder(
      trx,
      { id: orderId, status: order.status },
      operator,
      { action: "delivery_recorded", deliveredAt, deliverySource: proof.source },
      now,
    );
    return { ok: true };
  });
}
