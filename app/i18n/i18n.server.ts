import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from "./locales";
import { NAMESPACES, resources, type Namespace } from "./resources.server";
import { matchPage, namespaceOf } from "./routes";
import { I18N_OPTIONS } from "./i18n";

/**
 * Server-side translation. The locale comes from the path prefix only, never from
 * Accept-Language or a cookie (docs/decisions/001-routing-and-locale.md).
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async (request) => localeOf(request),
  },
  i18next: { ...I18N_OPTIONS, resources },
});

/** The language of a request: its path prefix (docs/decisions/001). */
export function localeOf(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

/** A translation function for a request's language, fixed to one namespace. */
export function translatorFor(requestOrLocale: Request | Locale, namespace: Namespace = "common") {
  const locale = typeof requestOrLocale === "string" ? requestOrLocale : localeOf(requestOrLocale);
  return i18nServer.getFixedT(locale, namespace);
}

/** The namespaces a page needs in the browser: the shared chrome (with the cookie banner) plus the page's own copy. */
export function namespacesForPath(pathname: string): Namespace[] {
  const match = matchPage(pathname);
  const pageNamespace = match ? namespaceOf(match.pageId) : null;
  return NAMESPACES.filter((ns) => ns === "common" || ns === "consent" || ns === pageNamespace);
}

export function resourcesFor(locale: Locale, namespaces: readonly Namespace[]) {
  return Object.fromEntries(namespaces.map((ns) => [ns, resources[locale][ns]]));
}
