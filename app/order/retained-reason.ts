import type { OrderRow } from "~/db/schema";

/**
 * The reason for an amount kept, as the customer reads it: a standard one in their language
 * (`payment:retained.reasons.*`, `t` in that language), or the operator's own words as written.
 */
export function retainedReasonText(
  order: Pick<OrderRow, "withdrawal_decision_reason" | "withdrawal_decision_reason_code">,
  t: (key: string) => string,
): string {
  if (order.withdrawal_decision_reason_code) return t(`payment:retained.reasons.${order.withdrawal_decision_reason_code}`);
  // The sentence around it ends with its own full stop.
  return (order.withdrawal_decision_reason ?? "").replace(/[\s.]+$/, "");
}
