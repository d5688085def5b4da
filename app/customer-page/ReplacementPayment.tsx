import { useTranslation } from "react-i18next";
import { CustomerPagePanel } from "~/components/CustomerPagePanel";
import { WAIT_REFRESH_SECONDS } from "~/payments/waiting";
import { OnlinePayment } from "./OnlinePayment";
import { PaymentWaiting } from "./PaymentWaiting";
import type { CustomerReplacementPayment } from "./replacement-payment.server";

/**
 * A replacement declaration awaiting the customer's online payment (docs/decisions/094): what it is for,
 * the amount, and the order's own payment forms (BLIK, pay-by-link), posted to this page as they are.
 */
export default function ReplacementPayment({
  payment,
  refusal,
}: {
  payment: NonNullable<CustomerReplacementPayment>;
  refusal: { error: string; blikCode: string } | null;
}) {
  const { t } = useTranslation("payment");
  const { waiting, lastFailure } = payment.online;
  return (
    <CustomerPagePanel id="replacement-payment" heading={t("replacementPayment.heading")} wide>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div className="rounded-xl border-2 border-amber-500 bg-amber-50/60 p-5 text-slate-900">
          <p>{t("replacementPayment.text")}</p>
          <p className="mt-2 break-words">{t("replacement.flat", { address: payment.address })}</p>
          <p className="break-words">{t("replacement.owner", { owner: payment.owner })}</p>
          <p>{t("replacementPayment.declaredOn", { date: payment.declaredOn })}</p>
          <p className="mt-2 text-lg font-bold" data-testid="replacement-payment-amount">
            {t("replacementPayment.amount", { amount: payment.amount })}
          </p>
          <p className="mt-2 text-slate-700">{t("replacementPayment.after")}</p>
        </div>
        <div className="grid content-start gap-4">
          {waiting ? <PaymentWaiting waiting={waiting} refreshSeconds={WAIT_REFRESH_SECONDS} /> : null}
          {lastFailure === "not-completed" ? (
            <p
              role="alert"
              className="rounded-xl border-2 border-amber-500 bg-amber-50 p-5 font-semibold"
              data-testid="payment-not-completed"
            >
              {t("replacementPayment.notCompleted")}
            </p>
          ) : null}
          {waiting?.method === "blik" && waiting.refreshing ? null : (
            <OnlinePayment lastFailed={lastFailure === "failed"} refusal={refusal} nested />
          )}
        </div>
      </div>
    </CustomerPagePanel>
  );
}
