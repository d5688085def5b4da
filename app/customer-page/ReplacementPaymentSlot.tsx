import ReplacementPayment from "./ReplacementPayment";
import type { CustomerReplacementPayment } from "./replacement-payment.server";

/**
 * Where the order page offers to pay for a replacement declaration (docs/decisions/094), while one awaits payment.
 * Not a React.lazy chunk as the declarations' list is: this panel is built from the page's own payment forms, and a
 * chunk of its own made the bundler split those into a shared chunk of their own, which cost the main path 0.7 KB
 * against 0.3 KB for the panel in the page's chunk (npm run bench, 2026-11-30).
 */
export function ReplacementPaymentSlot({
  payment,
  refusal,
}: {
  payment: CustomerReplacementPayment;
  refusal: { error: string; blikCode: string } | null;
}) {
  if (!payment) return null;
  return <ReplacementPayment payment={payment} refusal={refusal} />;
}
