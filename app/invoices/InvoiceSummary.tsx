import { useTranslation } from "react-i18next";
import type { InvoiceRequest } from "~/order/invoice-request";
import { formatNip } from "~/order/nip";

/** The buyer an invoice was asked for, as the preview shows it before the customer accepts. */
export function InvoiceSummary({ invoice }: { invoice: InvoiceRequest | null | undefined }) {
  const { t } = useTranslation("invoice");
  return (
    <div className="mt-4 rounded-lg border border-slate-300 bg-white p-4" data-testid="invoice-summary">
      <p className="font-semibold text-slate-900">{t("summary.heading")}</p>
      {invoice ? (
        <dl className="mt-1 grid gap-x-4 text-slate-800 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t("summary.buyerName")}</dt>
          <dd className="break-words">{invoice.buyerName}</dd>
          <dt className="font-semibold">{t("summary.buyerAddress")}</dt>
          <dd className="break-words">{invoice.buyerAddress}</dd>
          {invoice.nip ? (
            <>
              <dt className="font-semibold">{t("summary.nip")}</dt>
              <dd>{formatNip(invoice.nip)}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="text-slate-700">{t("summary.none")}</p>
      )}
    </div>
  );
}
