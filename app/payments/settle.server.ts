import { applyTransitionIn, SYSTEM_ACTOR } from "~/order/lifecycle/order-transitions.server";
import type { AppDatabase } from "~/db/db.server";
import type { PaymentRow } from "~/db/schema";
import { orderInvoicing } from "~/invoices/order-invoicing.server";
import { GatewayRefusedError, GatewayUnavailableError, type GatewayTransaction, type PaymentGateway } from "./gateway";
import { log } from "~/log/log.server";
import { enqueueAgain } from "~/outbox/outbox.server";
import { settleChargeIn } from "~/order/replacement-charge.server";

/**
 * The one way a payment becomes paid (docs/decisions/028): the gateway's word is checked
 * against our payment row (amount, currency), confirmed with transaction/verify, and only then
 * applied in one transaction. Both a notification and a recovery check come through here.
 */
export type SettleOutcome = "paid" | "already-paid" | "unknown" | "mismatch" | "refused" | "unavailable";

type GatewayFacts = { sessionId: string; gatewayOrderId: string; amountGrosze: number; currency: string; methodId: number | null };

export async function settleVerified(
  db: AppDatabase,
  gateway: PaymentGateway,
  facts: GatewayFacts,
  now: Date,
): Promise<{ outcome: SettleOutcome; payment?: PaymentRow }> {
  const payment = await db.selectFrom("payments").selectAll().where("session_id", "=", facts.sessionId).executeTakeFirst();
  if (!payment) return { outcome: "unknown" };
  // A replacement's payment is checked against its charge's price (docs/decisions/094), any other against the order's.
  const owed =
    payment.replacement_charge_id === null
      ? await db.selectFrom("orders").select(["price_grosze", "currency"]).where("id", "=", payment.order_id).executeTakeFirstOrThrow()
      : await db
          .selectFrom("replacement_charges")
          .select(["price_grosze", "currency"])
          .where("id", "=", payment.replacement_charge_id)
          .executeTakeFirstOrThrow();
  const sameMoney = facts.amountGrosze === payment.amount_grosze && facts.currency === payment.currency;
  if (!sameMoney || payment.amount_grosze !== owed.price_grosze || payment.currency !== owed.currency)
    return { outcome: "mismatch", payment };
  if (payment.state === "paid" || payment.state === "refunded") return { outcome: "already-paid", payment };
  try {
    await gateway.verify({
      sessionId: facts.sessionId,
      gatewayOrderId: facts.gatewayOrderId,
      amountGrosze: facts.amountGrosze,
      currency: facts.currency,
    });
  } catch (error) {
    if (error instanceof GatewayRefusedError) return { outcome: "refused", payment };
    if (error instanceof GatewayUnavailableError) return { outcome: "unavailable", payment };
    throw error;
  }
  const applied = await recordPaid(db, payment, facts, now);
  return { outcome: applied ? "paid" : "already-paid", payment };
}

/**
 * ONE transaction: the payment row, the order's move to paid through the back office's own
 * transition (its audit row and the customer's "paid" e-mail) or, for a replacement's payment,
 * the replacement issued (docs/decisions/094), and any other attempt of the order closed. The
 * payment's state is the guard: a second notification finds it paid and changes nothing. Returns whether this call applied it.
 */
async function recordPaid(db: AppDatabase, payment: PaymentRow, facts: GatewayFacts, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("payments")
      .set({
        state: "paid",
        paid_at: at,
        updated_at: at,
        gateway_order_id: facts.gatewayOrderId,
        gateway_method_id: facts.methodId,
        failure: null,
      })
      .where("id", "=", payment.id)
      .where("state", "in", ["registered", "pending", "failed"])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable("payments")
      .set({ state: "failed", failure: "superseded" satisfies AttemptFailure, updated_at: at })
      .where("order_id", "=", payment.order_id)
      .where("id", "!=", payment.id)
      .where("state", "in", ["registered", "pending"])
      .execute();
    const chargeId = payment.replacement_charge_id;
    // A replacement's payment issues the replacement; the order's own status and payment are not its business.
    if (chargeId !== null) {
      await settleChargeIn(trx, { ...payment, replacement_charge_id: chargeId }, facts.gatewayOrderId, now);
      return true;
    }
    const moved = await applyTransitionIn(
      trx,
      payment.order_id,
      {
        transition: "mark_paid",
        paidAt: at,
        paidOnline: payment.gateway,
        paymentMethod: payment.method,
        gatewayOrderId: facts.gatewayOrderId,
      },
      SYSTEM_ACTOR,
      now,
      orderInvoicing,
    );
    // The money is ours either way. An order no longer awaiting payment (withdrawn and cancelled, cancelled, or paid
    // already) is the operator's to refund, and they are told; each such payment tells them again.
    if (!moved.ok) {
      log.warn(`payment ${payment.id} paid for order ${payment.order_id} in status ${moved.current ?? "unknown"}: needs an operator`);
      await enqueueAgain(trx, payment.order_id, "operator_payment_to_return", now, { receivedGrosze: payment.amount_grosze });
    } else if (!(await withdrawnIn(trx, payment.order_id))) {
      // The operator hears of each online payment at once, since the promise counts from it (docs/decisions/060). Money
      // for a withdrawn order is flagged to be returned by the transition instead (docs/decisions/058).
      await enqueueAgain(trx, payment.order_id, "operator_payment_received", now, { paidAt: at, paymentMethod: payment.method });
    }
    return true;
  });
}

async function withdrawnIn(trx: AppDatabase, orderId: number): Promise<boolean> {
  const order = await trx.selectFrom("orders").select("withdrawn_at").where("id", "=", orderId).executeTakeFirst();
  return Boolean(order?.withdrawn_at);
}

/** Asks the gateway what it knows of a session: transaction/by/sessionId, or a shared answer to it (lookup.server.ts). */
export type TransactionLookup = (sessionId: string) => Promise<GatewayTransaction | null>;

/**
 * Asks the gateway about one attempt, for a notification that may have been lost (the site was
 * down while Przelewy24 retried) or a payment that came after we closed the attempt. A paid one
 * goes through the verified path; a BLIK attempt the gateway has not seen paid after its code's
 * lifetime is closed as failed.
 */
export async function recheckPayment(
  db: AppDatabase,
  gateway: PaymentGateway,
  payment: PaymentRow,
  now: Date,
  closeIfUnpaid: boolean,
  lookup: TransactionLookup = (sessionId) => gateway.transactionBySessionId(sessionId),
): Promise<SettleOutcome | "unpaid"> {
  let transaction;
  try {
    transaction = await lookup(payment.session_id);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return "unavailable";
    throw error;
  }
  if (transaction?.paid && transaction.gatewayOrderId) {
    const { outcome } = await settleVerified(
      db,
      gateway,
      { sessionId: payment.session_id, ...transaction, gatewayOrderId: transaction.gatewayOrderId },
      now,
    );
    return outcome;
  }
  if (closeIfUnpaid) await closeAttempt(db, payment.id, "not-paid", now);
  return "unpaid";
}

/**
 * Why an attempt was closed (payments.failure). The first three close it without the gateway's word
 * that nothing will be paid: the money may still come (a bank that confirms late, an answer lost on
 * the way), so recovery asks about each of them once more (recovery.server.ts).
 */
export type AttemptFailure = "blik-code-refused" | "gateway-unavailable" | "returned-unpaid" | "not-paid" | "superseded";
export const CLOSED_WITHOUT_GATEWAY_WORD: readonly AttemptFailure[] = ["blik-code-refused", "gateway-unavailable", "returned-unpaid"];

/** Ends an attempt that is still in progress; an attempt already settled is left as it is. */
export async function closeAttempt(db: AppDatabase, paymentId: number, failure: AttemptFailure, now: Date): Promise<void> {
  await db
    .updateTable("payments")
    .set({ state: "failed", failure, updated_at: now.toISOString() })
    .where("id", "=", paymentId)
    .where("state", "in", ["registered", "pending"])
    .execute();
}
