import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { recordWithdrawalDecision } from "~/withdrawal/decision.server";
import { recordWithdrawal } from "~/withdrawal/withdrawal.server";

type WithdrawingOrder = Pick<OrderRow, "id" | "number" | "tenant_name" | "email" | "payment_token" | "locale">;

/** The customer's statement through the order's own link at `at`, as the withdrawal page records it. */
export async function withdrawThroughLink(db: AppDatabase, order: WithdrawingOrder, at: Date): Promise<void> {
  await recordWithdrawal(db, {
    values: { name: order.tenant_name, reference: order.number, email: order.email },
    statement: "Odstępuję od umowy.",
    locale: order.locale,
    token: order.payment_token,
    now: at,
  });
}

/**
 * The customer withdraws through the order's own link at `at`, after asking for an early start, and
 * the operator keeps `retainedGrosze` for the work done (art. 35), as the back office's decision form does.
 */
export async function withdrawnKeeping(db: AppDatabase, order: WithdrawingOrder, retainedGrosze: number, at: Date): Promise<void> {
  await withdrawThroughLink(db, order, at);
  const decided = await recordWithdrawalDecision(
    db,
    order.id,
    { decision: "partial", retainedGrosze, reason: { code: null, text: "Oświadczenie było już przygotowane do podpisu" } },
    "op@example.com",
    at,
  );
  if (!decided.ok) throw new Error(`the decision was refused: ${decided.reason}`);
}
