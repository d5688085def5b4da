import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { pageMeta } from "~/i18n/seo";

export const meta = pageMeta;

export default function BlogPage() {
  const { t } = useTranslation("blog");
  return <PageHeader title={t("heading")} />;
}
