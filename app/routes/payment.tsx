import type { MetaArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { pageMeta } from "~/i18n/seo";

export const meta = (args: MetaArgs) => pageMeta(args, { noindex: true });

export default function PaymentPage() {
  const { t } = useTranslation("payment");
  return <PageHeader title={t("heading")} />;
}
