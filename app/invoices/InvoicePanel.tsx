import { Link, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerPagePanel } from "~/components/CustomerPagePanel";
import { pathFor } from "~/i18n/routes";
import { useLocale } from "~/render/root-data";

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
    <CustomerPagePanel id="invoice-panel" heading={t("panel.heading")}>
      <p className="mt-3">
        <Link to={pathFor("invoiceRequest", locale, { token })} className="font-semibold text-blue-900 underline">
          {t("panel.link")}
        </Link>
      </p>
    </CustomerPagePanel>
  );
}
