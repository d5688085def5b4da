import { useTranslation } from "react-i18next";
import { LegalDocument } from "~/components/LegalDocument";
import { PageHeader } from "~/components/PageHeader";
import { StructuredData } from "~/components/StructuredData";
import { pageMeta } from "~/i18n/seo";

export const meta = pageMeta;

export default function TermsPage() {
  const { t } = useTranslation("terms");
  return (
    <>
      <PageHeader title={t("heading")} lead={t("lead")} />
      <LegalDocument namespace="terms" style="numbered" />
      <StructuredData />
    </>
  );
}
