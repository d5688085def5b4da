import { Link, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pathFor } from "~/i18n/routes";
import { useLocale } from "~/root-data";

/**
 * The order page's invoice part: one link to the order's invoice page, where the customer asks for
 * one (while the law allows) and downloads what was issued. Plain HTML; nothing runs in the browser.
 * It sits on a page whose path holds the order's token (/platnosc/:token).
 */
export function InvoicePanel() {
  const { t } = useTranslation("invoice");
  const locale = useLocale();
  const token = useParams().token ?? "";
  return (
    <section className="rounded-xl border border-slate-300 bg-white p-6" data-testid="invoice-panel">
      <h2 className="text-xl font-bold text-slate-900">{t("panel.heading")}</h2>
      <p className="mt-2">
        <Link to={pathFor("invoiceRequest", locale, { token })} className="font-semibold text-blue-900 underline">
          {t("panel.link")}
        </Link>
      </p>
    </section>
  );
}
