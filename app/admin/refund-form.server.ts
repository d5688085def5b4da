import { z } from "zod";
import type { PaymentGateway } from "~/payments/gateway";
import { CORRECTION_TEXT } from "~/order/lifecycle/admin-texts";
import { PAYMENT_TEXT } from "~/payments/admin-texts";
import { cancelReasonOf, cancelReasonSchema, formText, ownReasonMissing, refundAmountOf } from "./transition-form.server";
import type { AppDatabase } from "~/db/db.server";
import { MULTI_LINE_TEXT } from "~/forms/control-characters";
import { refundPayment } from "~/payments/refund.server";
import { refundAfterDecisionOf } from "~/order/lifecycle/refund-ceiling.server";

/** The form's values as typed and its messages; `form` is the page's message when the refund itself was refused. */
export type RefundFormRefusal = {
  paymentId: number;
  errors: Record<string, string>;
  values: Record<string, string>;
  status: 400 | 409 | 502;
};

const FIELDS = ["reasonCode", "reason", "note", "confirm", "refundAmount"];
const note = z.string().regex(MULTI_LINE_TEXT, CORRECTION_TEXT.controlCharacters).max(2000, CORRECTION_TEXT.tooLong(2000));
const confirm = z.literal("yes", { errorMap: () => ({ message: PAYMENT_TEXT.confirmRefundMissing }) });

/**
 * The back office's refund form: a paid order is cancelled by it, so it asks for the cancel form's
 * reason (a standard one, translated for the customer, or the operator's own words); an order
 * already cancelled keeps its reason. Both take an internal note that is never sent, and a
 * confirmation tick: a refund cannot be undone. After a withdrawal that kept an amount for work done
 * (art. 35) it also takes the amount, at most the payment less that. Null when the refund went through.
 */
export async function refundFromForm(
  db: AppDatabase,
  gateway: PaymentGateway | null,
  orderId: number,
  form: FormData,
  operator: string,
  now: Date,
): Promise<RefundFormRefusal | null> {
  const paymentId = Number(form.get("paymentId"));
  const values: Record<string, string> = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)]));
  const refusal = (errors: Record<string, string>, status: RefundFormRefusal["status"]) => ({ paymentId, errors, values, status });
  const order = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  const cancels = order?.status === "paid";
  const schema = cancels ? cancelReasonSchema(PAYMENT_TEXT.confirmRefundMissing).extend({ note }) : z.object({ note, confirm });
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  if (cancels) ownReasonMissing(values, errors);
  const afterDecision = await refundAfterDecisionOf(db, orderId);
  const amount = afterDecision ? refundAmountOf(afterDecision, values.refundAmount!) : null;
  if (amount && !amount.ok) errors.refundAmount = amount.error;
  if (Object.keys(errors).length > 0) return refusal(errors, 400);

  if (!gateway || !Number.isInteger(paymentId)) return refusal({ form: PAYMENT_TEXT.notRefundable }, 409);
  const outcome = await refundPayment(
    db,
    gateway,
    {
      orderId,
      paymentId,
      cancel: cancels ? cancelReasonOf(values) : null,
      note: values.note || null,
      operator,
      ...(amount?.ok ? { amountGrosze: amount.grosze } : {}),
    },
    now,
  );
  if (outcome === "refunded") return null;
  if (outcome === "not-refundable") return refusal({ form: PAYMENT_TEXT.notRefundable }, 409);
  return refusal({ form: outcome === "refused" ? PAYMENT_TEXT.refused : PAYMENT_TEXT.unavailable }, 502);
}
