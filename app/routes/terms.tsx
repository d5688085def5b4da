import { useTranslation } from "react-i18next";
import { LegalDocument } from "~/legal/LegalDocument";
import { PageHeader } from "~/components/PageHeader";
import { LOCALE_TAGS } from "~/i18n/locales";
import { pageMeta } from "~/i18n/seo";
import { formatEffectiveDate, TERMS_EFFECTIVE_FROM, TERMS_VERSION } from "~/legal/terms-version";
import { ModelWithdrawalForm } from "~/legal/ModelWithdrawalForm";
import { MODEL_WITHDRAWAL_FORM_ID } from "~/legal/model-withdrawal-form";
import { useLocale } from "~/render/root-data";
import { NO_HYDRATION } from "~/render/hydration";
import { SHAREABLE_PAGE } from "~/render/shareable";

/** Every behaviour of this page works as plain HTML: it loads no JavaScript. */
export const handle = { ...NO_HYDRATION, ...SHAREABLE_PAGE };

export const meta = pageMeta;

export default function TermsPage() {
  const { t } = useTranslation("terms");
  const locale = useLocale();
  return (
    <>
      <PageHeader title={t("heading")} lead={t("lead")}>
        <p className="mt-4 text-sm text-slate-600" data-testid="terms-version">
          {t("version", { version: TERMS_VERSION, effectiveDate: formatEffectiveDate(TERMS_EFFECTIVE_FROM, LOCALE_TAGS[locale]) })}
        </p>
      </PageHeader>
      <LegalDocument
        namespace="terms"
        style="numbered"
        appendix={{ id: MODEL_WITHDRAWAL_FORM_ID, label: t("withdrawalForm.heading"), content: <ModelWithdrawalForm /> }}
      />
    </>
  );
}
