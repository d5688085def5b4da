import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { pageMeta } from "~/i18n/seo";

export const meta = pageMeta;

export default function TenantPage() {
  const { t } = useTranslation("tenant");
  return <PageHeader title={t("heading")} />;
}
