import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { formatPrice } from "~/i18n/money";
import type { PaymentGateway } from "~/payments/gateway";
import { deliveryUnrecorded, mayKeepAnAmount, paidGrosze, readDecision, rightHadExpired } from "./decision";
import { recordWithdrawalDecision } from "./decision.server";
import { SETTLED_FROM, settleWithdrawal, type Settlement } from "./settlement.server";
import type { MoneyHeld } from "~/order/lifecycle/refund-ceiling.server";
import { PAYMENT_TEXT } from "~/payments/admin-texts";
import { WITHDRAWAL_TEXT } from "./admin-texts";

const TEXT = WITHDRAWAL_TEXT.decision;
const SETTLE = WITHDRAWAL_TEXT.settle;

/**
 * The order page's view of the decision (null when the order is not withdrawn). `settle`: the order has
 * not gone out, so one form records the decision, gives the money back and cancels (settlement.server.ts),
 * with what the order holds: online, by transfer, or nothing.
 */
export function decisionViewOf(order: OrderRow, moneyHeld: MoneyHeld) {
  if (!order.withdrawn_at) return null;
  return {
    settle: SETTLED_FROM.includes(order.status) && !rightHadExpired(order) ? { held: moneyHeld } : null,
    decided: order.withdrawal_decision
      ? {
          decision: order.withdrawal_decision,
          retainedGrosze: order.withdrawal_retained_grosze,
          reason: order.withdrawal_decision_reason_code
            ? TEXT.reasons[order.withdrawal_decision_reason_code]
            : order.withdrawal_decision_reason,
        }
      : null,
    expired: rightHadExpired(order),
    deliveredAt: order.delivered_at,
    deliveryUnrecorded: deliveryUnrecorded(order),
    mayKeepAnAmount: mayKeepAnAmount(order),
    paidGrosze: paidGrosze(order),
  };
}

/** `settled`: the order was closed with its money in the same step. */
type FormOutcome =
  { ok: true; settled: boolean } | { ok: false; status: 400 | 409 | 502; errors: Record<string, string>; values: Record<string, string> };

/**
 * The decision form posted from the order page: recorded (with the refund and the cancellation when the
 * order has not gone out), or refused with the values kept (400), the reason (409) or the gateway's refusal (502).
 */
export async function decisionFromForm(
  db: AppDatabase,
  gateway: PaymentGateway | null,
  order: OrderRow,
  moneyHeld: MoneyHeld,
  form: FormData,
  operator: string,
  now: Date,
): Promise<FormOutcome> {
  const typed = {
    decision: String(form.get("decision") ?? ""),
    retained: String(form.get("retained") ?? "").slice(0, 20),
    reason: String(form.get("reason") ?? "").slice(0, 500),
    reasonCode: String(form.get("reasonCode") ?? "").slice(0, 40),
  };
  const read = readDecision(typed, order, TEXT.errors, (grosze) => formatPrice(grosze, "pl"));
  const settle = decisionViewOf(order, moneyHeld)?.settle;
  if (!settle) {
    if (!read.ok) return { ok: false, status: 400, errors: read.errors, values: read.values };
    const outcome = await recordWithdrawalDecision(db, order.id, read.value, operator, now);
    if (outcome.ok) return { ok: true, settled: false };
    return { ok: false, status: 409, errors: { form: TEXT.refused[outcome.reason] ?? "" }, values: {} };
  }
  // The settlement's own fields, checked beside the decision's so that every problem shows at once.
  const transferRefund = String(form.get("transferRefund") ?? "");
  const values = { ...typed, transferRefund };
  const errors: Record<string, string> = read.ok ? {} : { ...read.errors };
  if (settle.held.byTransfer !== null && transferRefund !== "sent" && transferRefund !== "due")
    errors.transferRefund = SETTLE.errors.transferRefund;
  if (form.get("confirm") !== "yes") errors.confirm = SETTLE.errors.confirm;
  if (!read.ok || Object.keys(errors).length > 0) return { ok: false, status: 400, errors, values };
  const settlement: Settlement = {
    decision: read.value as Settlement["decision"],
    transferRefund: settle.held.byTransfer !== null ? (transferRefund as "sent" | "due") : null,
  };
  const outcome = await settleWithdrawal(db, gateway, order.id, settlement, operator, now);
  if (outcome.ok) return { ok: true, settled: true };
  if (outcome.reason === "refund-refused" || outcome.reason === "refund-unavailable" || outcome.reason === "no-gateway")
    return { ok: false, status: 502, errors: { form: PAYMENT_TEXT.cancelRefused[outcome.reason] }, values };
  return { ok: false, status: 409, errors: { form: SETTLE.refused[outcome.reason] }, values: {} };
}
