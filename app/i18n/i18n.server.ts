import { createInstance, type i18n as I18n } from "i18next";
import { localeFromPath, type Locale } from "./locales";
import { NAMESPACES, resources, type Namespace } from "./resources.server";
import { matchPage, namespaceOf } from "./routes";
import { I18N_OPTIONS } from "./i18n";

/**
 * Server-side translation. The locale comes from the path prefix only, never from
 * Accept-Language or a cookie (docs/decisions/001-routing-and-locale.md).
 */
/**
 * One i18next instance per language, built once with every namespace. remix-i18next built
 * a new instance on each call, which cost more than the rest of a page's render
 * (docs/performance.md). Fixed-language instances are safe to share: nothing changes their
 * language or resources after start-up.
 */
const serverInstances = new Map<Locale, I18n>();

function serverI18n(locale: Locale): I18n {
  let instance = serverInstances.get(locale);
  if (!instance) {
    instance = createInstance();
    instance.init({ ...I18N_OPTIONS, lng: locale, ns: [...NAMESPACES], resources: { [locale]: resources[locale] }, initImmediate: false });
    serverInstances.set(locale, instance);
  }
  return instance;
}

/** The language of a request: its path prefix (docs/decisions/001). */
export function localeOf(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

/** A translation function for a request's language, fixed to one namespace. */
export function translatorFor(requestOrLocale: Request | Locale, namespace: Namespace = "common") {
  const locale = typeof requestOrLocale === "string" ? requestOrLocale : localeOf(requestOrLocale);
  return serverI18n(locale).getFixedT(locale, namespace);
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
