import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { isBackOfficePath } from "~/components/admin/paths";
import { company, env, substituteFlat } from "~/config/env.server";
import { structuredDataFor } from "~/content/page-structured-data.server";
import { ERROR_STRINGS } from "~/i18n/error-strings.server";
import { formatPrice, formattedPrices } from "~/i18n/money";
import { localeOf, namespacesForPath, pageHeadFor, resourcesFor } from "~/i18n/i18n.server";
import { canonicalPathOf, matchPage, type PageId } from "~/i18n/routes";
import type { RootData } from "~/render/root-data";
import { readConsent, shouldShowBanner } from "~/tracking/consent.server";
import { pixelIdsFor } from "~/tracking/events.server";

/** The root route's loader (app/root.tsx): the page's language, its strings, the company and the visitor's consent. */
const PAGES_WITHOUT_PIXELS = new Set<PageId | undefined>(["payment", "withdrawal", "review", "verify", "verifyCode"]);

export async function rootLoader({ request }: LoaderFunctionArgs) {
  const { pathname, search } = new URL(request.url);
  // "/En/Contact" or "/blog/" would show the page in the wrong language: send it to its spelling.
  const canonical = canonicalPathOf(pathname);
  if (canonical) throw redirect(`${canonical}${search}`, request.method === "GET" || request.method === "HEAD" ? 301 : 308);
  const locale = await localeOf(request);
  const consent = await readConsent(request);
  const backOffice = isBackOfficePath(pathname);
  const data: RootData = {
    locale,
    i18n: resourcesFor(locale, namespacesForPath(pathname)),
    head: pageHeadFor(locale, pathname),
    structuredData: structuredDataFor({ company, siteUrl: env.SITE_URL, locale }, pathname),
    company,
    shareCapital: formatPrice(company.shareCapitalGrosze, locale),
    prices: formattedPrices(locale),
    addressLaterPrice:
      env.PRICE_ADDRESS_LATER > 0 ? { grosze: env.PRICE_ADDRESS_LATER, price: formatPrice(env.PRICE_ADDRESS_LATER, locale) } : null,
    substituteCity: substituteFlat.city,
    siteUrl: env.SITE_URL,
    consent,
    backOffice,
    // The back office is the business's own tool: no banner, no pixels, whatever the operator chose.
    showConsentBanner: !backOffice && shouldShowBanner(request, consent),
    // The payment page's URL holds the order's secret token, and so do the review form's and may the withdrawal form's, and the
    // verification page's the declaration's code: no pixel may see it (its PageView sends the URL), nor a withdrawal statement's personal data.
    errorStrings: ERROR_STRINGS[locale],
    pixels: backOffice || PAGES_WITHOUT_PIXELS.has(matchPage(pathname)?.pageId) ? null : pixelIdsFor(consent),
  };
  return json(data);
}
