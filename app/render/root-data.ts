import { useRouteLoaderData } from "@remix-run/react";
import type { Company } from "~/config/company";
import type { DeclarationType } from "~/config/products";
import type { ErrorStrings } from "~/i18n/error-strings";
import type { PageResources } from "~/i18n/i18next";
import type { Locale } from "~/i18n/locales";
import type { LdJson, PageHead } from "~/i18n/seo";
import type { ConsentState } from "~/tracking/consent";
import type { PublicPixelIds } from "~/tracking/pixels";

/** What the root loader gives every page: its language, the strings it needs and the company facts. */
export type RootData = {
  locale: Locale;
  i18n: PageResources;
  /** The page's title and description, for its head tags. */
  head: PageHead;
  /** The page's JSON-LD, built by the server (app/content/page-structured-data.server.ts); none on private pages. */
  structuredData: LdJson | null;
  company: Company;
  /**
   * The share capital written as this language writes prices. Formatted by the loader, so hydrating
   * the footer on every page builds no currency formatter in the browser.
   */
  shareCapital: string;
  /**
   * The products' prices as this language writes them, formatted by the loader for the same reason:
   * the pricing cards and the order form then build no Intl.NumberFormat while they hydrate, the
   * first of which costs a phone a long task (docs/decisions/053).
   */
  prices: Record<DeclarationType, string>;
  /** PRICE_ADDRESS_LATER (docs/decisions/091) in grosze and as this language writes it; null when it is 0 and nothing is shown. */
  addressLaterPrice: { grosze: number; price: string } | null;
  /** The town of the flat the declaration names (SUBSTITUTE_FLAT_CITY): the tenant page says it before payment, the address it does not. */
  substituteCity: string;
  siteUrl: string;
  /** The visitor's marketing-cookie choice, whether to show the banner, and the pixels to start (only after Accept). */
  consent: ConsentState;
  showConsentBanner: boolean;
  /** The request is the back office's (/admin), which brings its own frame instead of the public site's. */
  backOffice: boolean;
  pixels: PublicPixelIds | null;
  /** The error screen's strings in this language, so the browser's JavaScript carries no table of them (app/i18n/error-strings.ts). */
  errorStrings: ErrorStrings;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** For components that render only inside a successfully loaded page. */
export function useRequiredRootData(): RootData {
  const data = useRootData();
  if (!data) throw new Error("Root data is missing: this component must render below the root route.");
  return data;
}

export function useLocale(): Locale {
  return useRequiredRootData().locale;
}
