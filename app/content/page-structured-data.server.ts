import { fixedT } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/locales";
import { matchPage, type PageId } from "~/i18n/routes";
import type { LdJson } from "~/i18n/seo";
import type { Company } from "~/config/company";
import { graph, localBusiness, service } from "./structured-data";

/** The payment page holds an order's secret token and is not indexed: it describes nothing. */
const PAGES_WITHOUT_STRUCTURED_DATA = new Set<PageId>(["payment"]);

/**
 * The structured data of the page at `pathname`: the local business on every content page, plus
 * the service with its PLN offers on the home page. Built here, on the server, and sent with the
 * root's data for the page's `meta` (app/i18n/seo.ts): crawlers read it in the head, and the
 * browser carries none of the code that builds it.
 */
export function structuredDataFor(site: { company: Company; siteUrl: string; locale: Locale }, pathname: string): LdJson | null {
  const match = matchPage(pathname);
  if (!match || PAGES_WITHOUT_STRUCTURED_DATA.has(match.pageId)) return null;
  const common = fixedT(site.locale, "common");
  const nodes: object[] = [localBusiness(site, common("footer.tagline"))];
  if (match.pageId === "home") {
    const home = fixedT(site.locale, "home");
    nodes.push(
      service(site, home("meta.description"), { regular: common("products.regular.name"), notarized: common("products.notarized.name") }),
    );
  }
  return graph(...nodes) as LdJson;
}
