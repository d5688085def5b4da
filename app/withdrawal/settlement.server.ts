import { CANCEL_REASON_LABEL } from "~/order/lifecycle/cancel-reasons";
import { applyTransitionIn, type CancelReason } from "~/order/lifecycle/order-transitions.server";
import type { AppDatabase } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import { orderInvoicing } from "~/invoices/order-invoicing.server";
import type { PaymentGateway } from "~/payments/gateway";
import { refundHeldOnline } from "~/payments/refund.server";
import { mayKeepAnAmount, paidGrosze, rightHadExpired, type Decision, type DecisionFacts } from "./decision";
import { DECISION_COLUMNS, recordWithdrawalDecisionIn } from "./decision.server";
import { log } from "~/log/log.server";

/** The reason a settled withdrawal's cancellation gives: the customer reads it in their language by its code. */
export const WITHDRAWAL_CANCEL: CancelReason = { reason: CANCEL_REASON_LABEL.withdrawal, reasonCode: "withdrawal" };

/** The statuses a settlement closes: the order has not gone out yet. A dispatched or cancelled one keeps the separate forms. */
export const SETTLED_FROM: readonly OrderStatus[] = ["awaiting_payment", "paid"];

/**
 * What the operator decides in one form: the refund in full or less an amount for the work done (art. 35),
 * and, for money that came by transfer, whether the transfer back was sent already or is still due.
 */
export type Settlement = {
  decision: Exclude<Decision, { decision: "expired" }>;
  transferRefund: "sent" | "due" | null;
};

export type SettlementOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" | "not-settleable" | "already-decided" | "not-allowed" | "no-gateway" }
  | { ok: false; reason: "refund-refused" | "refund-unavailable" };

/** Thrown inside the transaction so that the decision is not kept without the cancellation. */
class NotMoved extends Error {}

/**
 * Settles a withdrawal in one step (docs/decisions/058): the decision, the money and the closing.
 * - Money held online goes back through Przelewy24 (the payment less any amount kept); once the gateway
 *   takes it, one transaction records the decision and cancels the order (refundPayment).
 * - Money paid by transfer is recorded as returned (the operator sent it) or as due back, in the same
 *   transaction as the decision and the cancellation.
 * - An unpaid order is cancelled with the decision; nothing is said of a refund.
 * The cancellation gives the withdrawal as its reason, in the customer's language.
 */
export async function settleWithdrawal(
  db: AppDatabase,
  gateway: PaymentGateway | null,
  orderId: number,
  settlement: Settlement,
  operator: string,
  now: Date,
  refundUrlStatus?: string,
): Promise<SettlementOutcome> {
  const order = await db
    .selectFrom("orders")
    .select([...DECISION_COLUMNS, "refunded_at"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return { ok: false, reason: "not-found" };
  if (!order.withdrawn_at || !SETTLED_FROM.includes(order.status)) return { ok: false, reason: "not-settleable" };
  if (order.withdrawal_decision) return { ok: false, reason: "already-decided" };
  const facts: DecisionFacts = order;
  const { decision } = settlement;
  if (rightHadExpired(facts) || (decision.decision === "partial" && !mayKeepAnAmount(facts))) return { ok: false, reason: "not-allowed" };
  const refundGrosze =
    order.paid_at && !order.refunded_at ? paidGrosze(facts) - (decision.decision === "partial" ? decision.retainedGrosze : 0) : 0;

  const refunded = await refundHeldOnline(
    db,
    gateway,
    {
      orderId,
      cancel: WITHDRAWAL_CANCEL,
      note: null,
      operator,
      amountGrosze: refundGrosze,
      recordWith: async (trx, paymentId) => {
        const decided = await recordWithdrawalDecisionIn(trx, orderId, decision, operator, now);
        if (!decided.ok)
          log.warn(`payment ${paymentId} refunded, but the withdrawal decision of order ${orderId} was not recorded: ${decided.reason}`);
      },
    },
    now,
    refundUrlStatus,
  );
  if (refunded) return refunded;

  const money =
    refundGrosze <= 0
      ? {}
      : settlement.transferRefund === "sent"
        ? { refundedGrosze: refundGrosze, refundedBy: "transfer" as const }
        : { refundDueGrosze: refundGrosze };
  try {
    return await db.transaction().execute(async (trx): Promise<SettlementOutcome> => {
      const decided = await recordWithdrawalDecisionIn(trx, orderId, decision, operator, now);
      if (!decided.ok) return { ok: false, reason: decided.reason === "already-decided" ? "already-decided" : "not-allowed" };
      const moved = await applyTransitionIn(
        trx,
        orderId,
        { transition: "cancel", ...WITHDRAWAL_CANCEL, ...money },
        operator,
        now,
        orderInvoicing,
      );
      if (!moved.ok) throw new NotMoved();
      return { ok: true };
    });
  } catch (error) {
    if (error instanceof NotMoved) return { ok: false, reason: "not-allowed" };
    throw error;
  }
}
