import { randomUUID } from "node:crypto";
import { applyTransitionIn } from "~/admin/order-transitions.server";
import { env } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import { GatewayUnavailableError, type PaymentGateway } from "./gateway";
import { P24_NOTIFICATION_PATH } from "./paths";

export type RefundOutcome = "refunded" | "not-refundable" | "refused" | "unavailable";

/**
 * Gives an online payment back in full, through the gateway, and cancels the order with the
 * operator's reason (docs/decisions/028): a full refund means the service is not performed. The
 * payment is claimed first (paid -> refunded), so two operators cannot send two refunds; a
 * refusal by the gateway hands it back. Then ONE transaction records the refund and moves the
 * order through the back office's cancel transition (its audit row and the customer's e-mail).
 */
export async function refundPayment(
  db: AppDatabase,
  gateway: PaymentGateway,
  input: { orderId: number; paymentId: number; reason: string; operator: string },
  now: Date,
): Promise<RefundOutcome> {
  const payment = await db
    .selectFrom("payments")
    .selectAll()
    .where("id", "=", input.paymentId)
    .where("order_id", "=", input.orderId)
    .executeTakeFirst();
  const order = await db.selectFrom("orders").select("status").where("id", "=", input.orderId).executeTakeFirst();
  if (!payment || !payment.gateway_order_id || payment.state !== "paid" || order?.status !== "paid") return "not-refundable";
  const at = now.toISOString();
  const claimed = await db
    .updateTable("payments")
    .set({ state: "refunded", updated_at: at })
    .where("id", "=", payment.id)
    .where("state", "=", "paid")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return "not-refundable";

  let accepted = false;
  let outcome: RefundOutcome = "refused";
  try {
    accepted = await gateway.refund({
      requestId: randomUUID(),
      sessionId: payment.session_id,
      gatewayOrderId: payment.gateway_order_id,
      amountGrosze: payment.amount_grosze,
      currency: payment.currency,
      description: `Zwrot ${payment.session_id.slice(0, 30)}`,
      urlStatus: `${env.SITE_URL}${P24_NOTIFICATION_PATH}`,
    });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    outcome = "unavailable";
  }
  if (!accepted) {
    await db
      .updateTable("payments")
      .set({ state: "paid", updated_at: at })
      .where("id", "=", payment.id)
      .where("state", "=", "refunded")
      .execute();
    console.warn(`refund of payment ${payment.id} (order ${payment.order_id}) not done: ${outcome}`);
    return outcome;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("payments")
      .set({ refunded_at: at, refund_reason: input.reason, updated_at: at })
      .where("id", "=", payment.id)
      .execute();
    const moved = await applyTransitionIn(
      trx,
      input.orderId,
      { transition: "cancel", reason: input.reason, refundedGrosze: payment.amount_grosze },
      input.operator,
      now,
    );
    if (!moved.ok) console.warn(`payment ${payment.id} refunded, but order ${input.orderId} is ${moved.current ?? "gone"}: not cancelled`);
  });
  return "refunded";
}
