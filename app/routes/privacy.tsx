import { useTranslation } from "react-i18next";
import { LegalDocument } from "~/legal/LegalDocument";
import { PageHeader } from "~/components/PageHeader";
import { pageMeta } from "~/i18n/seo";
import { NO_HYDRATION } from "~/render/hydration";
import { SHAREABLE_PAGE } from "~/render/shareable";

/** Every behaviour of this page works as plain HTML: it loads no JavaScript. */
export const handle = { ...NO_HYDRATION, ...SHAREABLE_PAGE };

export const meta = pageMeta;

export default function PrivacyPage() {
  const { t } = useTranslation("privacy");
  return (
    <>
      <PageHeader title={t("heading")} lead={t("lead")}>
        <p className="mt-3 text-sm font-semibold text-slate-700" data-testid="privacy-effective">
          {t("effective")}
        </p>
      </PageHeader>
      <LegalDocument namespace="privacy" style="paragraphs" />
    </>
  );
}
