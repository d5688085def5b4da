import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { pageMeta } from "~/i18n/seo";

export const meta = pageMeta;

export default function HomePage() {
  const { t } = useTranslation("home");
  return <PageHeader title={t("heading")} />;
}
