import { Link, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerPagePanel } from "~/components/CustomerPagePanel";
import { pathFor } from "~/i18n/routes";
import { useLocale } from "~/render/root-data";

/**
 * The order page's review part, once the declaration is on its way or delivered: a link to the
 * order's review form (the same one the request e-mail opens). Plain HTML; nothing runs in the browser.
 */
export function ReviewPanel({ reviewable }: { reviewable: boolean }) {
  const { t } = useTranslation("review");
  const locale = useLocale();
  const token = useParams().token ?? "";
  if (!reviewable) return null;
  return (
    <CustomerPagePanel id="review" heading={t("panel.heading")}>
      <p className="mt-3 text-slate-800">{t("panel.text")}</p>
      <p className="mt-2">
        <Link to={pathFor("review", locale, { token })} className="font-semibold text-blue-900 underline" data-testid="review-link">
          {t("panel.link")}
        </Link>
      </p>
    </CustomerPagePanel>
  );
}
