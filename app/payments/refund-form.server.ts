import { PAYMENT_TEXT } from "~/admin/texts";
import type { AppDatabase } from "~/db/db.server";
import { configuredGateway } from "./gateway.server";
import { refundPayment } from "./refund.server";

export type RefundFormRefusal = { paymentId: number; error: string; reason: string; status: 400 | 409 | 502 };

/** The back office's refund form: the reason is required; null when the refund went through. */
export async function refundFromForm(
  db: AppDatabase,
  orderId: number,
  form: FormData,
  operator: string,
  now: Date,
): Promise<RefundFormRefusal | null> {
  const paymentId = Number(form.get("paymentId"));
  const reason = String(form.get("reason") ?? "").trim();
  const refusal = (error: string, status: RefundFormRefusal["status"]) => ({ paymentId, error, reason, status });
  if (reason.length < 1 || reason.length > 500) return refusal(PAYMENT_TEXT.reasonInvalid, 400);
  const gateway = configuredGateway();
  if (!gateway || !Number.isInteger(paymentId)) return refusal(PAYMENT_TEXT.notRefundable, 409);
  const outcome = await refundPayment(db, gateway, { orderId, paymentId, reason, operator }, now);
  if (outcome === "refunded") return null;
  if (outcome === "not-refundable") return refusal(PAYMENT_TEXT.notRefundable, 409);
  return refusal(outcome === "refused" ? PAYMENT_TEXT.refused : PAYMENT_TEXT.unavailable, 502);
}
