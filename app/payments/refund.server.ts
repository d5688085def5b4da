import { randomBytes, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { addNoteIn, recordRefundIn } from "~/order/lifecycle/corrections.server";
import { applyTransition, applyTransitionIn, type CancelReason } from "~/order/lifecycle/order-transitions.server";
import { refundAfterDecision } from "~/order/lifecycle/refund-ceiling.server";
import { targetStatus } from "~/order/lifecycle/transitions";
import { env } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import type { Database, OrderStatus } from "~/db/schema";
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway } from "./gateway";
import { P24_REFUND_NOTIFICATION_PATH } from "~/server/provider-paths";
import { orderInvoicing } from "~/invoices/order-invoicing.server";
import { log } from "~/log/log.server";

export type RefundOutcome = "refunded" | "not-refundable" | "refused" | "unavailable";

/** An order holds money it may give back while it is paid (not yet dispatched) or once it is cancelled. */
const REFUNDABLE_ORDER: readonly OrderStatus[] = ["paid", "cancelled"];

/** Przelewy24 shows a refund's description on the transfer back and takes at most 35 characters. */
const REFUND_DESCRIPTION_MAX = 35;

export type RefundInput = {
  orderId: number;
  paymentId: number;
  /** Why, for the customer; needed only when the refund cancels a paid order. */
  cancel: CancelReason | null;
  /** The operator's internal note: kept with the order's notes, never sent. */
  note: string | null;
  operator: string;
  /** How much goes back; by default the payment, less what a withdrawal decision kept for work done (art. 35). */
  amountGrosze?: number;
  /**
   * What the caller records in the refund's own transaction, once the gateway took the refund: the
   * withdrawal's settlement hands in the recording of its decision (app/withdrawal/settlement.server.ts).
   */
  recordWith?: (trx: Transaction<Database>, paymentId: number) => Promise<void>;
};

/**
 * Gives an online payment back through the gateway, in full unless the customer's withdrawal kept an
 * amount for work done (art. 35): then never more than the rest (docs/decisions/028 and 040); its result
 * comes to `urlStatus`, the refund notification route. The
 * payment is claimed first (paid -> refunded, with the refundsUuid its notification will carry),
 * so two operators cannot send two refunds; a refusal by the gateway hands it back as it was.
 * Then ONE transaction records the refund and either cancels a paid order through the back
 * office's cancel transition (its e-mail then says the money was returned, with the reason), or,
 * for an order already cancelled, records the refund on it (and the customer's e-mail about it).
 * The gateway's refund notification later says whether the refund was completed or rejected.
 */
export async function refundPayment(
  db: AppDatabase,
  gateway: PaymentGateway,
  input: RefundInput,
  now: Date,
  urlStatus = `${env.SITE_URL}${P24_REFUND_NOTIFICATION_PATH}`,
): Promise<RefundOutcome> {
  const payment = await db
    .selectFrom("payments")
    .selectAll()
    .where("id", "=", input.paymentId)
    .where("order_id", "=", input.orderId)
    // The order's own price only: a replacement's payment is not under the order's refund ceiling (docs/decisions/094).
    .where("replacement_charge_id", "is", null)
    .executeTakeFirst();
  const order = await db
    .selectFrom("orders")
    .select(["status", "withdrawal_decision", "withdrawal_retained_grosze", "received_grosze", "price_grosze", "refunded_at"])
    .where("id", "=", input.orderId)
    .executeTakeFirst();
  if (!payment || !payment.gateway_order_id || payment.state !== "paid" || !order || !REFUNDABLE_ORDER.includes(order.status))
    return "not-refundable";
  if (order.status === "paid" && !input.cancel) return "not-refundable";
  const most = Math.min(payment.amount_grosze, refundAfterDecision(order)?.refundGrosze ?? payment.amount_grosze);
  const refundedGrosze = input.amountGrosze ?? most;
  if (refundedGrosze <= 0 || refundedGrosze > most) return "not-refundable";
  const at = now.toISOString();
  const refundsUuid = randomBytes(16).toString("hex");
  const claimed = await db
    .updateTable("payments")
    .set({ state: "refunded", refund_uuid: refundsUuid, refund_status: "requested", refund_settled_at: null, updated_at: at })
    .where("id", "=", payment.id)
    .where("state", "=", "paid")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return "not-refundable";

  let accepted = false;
  let outcome: RefundOutcome = "refused";
  try {
    await gateway.refund({
      requestId: randomUUID(),
      refundsUuid,
      sessionId: payment.session_id,
      gatewayOrderId: payment.gateway_order_id,
      amountGrosze: refundedGrosze,
      currency: payment.currency,
      description: `Zwrot ${payment.session_id}`.slice(0, REFUND_DESCRIPTION_MAX),
      urlStatus,
    });
    accepted = true;
  } catch (error) {
    if (error instanceof GatewayUnavailableError) outcome = "unavailable";
    else if (!(error instanceof GatewayRefusedError)) throw error;
  }
  if (!accepted) {
    // Back as it was, an earlier rejected refund's flag included.
    await db
      .updateTable("payments")
      .set({
        state: "paid",
        refund_uuid: payment.refund_uuid,
        refund_status: payment.refund_status,
        refund_settled_at: payment.refund_settled_at,
        updated_at: at,
      })
      .where("id", "=", payment.id)
      .where("refund_uuid", "=", refundsUuid)
      .execute();
    log.warn(`refund of payment ${payment.id} (order ${payment.order_id}) not done: ${outcome}`);
    return outcome;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("payments")
      .set({ refunded_at: at, refund_reason: input.cancel?.reason ?? null, updated_at: at })
      .where("id", "=", payment.id)
      .execute();
    if (input.recordWith) await input.recordWith(trx, payment.id);
    const current = await trx.selectFrom("orders").select(["id", "status"]).where("id", "=", input.orderId).executeTakeFirstOrThrow();
    if (current.status === "paid" && input.cancel) {
      const moved = await applyTransitionIn(
        trx,
        current.id,
        { transition: "cancel", ...input.cancel, refundedGrosze },
        input.operator,
        now,
        orderInvoicing,
      );
      if (!moved.ok) log.warn(`payment ${payment.id} refunded, but order ${current.id} is ${moved.current ?? "gone"}: not cancelled`);
    } else {
      const recorded = await recordRefundIn(
        trx,
        current,
        refundedGrosze,
        { paidOnline: payment.gateway },
        input.operator,
        now,
        orderInvoicing,
      );
      if (!recorded) log.warn(`payment ${payment.id} refunded, but order ${current.id} already records a refund: not recorded twice`);
    }
    if (input.note) await addNoteIn(trx, current.id, input.note, input.operator, now);
  });
  return "refunded";
}

/**
 * Gives back the online payment an order holds, cancelling a paid order in the same step (refundPayment);
 * null when it holds none, so that the caller settles money paid by transfer, or none, itself.
 */
export async function refundHeldOnline(
  db: AppDatabase,
  gateway: PaymentGateway | null,
  input: Omit<RefundInput, "paymentId">,
  now: Date,
  refundUrlStatus?: string,
): Promise<{ ok: true } | { ok: false; reason: "no-gateway" | "not-allowed" | "refund-refused" | "refund-unavailable" } | null> {
  const held = await db
    .selectFrom("payments")
    .select("id")
    .where("order_id", "=", input.orderId)
    .where("state", "=", "paid")
    .where("replacement_charge_id", "is", null)
    .executeTakeFirst();
  if (!held) return null;
  if (!gateway) return { ok: false, reason: "no-gateway" };
  const outcome = await refundPayment(db, gateway, { ...input, paymentId: held.id }, now, refundUrlStatus);
  if (outcome === "refunded") return { ok: true };
  if (outcome === "not-refundable") return { ok: false, reason: "not-allowed" };
  return { ok: false, reason: outcome === "refused" ? "refund-refused" : "refund-unavailable" };
}

export type CancelOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" | "not-allowed"; current?: OrderStatus }
  | { ok: false; reason: "refund-refused" | "refund-unavailable" | "no-gateway" };

/**
 * Cancels an order, never keeping money it holds: a payment taken online is refunded in the same
 * step (and the order is cancelled only when the gateway takes the refund); money paid by transfer
 * is recorded as due back, for the operator to send and then record. Otherwise nothing changes.
 * After a withdrawal that kept an amount for work done (art. 35), what goes back is the rest, or
 * the smaller `refundGrosze` the operator typed.
 */
export async function cancelOrder(
  db: AppDatabase,
  gateway: PaymentGateway | null,
  orderId: number,
  cancel: CancelReason & { refundGrosze?: number },
  operator: string,
  now: Date,
  refundUrlStatus?: string,
): Promise<CancelOutcome> {
  const { refundGrosze, ...reason } = cancel;
  const order = await db
    .selectFrom("orders")
    .select(["status", "paid_at", "refunded_at", "received_grosze", "price_grosze", "withdrawal_decision", "withdrawal_retained_grosze"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return { ok: false, reason: "not-found" };
  if (!targetStatus("cancel", order.status)) return { ok: false, reason: "not-allowed", current: order.status };
  const refunded = await refundHeldOnline(
    db,
    gateway,
    { orderId, cancel: reason, note: null, operator, amountGrosze: refundGrosze },
    now,
    refundUrlStatus,
  );
  if (refunded) return refunded.ok || refunded.reason !== "not-allowed" ? refunded : { ...refunded, current: order.status };
  const due =
    order.paid_at && !order.refunded_at
      ? { refundDueGrosze: refundGrosze ?? refundAfterDecision(order)?.refundGrosze ?? order.received_grosze ?? order.price_grosze }
      : {};
  const moved = await applyTransition(db, orderId, { transition: "cancel", ...reason, ...due }, operator, now, orderInvoicing);
  return moved.ok ? { ok: true } : moved;
}
