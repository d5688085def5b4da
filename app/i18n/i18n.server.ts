import { localeFromPath, type Locale } from "./locales";
import { NAMESPACES, resources, type Namespace } from "./resources.server";
import { matchPage, namespaceOf } from "./routes";
import { createTranslator, type TFunction } from "./translator";

/**
 * Server-side translation. The locale comes from the path prefix only, never from
 * Accept-Language or a cookie (docs/decisions/001-routing-and-locale.md).
 * One translator per language and namespace, made on first use: none is built per request. */
const translators = new Map<string, TFunction>();

/** The language of a request: its path prefix (docs/decisions/001). */
export function localeOf(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

/** A translation function for a request's language, fixed to one namespace. */
export function translatorFor(requestOrLocale: Request | Locale, namespace: Namespace = "common") {
  const locale = typeof requestOrLocale === "string" ? requestOrLocale : localeOf(requestOrLocale);
  const key = `${locale}:${namespace}`;
  let t = translators.get(key);
  if (!t) {
    t = createTranslator(locale, resources[locale], namespace);
    translators.set(key, t);
  }
  return t;
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
