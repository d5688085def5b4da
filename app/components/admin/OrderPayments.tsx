import type { PaymentView } from "~/admin/order-detail.server";
import { formatWarsawTime } from "~/admin/format";
import { PAYMENT_TEXT } from "~/admin/texts";
import { PlainField } from "~/components/forms";
import { formatPrice } from "~/config/products";

export type RefundRefusal = { paymentId: number; error: string; reason: string };

/** The order's online payments, and the full refund of a paid one (with the operator's reason). */
export function OrderPayments({
  payments,
  refundable,
  refusal,
}: {
  payments: PaymentView[];
  refundable: boolean;
  refusal: RefundRefusal | null;
}) {
  return (
    <section aria-labelledby="payments-heading" className="mt-8" data-testid="admin-payments">
      <h2 id="payments-heading" className="text-xl font-bold text-slate-900">
        {PAYMENT_TEXT.heading}
      </h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-slate-700">{PAYMENT_TEXT.none}</p>
      ) : (
        <div
          tabIndex={0}
          role="region"
          aria-label={PAYMENT_TEXT.heading}
          className="mt-3 overflow-x-auto rounded-lg border border-slate-200"
        >
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50">
              <tr>
                {PAYMENT_TEXT.columns.map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 text-left font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {payments.map((payment) => (
                <tr key={payment.id} data-testid={`payment-${payment.state}`}>
                  <td className="px-3 py-2">{PAYMENT_TEXT.method[payment.method]}</td>
                  <td className="px-3 py-2">{PAYMENT_TEXT.state[payment.state]}</td>
                  <td className="px-3 py-2">{formatPrice(payment.amount_grosze, "pl")}</td>
                  <td className="px-3 py-2">{formatWarsawTime(payment.created_at)}</td>
                  <td className="px-3 py-2">{formatWarsawTime(payment.paid_at)}</td>
                  <td className="px-3 py-2 font-mono">{payment.gateway_order_id ?? "—"}</td>
                  <td className="px-3 py-2">
                    {payment.refunded_at ? `${formatWarsawTime(payment.refunded_at)}: ${payment.refund_reason ?? ""}` : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refundable
        ? payments
            .filter((payment) => payment.state === "paid")
            .map((payment) => (
              <form
                key={payment.id}
                method="post"
                className="mt-4 grid max-w-xl gap-3 rounded-lg border border-slate-200 p-4"
                noValidate
                aria-label={PAYMENT_TEXT.refund}
                data-testid="form-refund"
              >
                <input type="hidden" name="intent" value="refund" />
                <input type="hidden" name="paymentId" value={payment.id} />
                <p className="text-slate-700">{PAYMENT_TEXT.refundNote}</p>
                <PlainField
                  id={`refund-${payment.id}-reason`}
                  name="reason"
                  label={PAYMENT_TEXT.refundReason}
                  defaultValue={refusal?.paymentId === payment.id ? refusal.reason : undefined}
                  error={refusal?.paymentId === payment.id ? refusal.error : undefined}
                  required
                  maxLength={500}
                  multiline
                />
                <div>
                  <button
                    type="submit"
                    className="inline-flex items-center justify-center rounded-md bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900"
                  >
                    {PAYMENT_TEXT.refund}
                  </button>
                </div>
              </form>
            ))
        : null}
    </section>
  );
}
