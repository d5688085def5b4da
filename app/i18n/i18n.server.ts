import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { I18N_OPTIONS, type PageResources } from "./i18next";
import { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from "./locales";
import { addNumberFormat } from "./number-format";
import { NAMESPACES, resources, type Namespace } from "./resources.server";
import { matchPage, metaKeyOf, namespaceOf } from "./routes";
import type { PageHead } from "./seo";
import { log } from "~/log/log.server";

/**
 * Server-side translation (docs/decisions/026). One i18next instance holds every language and
 * namespace, bundled into the server build (app/i18n/resources.server.ts): no backend, nothing
 * read per request. Its fixed `t`s are made once per language and namespace.
 */
/**
 * The log line for a missing key. A key may carry what a client sent (a library's message that
 * repeats its input), so it is written as a JSON string, cut short: a line break or an escape code
 * in it can neither start a forged log line nor colour the terminal.
 */
export function missingKeyLine(languages: readonly string[], namespace: string, key: string): string {
  return `[i18n] missing key ${namespace}:${JSON.stringify(key.slice(0, 200))} (${languages.join(", ")})`;
}

const i18next = createInstance();
void i18next.init({
  ...I18N_OPTIONS,
  lng: DEFAULT_LOCALE,
  ns: [...NAMESPACES],
  resources,
  // A key the code asks for that no locale file has is a bug: under test it fails the test; in
  // production the visitor sees the Polish text or nothing, and the log says which key.
  saveMissing: true,
  missingKeyHandler: (languages, namespace, key) => {
    const message = missingKeyLine(languages, namespace, key);
    if (process.env.VITEST || process.env.NODE_ENV === "test") throw new Error(message);
    log.error(message);
  },
});
addNumberFormat(i18next);

/**
 * The site's one remix-i18next instance. The language comes from the path prefix only, as the
 * route table defines it, never from Accept-Language or a cookie (docs/decisions/001): a URL
 * always shows the same language. An unprefixed path is Polish.
 *
 * Its own getFixedT builds a new i18next instance on every call, which cost more than the rest
 * of a page's render (docs/performance.md), so `t` comes from the shared instance above.
 */
export const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async (request) => localeFromPath(new URL(request.url).pathname),
  },
});

/** The language of a request: its path prefix. */
export async function localeOf(request: Request): Promise<Locale> {
  return (await remixI18next.getLocale(request)) as Locale;
}

const fixedTs = new Map<string, TFunction>();

/** `t` for one language, its keys read in `namespace` unless they name another ("common:…"). */
export function fixedT(locale: Locale, namespace: Namespace = "common"): TFunction {
  const cacheKey = `${locale}:${namespace}`;
  let t = fixedTs.get(cacheKey);
  if (!t) {
    t = i18next.getFixedT(locale, namespace);
    fixedTs.set(cacheKey, t);
  }
  return t;
}

/** `t` for a request's language (or a stored order's), as loaders, actions, e-mails and PDFs use it. */
export async function getFixedT(requestOrLocale: Request | Locale, namespace: Namespace = "common"): Promise<TFunction> {
  const locale = typeof requestOrLocale === "string" ? requestOrLocale : await localeOf(requestOrLocale);
  return fixedT(locale, namespace);
}

const reactInstances = new Map<Locale, I18n>();

/**
 * The instance a server render gives react-i18next: a clone of the shared one in the page's
 * language, sharing its store. One per language, made on first use, since nothing changes a
 * clone's language or strings after that.
 */
export function i18nextForRender(locale: Locale): I18n {
  let instance = reactInstances.get(locale);
  if (!instance) {
    instance = i18next.cloneInstance({ lng: locale });
    reactInstances.set(locale, instance);
  }
  return instance;
}

/** Pages that show a part owned by another domain, with that part's own namespace. */
const PART_NAMESPACES: Partial<Record<string, readonly Namespace[]>> = {
  order: ["invoice", "shipping"],
  orderAutomatic: ["invoice", "shipping"],
  payment: ["invoice", "shipping", "review"],
};

/** The namespaces a page needs in the browser: the shared chrome (with the cookie banner) plus the page's own copy and its parts'. */
export function namespacesForPath(pathname: string): Namespace[] {
  const match = matchPage(pathname);
  const pageNamespace = match ? namespaceOf(match.pageId) : null;
  const parts = (match && PART_NAMESPACES[match.pageId]) ?? [];
  return NAMESPACES.filter((ns) => ns === "common" || ns === "consent" || ns === pageNamespace || parts.includes(ns));
}

/**
 * Strings of a page's namespace that only the server reads, left out of what the browser gets: the
 * agreement's text (the order action builds the whole document, app/order/contract.tsx, and the
 * preview only shows it) and the order API's messages. They were half the order page's strings,
 * parsed and held by every phone that opened the form.
 */
const SERVER_ONLY_GROUPS: Partial<Record<Namespace, readonly string[]>> = { order: ["contract", "api"] };

export function resourcesFor(locale: Locale, namespaces: readonly Namespace[]): PageResources {
  return Object.fromEntries(
    namespaces.map((ns) => {
      const serverOnly = SERVER_ONLY_GROUPS[ns] ?? [];
      return [ns, Object.fromEntries(Object.entries(resources[locale][ns]).filter(([group]) => !serverOnly.includes(group)))];
    }),
  );
}

/**
 * The words of a page's head tags, for the route modules' `meta` (app/i18n/seo.ts), which also
 * runs in the browser and so cannot call getFixedT itself. A path outside the route table gets
 * the 404 page's.
 */
export function pageHeadFor(locale: Locale, pathname: string): PageHead {
  const common = fixedT(locale, "common");
  const errorTitlePrefix = common("form.errorTitlePrefix");
  const match = matchPage(pathname);
  if (!match) return { title: common("notFound.title"), description: common("notFound.description"), errorTitlePrefix };
  const t = fixedT(locale, namespaceOf(match.pageId) as Namespace);
  const key = metaKeyOf(match.pageId);
  return { title: t(`${key}.title`), description: t(`${key}.description`), errorTitlePrefix };
}
