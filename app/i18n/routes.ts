import routeTable from "./route-table.json";
import { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from "./locales";

/**
 * The route table (route-table.json) is the single source of every localized path.
 * remix.config.js registers routes from it; links, the language switcher,
 * hreflang alternates and sitemap.xml all resolve paths through this module.
 */
// `file`, for remix.config.js only, is there when a page's module is not routes/<page id>.tsx.
type RouteEntry = { file?: string; namespace?: string; meta?: string; unlisted?: boolean; paths: Partial<Record<Locale, string>> };
export type PageId = keyof typeof routeTable;
const table: Record<PageId, RouteEntry> = routeTable;

export const PAGE_IDS = Object.keys(routeTable) as PageId[];

export type PageMatch = { pageId: PageId; locale: Locale; params: Record<string, string> };

/** Locales in which a page exists (most pages: all four; variant 2 of the order form: Polish only). */
export function localesOf(pageId: PageId): Locale[] {
  return LOCALES.filter((locale) => table[pageId].paths[locale] !== undefined);
}

/** The i18n namespace holding a page's copy: its own id unless the table says otherwise. */
export function namespaceOf(pageId: PageId): string {
  return table[pageId].namespace ?? pageId;
}

/** Where in its namespace a page's title and description are: `meta` unless the table says otherwise. */
export function metaKeyOf(pageId: PageId): string {
  return table[pageId].meta ?? "meta";
}

/** A page with `:param` segments (a payment page, say) is generated per order, never listed in the sitemap. */
export function hasPathParams(pageId: PageId): boolean {
  return Object.values(table[pageId].paths).some((pattern) => pattern.includes(":"));
}

/**
 * A page search engines must not index and the sitemap does not list (`"unlisted": true` in the
 * table): the declaration's verification page, which is for a landlord holding a code.
 */
export function isUnlisted(pageId: PageId): boolean {
  return table[pageId].unlisted === true;
}

export function homePath(locale: Locale): string {
  return table.home.paths[locale] ?? "/";
}

/**
 * The path of a page in a language, with `:param` segments filled in.
 * Falls back to that language's home when the page does not exist in it.
 */
export function pathFor(pageId: PageId, locale: Locale, params: Record<string, string> = {}): string {
  const pattern = table[pageId].paths[locale];
  if (pattern === undefined) return homePath(locale);
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed === "" ? "/" : trimmed;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split("/");
  const pathParts = pathname.split("/");
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const expected = patternParts[i]!;
    const actual = pathParts[i]!;
    if (expected.startsWith(":")) {
      if (actual === "") return null;
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}

/**
 * The route-table spelling of a path that differs from it only by letter case or a trailing
 * slash ("/En/Contact" → "/en/contact", "/blog/" → "/blog"), or null when the path is
 * already canonical or is no page at all. Parameters (a payment token) keep their case.
 * Remix matches routes case-insensitively and ignores trailing slashes; the language and
 * the strings, however, come from the exact path, so such variants must be redirected.
 */
export function canonicalPathOf(pathname: string): string | null {
  const path = normalise(pathname);
  const parts = path.split("/");
  for (const pageId of PAGE_IDS) {
    for (const locale of localesOf(pageId)) {
      const pattern = table[pageId].paths[locale]!.split("/");
      if (pattern.length !== parts.length) continue;
      const matches = pattern.every((segment, index) => segment.startsWith(":") || segment.toLowerCase() === parts[index]!.toLowerCase());
      if (!matches) continue;
      const canonical = pattern.map((segment, index) => (segment.startsWith(":") ? parts[index]! : segment)).join("/") || "/";
      return canonical === pathname ? null : canonical;
    }
  }
  return null;
}

/** Which page and language a path belongs to, or null for a path outside the table. */
export function matchPage(pathname: string): PageMatch | null {
  const path = normalise(pathname);
  for (const pageId of PAGE_IDS) {
    for (const locale of localesOf(pageId)) {
      const params = matchPattern(table[pageId].paths[locale]!, path);
      if (params) return { pageId, locale, params };
    }
  }
  return null;
}

/**
 * The same page in another language. An unmatched path, or a page that does not
 * exist in the target language, falls back to that language's home.
 */
export function equivalentPath(pathname: string, target: Locale): string {
  const match = matchPage(pathname);
  if (!match) return homePath(target);
  return pathFor(match.pageId, target, match.params);
}

export type Alternate = { locale: Locale; path: string };

/** hreflang alternates of a page: one per language it exists in. */
export function alternatesOf(pageId: PageId, params: Record<string, string> = {}): Alternate[] {
  return localesOf(pageId).map((locale) => ({ locale, path: pathFor(pageId, locale, params) }));
}

export { DEFAULT_LOCALE, localeFromPath };

/** remix.config.js registers each page once per language with the route id `<pageId>.<locale>`. */
export function pageIdOfRoute(routeId: string | undefined): PageId | undefined {
  const candidate = routeId?.split(".")[0];
  return PAGE_IDS.find((id) => id === candidate);
}
