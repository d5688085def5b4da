import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { formatPrice } from "~/config/products";
import { mayKeepAnAmount, paidGrosze, readDecision, rightHadExpired } from "~/withdrawal/decision";
import { recordWithdrawalDecision } from "~/withdrawal/decision.server";
import { WITHDRAWAL_TEXT } from "./texts";

const TEXT = WITHDRAWAL_TEXT.decision;

/** The order page's view of the decision (null when the order is not withdrawn). */
export function decisionViewOf(order: OrderRow) {
  if (!order.withdrawn_at) return null;
  return {
    decided: order.withdrawal_decision
      ? {
          decision: order.withdrawal_decision,
          retainedGrosze: order.withdrawal_retained_grosze,
          reason: order.withdrawal_decision_reason,
        }
      : null,
    expired: rightHadExpired(order),
    mayKeepAnAmount: mayKeepAnAmount(order),
    paidGrosze: paidGrosze(order),
  };
}

/** The decision form posted from the order page: recorded, or refused with the values kept (400) or the reason (409). */
export async function decisionFromForm(
  db: AppDatabase,
  order: OrderRow,
  form: FormData,
  operator: string,
  now: Date,
): Promise<{ ok: true } | { ok: false; status: 400 | 409; errors: Record<string, string>; values: Record<string, string> }> {
  const read = readDecision(
    {
      decision: String(form.get("decision") ?? ""),
      retained: String(form.get("retained") ?? ""),
      reason: String(form.get("reason") ?? ""),
    },
    order,
    TEXT.errors,
    (grosze) => formatPrice(grosze, "pl"),
  );
  if (!read.ok) return { ok: false, status: 400, errors: read.errors, values: read.values };
  const outcome = await recordWithdrawalDecision(db, order.id, read.value, operator, now);
  if (outcome.ok) return { ok: true };
  return { ok: false, status: 409, errors: { form: TEXT.refused[outcome.reason] ?? "" }, values: {} };
}
