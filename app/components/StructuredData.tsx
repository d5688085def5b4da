import { useTranslation } from "react-i18next";
import { JsonLd } from "~/components/JsonLd";
import { graph, localBusiness, service } from "~/content/structured-data";
import { useRequiredRootData } from "~/root-data";

/**
 * The structured data of a page: the local business on every content page, plus the
 * service with its PLN offers where `serviceDescription` is given (the home page).
 */
export function StructuredData({ serviceDescription }: { serviceDescription?: string }) {
  const { t } = useTranslation();
  const { company, siteUrl, locale } = useRequiredRootData();
  const site = { company, siteUrl, locale };
  const nodes: object[] = [localBusiness(site, t("footer.tagline"))];
  if (serviceDescription) {
    nodes.push(service(site, serviceDescription, { regular: t("products.regular.name"), notarized: t("products.notarized.name") }));
  }
  return <JsonLd data={graph(...nodes)} />;
}
