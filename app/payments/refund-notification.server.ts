import { auditOrder } from "~/order/lifecycle/order-events.server";
import { SYSTEM_ACTOR } from "~/order/lifecycle/order-transitions.server";
import type { AppDatabase } from "~/db/db.server";
import { enqueueAgain } from "~/outbox/outbox.server";
import type { PaymentGateway } from "./gateway";
import type { NotificationAnswer } from "./notification.server";
import { log } from "~/log/log.server";

/**
 * A refund notification (the refund's urlStatus), in Przelewy24's own shape: checked before
 * anything changes, its signature (in constant time) and merchant, then the refund it names
 * against ours (session, refundsUuid, the gateway's order id, amount and currency). A completed
 * refund is marked so; a rejected one puts the money back on our side: the payment is paid
 * again (its refund form returns), the order no longer says it was refunded, the audit trail says
 * why, and the operator gets an e-mail to act on it. A repeat answers 200 and changes nothing.
 */
export async function handleRefundNotification(
  db: AppDatabase,
  gateway: PaymentGateway,
  body: unknown,
  now: Date,
): Promise<NotificationAnswer> {
  const notification = gateway.readRefundNotification(body);
  if (!notification) {
    log.warn("refund notification refused: bad signature or shape");
    return { status: 400, outcome: "bad-signature" };
  }
  const payment = await db.selectFrom("payments").selectAll().where("session_id", "=", notification.sessionId).executeTakeFirst();
  const ids = `session ${notification.sessionId}, refund ${notification.refundsUuid}${payment ? `, payment ${payment.id}, order ${payment.order_id}` : ""}`;
  if (
    !payment ||
    payment.refund_uuid !== notification.refundsUuid ||
    payment.gateway_order_id !== notification.gatewayOrderId ||
    payment.amount_grosze !== notification.amountGrosze ||
    payment.currency !== notification.currency
  ) {
    log.warn(`refund notification refused: no such refund (${ids})`);
    return { status: 400, outcome: "unknown" };
  }
  if (payment.refund_status !== "requested") return { status: 200, outcome: "already-settled" };
  const at = now.toISOString();
  if (notification.completed) {
    await db
      .updateTable("payments")
      .set({ refund_status: "completed", refund_settled_at: at, updated_at: at })
      .where("id", "=", payment.id)
      .where("refund_uuid", "=", notification.refundsUuid)
      .where("refund_status", "=", "requested")
      .execute();
    log.info(`refund completed (${ids})`);
    return { status: 200, outcome: "refund-completed" };
  }
  await db.transaction().execute(async (trx) => {
    const reopened = await trx
      .updateTable("payments")
      .set({ state: "paid", refund_status: "rejected", refund_settled_at: at, updated_at: at })
      .where("id", "=", payment.id)
      .where("refund_uuid", "=", notification.refundsUuid)
      .where("refund_status", "=", "requested")
      .executeTakeFirst();
    if (Number(reopened.numUpdatedRows) !== 1) return;
    const order = await trx.selectFrom("orders").select(["id", "status"]).where("id", "=", payment.order_id).executeTakeFirstOrThrow();
    await trx
      .updateTable("orders")
      .set({ refunded_grosze: null, refunded_at: null, updated_at: at })
      .where("id", "=", order.id)
      .where("refunded_at", "=", payment.refunded_at)
      .execute();
    await auditOrder(trx, order, SYSTEM_ACTOR, { action: "refund_rejected", refundedGrosze: payment.amount_grosze }, now);
    await enqueueAgain(trx, order.id, "operator_refund_rejected", now, { refundedGrosze: payment.amount_grosze });
  });
  log.warn(`refund rejected by the gateway, the money is still ours: needs an operator (${ids})`);
  return { status: 200, outcome: "refund-rejected" };
}
