import { isMultiLineText } from "~/forms/control-characters";
import { parseZloty } from "~/i18n/money";
import type { OrderRow, RetainedReason, WithdrawalDecision } from "~/db/schema";

/** What the operator's decision on a withdrawn order depends on: the order's own facts. */
export type DecisionFacts = Pick<
  OrderRow,
  "withdrawn_at" | "immediate_performance_consent_at" | "paid_at" | "dispatched_at" | "delivered_at" | "price_grosze" | "received_grosze"
>;

/**
 * Art. 38 ust. 1 pkt 1 of the consumer rights act: the right of withdrawal is gone when the service
 * had been performed in full, with the customer's express request to start before the period ended
 * and their acknowledgement that they would lose the right (one tick on the order form records both).
 * Performed in full means the declaration was DELIVERED (terms § 2 and § 6 ust. 3, the agreement, the
 * tick box): a recorded delivery only, InPost's "delivered" or the date the operator took from the
 * carrier's proof (delivery.server.ts). A dispatch alone never ends the right (docs/decisions/063).
 * The statement stays recorded either way.
 */
export function rightHadExpired(facts: DecisionFacts): boolean {
  if (!facts.withdrawn_at || !facts.immediate_performance_consent_at) return false;
  return facts.delivered_at !== null && facts.delivered_at <= facts.withdrawn_at;
}

/**
 * The right may have expired but nobody recorded when the declaration arrived: an early start, a
 * dispatch before the statement, no delivery on record and no decision yet. The operator then records
 * the delivery from the carrier's proof, or decides as if the right was still there.
 */
export function deliveryUnrecorded(facts: DecisionFacts & Pick<OrderRow, "withdrawal_decision">): boolean {
  return (
    facts.withdrawn_at !== null &&
    facts.immediate_performance_consent_at !== null &&
    facts.withdrawal_decision === null &&
    facts.delivered_at === null &&
    facts.dispatched_at !== null &&
    facts.dispatched_at <= facts.withdrawn_at
  );
}

/**
 * Art. 35: after an early start the customer pays for what was performed up to the withdrawal. Only
 * then may the operator keep an amount back; otherwise the whole payment goes back (art. 32).
 */
export function mayKeepAnAmount(facts: DecisionFacts): boolean {
  return (
    facts.withdrawn_at !== null && facts.immediate_performance_consent_at !== null && facts.paid_at !== null && !rightHadExpired(facts)
  );
}

/** The money the customer paid: what the bank credited when the operator recorded it, else the price. */
export function paidGrosze(facts: DecisionFacts): number {
  return facts.received_grosze ?? facts.price_grosze;
}

/**
 * The standard reasons for an amount kept after an early start (art. 35): the stages of the service the
 * terms (§ 6 ust. 4) name as performed. The customer reads the one chosen in their own language; any other
 * reason the operator writes, and the customer reads it as written.
 */
export const RETAINED_REASONS: readonly RetainedReason[] = ["owner_confirmed", "declaration_signed", "handed_to_carrier"];
export type { RetainedReason };
/** The form's choice beside the standard reasons: the operator writes the reason. */
export const OWN_REASON = "other" as const;

export function isRetainedReason(value: unknown): value is RetainedReason {
  return (RETAINED_REASONS as readonly unknown[]).includes(value);
}

/** The reason for an amount kept: a standard one (`code`), or the operator's own words (`text`, with `code` null). */
export type RetainedReasonChoice = { code: RetainedReason; text: null } | { code: null; text: string };

export type Decision =
  { decision: "full" } | { decision: "partial"; retainedGrosze: number; reason: RetainedReasonChoice } | { decision: "expired" };

export type DecisionRefusal = { errors: Partial<Record<"decision" | "retained" | "reason", string>>; values: Record<string, string> };

const REASON_MAX = 500;

/**
 * The decision form's values checked against the order: a decision its facts allow, and for an amount
 * kept, one above nothing and below what was paid, with a reason. `messages` are the back office's texts.
 */
export function readDecision(
  form: { decision: string; retained: string; reason: string; reasonCode?: string },
  facts: DecisionFacts,
  messages: { decision: string; retained: (max: string) => string; reason: string },
  formatPln: (grosze: number) => string,
): { ok: true; value: Decision } | ({ ok: false } & DecisionRefusal) {
  const values = {
    decision: form.decision,
    retained: form.retained.slice(0, 20),
    reason: form.reason.slice(0, REASON_MAX),
    reasonCode: (form.reasonCode ?? "").slice(0, 40),
  };
  const allowed: WithdrawalDecision[] = rightHadExpired(facts) ? ["expired"] : mayKeepAnAmount(facts) ? ["full", "partial"] : ["full"];
  if (!allowed.includes(values.decision as WithdrawalDecision)) return { ok: false, errors: { decision: messages.decision }, values };
  if (values.decision === "full") return { ok: true, value: { decision: "full" } };
  if (values.decision === "expired") return { ok: true, value: { decision: "expired" } };
  const errors: DecisionRefusal["errors"] = {};
  const retained = parseZloty(values.retained);
  const paid = paidGrosze(facts);
  if (retained === null || retained <= 0 || retained >= paid) errors.retained = messages.retained(formatPln(paid));
  const reason = readReason(values.reasonCode, values.reason);
  if (!reason) errors.reason = messages.reason;
  if (Object.keys(errors).length > 0 || retained === null || !reason) return { ok: false, errors, values };
  return { ok: true, value: { decision: "partial", retainedGrosze: retained, reason } };
}

/**
 * A standard reason when one is chosen; otherwise the operator's own words, which must be there. No choice
 * with words written counts as the operator's own reason (a form posted before the standard reasons existed).
 */
function readReason(code: string, text: string): RetainedReasonChoice | null {
  if (isRetainedReason(code)) return { code, text: null };
  if (code !== "" && code !== OWN_REASON) return null;
  const own = text.trim();
  return own !== "" && isMultiLineText(own) ? { code: null, text: own } : null;
}
