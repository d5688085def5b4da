import { lazy, Suspense } from "react";
import type { CustomerReplacementPayment } from "./replacement-payment.server";

// Its own chunk, as ReplacementDeclarationsSlot's panel: only an order with a replacement awaiting payment fetches it.
const ReplacementPayment = lazy(() => import("./ReplacementPayment"));

/** Where the order page offers to pay for a replacement declaration (docs/decisions/094), while one awaits payment. */
export function ReplacementPaymentSlot({
  payment,
  refusal,
}: {
  payment: CustomerReplacementPayment;
  refusal: { error: string; blikCode: string } | null;
}) {
  if (!payment) return null;
  return (
    <Suspense>
      <ReplacementPayment payment={payment} refusal={refusal} />
    </Suspense>
  );
}
