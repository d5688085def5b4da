import type { TFunction } from "i18next";
import { formatPrice } from "~/i18n/money";
import type { Locale } from "~/i18n/locales";

/** The deadline's reason, a standard one in the customer's language, or the operator's words as typed. */
export function cancellationReason(t: TFunction, facts: Record<string, unknown>): string {
  if (facts.reason === "unpaid" || !facts.reason) return t("cancelled.unpaid");
  const standard = typeof facts.reasonCode === "string" && facts.reasonCode !== "own";
  return t("cancelled.reason", { reason: standard ? t(`cancelled.reasons.${facts.reasonCode}`) : String(facts.reason) });
}

/**
 * A refund already sent (online, or by a transfer the operator sent) is said as done, with its amount; a payment by transfer recorded as
 * due back is promised with its amount; otherwise the promise to refund a payment if one arrived.
 */
export function refundSentence(t: TFunction, facts: Record<string, unknown>, locale: Locale): string {
  if (typeof facts.refundedGrosze === "number")
    return t(facts.refundedBy === "transfer" ? "cancelled.refundedByTransfer" : "cancelled.refunded", {
      amount: formatPrice(facts.refundedGrosze, locale),
    });
  if (typeof facts.refundDueGrosze === "number") return t("cancelled.refundDue", { amount: formatPrice(facts.refundDueGrosze, locale) });
  return t("cancelled.refund");
}
