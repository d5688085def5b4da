import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

/**
 * The suite reads the route table and the locale files as data, the way a translator
 * or a crawler would, instead of importing the app's modules: expectations stay
 * independent of the code under test.
 */
/**
 * The tag of a test that speaks HTTP alone (the `request` fixture, fetch) and opens no page: JavaScript is
 * the browser's, so the `no-js` project would only repeat it. Such tests run in the `js` project only
 * (playwright.config.ts, docs/decisions/070). A test with a page never takes it.
 */
export const HTTP_ONLY = { tag: "@http" } as const;
export const HTTP_ONLY_TAG = /@http\b/;

export const LOCALES = ["pl", "en", "uk", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export type PageId = "home" | "tenant" | "landlord" | "order" | "blog" | "contact" | "terms" | "privacy" | "orderAutomatic" | (string & {});

type RouteEntry = { namespace?: string; meta?: string; paths: Partial<Record<Locale, string>> };
const routeTable: Record<string, RouteEntry> = JSON.parse(readFileSync(join(process.cwd(), "app/i18n/route-table.json"), "utf8"));

export function pathFor(pageId: PageId, locale: Locale): string {
  const path = routeTable[pageId]?.paths[locale];
  if (!path) throw new Error(`No ${locale} path for ${pageId}`);
  return path;
}

/** A locale file as a plain object. */
export function strings(locale: Locale, namespace: string): Record<string, any> {
  return JSON.parse(readFileSync(join(process.cwd(), "locales", locale, `${namespace}.json`), "utf8"));
}

export type PageCase = { pageId: PageId; locale: Locale; path: string; title: string };

/** Every page of the route table in every language it exists in (pages with parameters excluded). */
export const ALL_PAGES: PageCase[] = Object.entries(routeTable)
  .filter(([, entry]) => !Object.values(entry.paths).some((path) => path.includes(":")))
  .flatMap(([pageId, entry]) =>
    LOCALES.filter((locale) => entry.paths[locale]).map((locale) => ({
      pageId,
      locale,
      path: entry.paths[locale]!,
      title: (entry.meta ?? "meta").split(".").reduce((node: any, key) => node?.[key], strings(locale, entry.namespace ?? pageId))
        .title as string,
    })),
  );

export const NAV_PAGES = ["tenant", "landlord", "blog", "contact"] as const;

/**
 * The delivery promise as app/config/delivery.ts states it: the copy quotes it
 * through these placeholders, never as typed numbers.
 */
export const DELIVERY_PROMISE = { regularDays: 1, notarizedDays: 3, dispatchDays: 2, transitDays: 1 } as const;

/**
 * A locale string as the reader sees it: `{{name}}` placeholders filled in (the delivery promise by default), a
 * nested key such as `$t(common:reviewRequest.when)` replaced by its string, and a nested plural key such as
 * `$t(common:businessDays.within, {'count': {{regularDays}} })` read from the locale's files in the form the
 * language's plural rules pick for that count.
 */
export function filled(text: string, values: Record<string, string | number> = {}, locale: Locale = "pl"): string {
  const all: Record<string, string | number> = { ...DELIVERY_PROMISE, ...values };
  const simple = text
    .replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => (name in all ? String(all[name]) : placeholder))
    .replace(/\$t\((\w+):([\w.]+)\)/g, (_, namespace: string, key: string) =>
      key.split(".").reduce((node: any, part) => node?.[part], strings(locale, namespace)),
    );
  return simple.replace(/\$t\((\w+):([\w.]+), \{'count': ([\d.]+) \}\)/g, (_, namespace: string, key: string, count: string) => {
    const form = new Intl.PluralRules(locale).select(Number(count));
    const path = `${key}_${form}`.split(".");
    const plural = path.reduce((node: any, part) => node?.[part], strings(locale, namespace)) as string;
    return plural.replace("{{count, number}}", new Intl.NumberFormat(locale).format(Number(count)));
  });
}

/**
 * Scrolls the home page to its FAQ. The FAQ turns into the accordion (a new element) as the
 * page comes within half a screen of it, possibly mid-scroll, so the page scrolls to whichever
 * element is there, not to a locator's element that may be gone by then.
 */
export async function scrollToFaq(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('[data-testid="faq"]')?.scrollIntoView());
}

/** The courier's tracking page the suite's site is started with (COURIER_TRACKING_URL): nothing is fetched from it. */
export const E2E_COURIER_TRACKING_URL = "https://tracking.example/track?number={number}";
