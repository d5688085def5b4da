import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { enqueueMessages } from "~/outbox/outbox.server";
import { auditOrder } from "~/order/lifecycle/order-events.server";
import { rightHadExpired, type Decision, type DecisionFacts } from "./decision";

/** What a decision on a withdrawn order is read from: its status, whether it was decided, and the facts it depends on (decision.ts). */
export const DECISION_COLUMNS = [
  "status",
  "withdrawn_at",
  "withdrawal_decision",
  "immediate_performance_consent_at",
  "paid_at",
  "dispatched_at",
  "delivered_at",
  "price_grosze",
  "received_grosze",
] as const;

export type DecisionOutcome = { ok: true } | { ok: false; reason: "not-found" | "not-withdrawn" | "already-decided" | "not-allowed" };

/**
 * Records the operator's decision on a withdrawn order in one transaction: the decision on the order,
 * an audit row, and, when the right had expired, the standard answer to the customer in their language
 * (the statement itself stays recorded). Decided once. The settlement form (settlement.server.ts) records
 * it together with the refund and the cancellation; the existing refund and cancellation forms remain for
 * an order that is past them (dispatched, or cancelled before).
 */
export async function recordWithdrawalDecision(
  db: AppDatabase,
  orderId: number,
  decision: Decision,
  operator: string,
  now: Date,
): Promise<DecisionOutcome> {
  return db.transaction().execute((trx) => recordWithdrawalDecisionIn(trx, orderId, decision, operator, now));
}

/** The same, inside the caller's transaction (a settlement's refund and cancellation). */
export async function recordWithdrawalDecisionIn(
  trx: Transaction<Database>,
  orderId: number,
  decision: Decision,
  operator: string,
  now: Date,
): Promise<DecisionOutcome> {
  const order = await trx.selectFrom("orders").select(DECISION_COLUMNS).where("id", "=", orderId).executeTakeFirst();
  if (!order) return { ok: false, reason: "not-found" };
  if (!order.withdrawn_at) return { ok: false, reason: "not-withdrawn" };
  if (order.withdrawal_decision) return { ok: false, reason: "already-decided" };
  if ((decision.decision === "expired") !== rightHadExpired(order as DecisionFacts)) return { ok: false, reason: "not-allowed" };
  const at = now.toISOString();
  const updated = await trx
    .updateTable("orders")
    .set({
      withdrawal_decision: decision.decision,
      withdrawal_retained_grosze: decision.decision === "partial" ? decision.retainedGrosze : null,
      withdrawal_decision_reason: decision.decision === "partial" ? decision.reason.text : null,
      withdrawal_decision_reason_code: decision.decision === "partial" ? decision.reason.code : null,
      updated_at: at,
    })
    .where("id", "=", orderId)
    .where("withdrawal_decision", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "already-decided" };
  await auditOrder(
    trx,
    { id: orderId, status: order.status },
    operator,
    {
      action: "withdrawal_decision",
      decision: decision.decision,
      ...(decision.decision === "partial"
        ? {
            retainedGrosze: decision.retainedGrosze,
            ...(decision.reason.code ? { reasonCode: decision.reason.code } : { reason: decision.reason.text }),
          }
        : {}),
    },
    now,
  );
  if (decision.decision === "expired") await enqueueMessages(trx, orderId, ["withdrawal_expired"], now);
  return { ok: true };
}
