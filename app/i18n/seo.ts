import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { errorStringsFor, type ErrorStrings } from "./error-strings";
import { LOCALE_TAGS, localeFromPath, type Locale } from "./locales";
import { alternatesOf, isUnlisted, pageIdOfRoute, pathFor } from "./routes";

type PageMetaOptions = {
  noindex?: boolean;
  /** The page's own title when its data decides it (the customer's order page names the order and its stage). */
  title?: string;
};

/** What a route's `meta` accepts as JSON-LD (Remix writes it as an escaped script element). */
export type LdJson = Extract<MetaDescriptor, { "script:ld+json": unknown }>["script:ld+json"];

/** A page's title and description, and the "Error:" its title starts with after a refused form (pageHeadFor in i18n.server.ts). */
export type PageHead = { title: string; description: string; errorTitlePrefix: string };

/** What the head tags need from the root loader's data (app/render/root-data.ts has all of it). */
export type SeoData = {
  locale: Locale;
  siteUrl: string;
  head: PageHead;
  company: { productName: string };
  structuredData: LdJson | null;
  errorStrings: ErrorStrings;
};

export function rootDataOf(matches: MetaArgs["matches"]): SeoData | undefined {
  return matches.find((match) => match.id === "root")?.data as SeoData | undefined;
}

/** The head of the error screen, in the language of the path that failed. */
export function errorMeta({ matches, location }: Pick<MetaArgs, "matches" | "location">): MetaDescriptor[] {
  const root = rootDataOf(matches);
  const strings = errorStringsFor(root?.locale ?? localeFromPath(location.pathname), root);
  return [...(strings ? [{ title: strings.title }] : []), { name: "robots", content: "noindex" }];
}

/**
 * The head of every page: title, description, canonical, hreflang alternates with
 * x-default, Open Graph and Twitter tags, all derived from the route table and the
 * page's `meta` strings, which the root loader read with getFixedT. Route modules use it as
 * `export const meta = pageMeta`.
 */
export function pageMeta(args: MetaArgs, options: PageMetaOptions = {}): MetaDescriptor[] {
  const root = rootDataOf(args.matches);
  // A form answered with 400 stays on its page; GOV.UK style, the title then starts with "Error:".
  const isFormError = isRouteErrorResponse(args.error) && args.error.status === 400;
  if (args.error && !isFormError) return errorMeta(args);
  const pageId = pageIdOfRoute(args.matches.at(-1)?.id);
  if (!root || !pageId) return [];

  const pageTitle = options.title || root.head.title || root.company.productName;
  const title = isFormError ? `${root.head.errorTitlePrefix} ${pageTitle}` : pageTitle;
  const description = root.head.description;
  const params = Object.fromEntries(Object.entries(args.params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const absolute = (path: string) => `${root.siteUrl}${path}`;
  const canonical = absolute(pathFor(pageId, root.locale, params));
  const alternates = alternatesOf(pageId, params);
  const defaultAlternate = alternates.find((alternate) => alternate.locale === "pl") ?? alternates[0];

  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternates.map((alternate) => ({ tagName: "link", rel: "alternate", hrefLang: alternate.locale, href: absolute(alternate.path) })),
    ...(defaultAlternate ? [{ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absolute(defaultAlternate.path) }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: root.company.productName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: LOCALE_TAGS[root.locale].replace("-", "_") },
    ...alternates
      .filter((alternate) => alternate.locale !== root.locale)
      .map((alternate) => ({ property: "og:locale:alternate", content: LOCALE_TAGS[alternate.locale].replace("-", "_") })),
    { property: "og:image", content: absolute("/og-image.png") },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: absolute("/og-image.png") },
  ];
  if (options.noindex || isUnlisted(pageId)) descriptors.push({ name: "robots", content: "noindex, nofollow" });
  if (root.structuredData) descriptors.push({ "script:ld+json": root.structuredData });
  return descriptors;
}
