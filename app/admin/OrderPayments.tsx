import type { OnlinePaymentRecord } from "./order-detail.server";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { PAYMENT_TEXT } from "~/payments/admin-texts";
import { PlainField } from "~/components/forms";
import { formatPrice } from "~/i18n/money";
import type { Locale } from "~/i18n/locales";
import { CancelFields } from "./TransitionForm";
import { ConfirmTick } from "~/components/admin/ConfirmTick";
import type { RefundAfterDecision } from "~/order/lifecycle/refund-ceiling.server";
import { RefundAmountField } from "~/withdrawal/WithdrawalDecisionForm";

export type RefundRefusal = { paymentId: number; errors: Record<string, string>; values: Record<string, string> };

const DANGER_BUTTON = "inline-flex items-center justify-center rounded-md bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900";

function stateOf(payment: OnlinePaymentRecord): string {
  const failure = payment.state === "failed" && payment.failure ? PAYMENT_TEXT.failure[payment.failure] : null;
  return failure ? `${PAYMENT_TEXT.state[payment.state]} (${failure})` : PAYMENT_TEXT.state[payment.state];
}

function refundOf(payment: OnlinePaymentRecord): string {
  if (!payment.refunded_at) return "—";
  const status = payment.refund_status ? ` (${PAYMENT_TEXT.refundStatus[payment.refund_status]})` : "";
  return `${formatWarsawTime(payment.refunded_at)}${status}${payment.refund_reason ? `: ${payment.refund_reason}` : ""}`;
}

function NoteField({ idPrefix, errors, values }: { idPrefix: string; errors: Record<string, string>; values: Record<string, string> }) {
  return (
    <PlainField
      id={`${idPrefix}-note`}
      name="note"
      label={PAYMENT_TEXT.internalNote}
      defaultValue={values.note}
      error={errors.note}
      maxLength={2000}
      multiline
    />
  );
}

/**
 * The order's online payments, and the full refund of one the order still holds. A paid order is
 * cancelled by the refund (with the cancel form's reason, which the customer reads); an order
 * already cancelled keeps its reason. Either way the operator may add an internal note, and
 * confirms: a refund cannot be undone. After a withdrawal that kept an amount for work done, the
 * form also asks how much goes back, filled in with the rest.
 */
export function OrderPayments({
  payments,
  orderStatus,
  locale,
  afterDecision,
  refusal,
}: {
  payments: OnlinePaymentRecord[];
  orderStatus: string;
  locale: Locale;
  afterDecision: RefundAfterDecision | null;
  refusal: RefundRefusal | null;
}) {
  const refundable = orderStatus === "paid" || orderStatus === "cancelled";
  const rejected = payments.find((payment) => payment.state === "paid" && payment.refund_status === "rejected");
  return (
    <section aria-labelledby="payments-heading" className="mt-8" data-testid="admin-payments">
      <h2 id="payments-heading" className="text-xl font-bold text-slate-900">
        {PAYMENT_TEXT.heading}
      </h2>
      {rejected ? (
        <p
          role="alert"
          className="mt-3 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 font-semibold text-red-900"
          data-testid="refund-rejected"
        >
          {PAYMENT_TEXT.refundRejected(formatWarsawTime(rejected.refund_settled_at))}
        </p>
      ) : null}
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
                  <td className="px-3 py-2">{stateOf(payment)}</td>
                  <td className="px-3 py-2">
                    {formatPrice(payment.amount_grosze, "pl")}
                    {payment.replacement_charge_id === null ? null : ` (${PAYMENT_TEXT.forReplacement})`}
                  </td>
                  <td className="px-3 py-2">{formatWarsawTime(payment.created_at)}</td>
                  <td className="px-3 py-2">{formatWarsawTime(payment.paid_at)}</td>
                  <td className="px-3 py-2 font-mono">{payment.gateway_order_id ?? "—"}</td>
                  <td className="px-3 py-2">{refundOf(payment)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refundable
        ? payments
            // A replacement declaration's payment is not refunded with the order (docs/decisions/094).
            .filter((payment) => payment.state === "paid" && payment.replacement_charge_id === null)
            .map((payment) => {
              const own = refusal?.paymentId === payment.id ? refusal : null;
              const errors = own?.errors ?? {};
              const values = own?.values ?? {};
              const idPrefix = `refund-${payment.id}`;
              const amount = afterDecision ? (
                <RefundAmountField
                  id={`${idPrefix}-refundAmount`}
                  afterDecision={afterDecision}
                  value={values.refundAmount}
                  error={errors.refundAmount}
                />
              ) : null;
              return (
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
                  {orderStatus === "paid" ? (
                    <CancelFields
                      idPrefix={idPrefix}
                      locale={locale}
                      moneyNote={PAYMENT_TEXT.refundNote}
                      confirmLabel={PAYMENT_TEXT.confirmRefund}
                      errors={errors}
                      values={values}
                    >
                      {amount}
                      <NoteField idPrefix={idPrefix} errors={errors} values={values} />
                    </CancelFields>
                  ) : (
                    <>
                      <p className="rounded-md bg-amber-50 p-3 text-slate-900" id={`${idPrefix}-warning`}>
                        {PAYMENT_TEXT.refundNoteCancelled}
                      </p>
                      {amount}
                      <NoteField idPrefix={idPrefix} errors={errors} values={values} />
                      <ConfirmTick
                        id={`${idPrefix}-confirm`}
                        label={PAYMENT_TEXT.confirmRefund}
                        error={errors.confirm}
                        describedBy={`${idPrefix}-warning`}
                      />
                    </>
                  )}
                  <div>
                    <button type="submit" className={DANGER_BUTTON}>
                      {PAYMENT_TEXT.refund}
                    </button>
                  </div>
                </form>
              );
            })
        : null}
    </section>
  );
}
