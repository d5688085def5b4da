import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { LOCALES, strings, type Locale } from "./site";

/**
 * Every page in every language must show only its own language: no raw i18n key and no sentence
 * that exists only in another language's files. A string missing in one language falls back to
 * Polish (docs/decisions/026), so a gap shows here as a Polish sentence on the English page, say.
 * tests/e2e/a11y.spec.ts checks every page with it on the visit that also runs axe (decision 093);
 * tests/e2e/i18n-integrity.spec.ts checks the check itself and the language files.
 */
const NAMESPACES = readdirSync(join(process.cwd(), "locales", "pl")).map((file) => file.replace(/\.json$/, ""));

function leaves(value: unknown, path = ""): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}.${index}`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  return [];
}

export const leavesByLocale = Object.fromEntries(
  LOCALES.map((locale) => [locale, NAMESPACES.flatMap((namespace) => leaves(strings(locale, namespace)))]),
) as Record<Locale, Array<[string, string]>>;

/** Key paths as i18next prints them: "hero.subtitle", "products.turnaround" (plural suffix dropped), lists and their items. */
const RAW_KEYS = new Set(
  leavesByLocale.pl.flatMap(([path]) => {
    const key = path.replace(/_(zero|one|two|few|many|other)$/, "");
    const parts = key.split(".");
    return parts
      .map((_, index) => parts.slice(0, index + 1).join("."))
      .filter((prefix) => prefix.includes(".") || /[a-z][A-Z]/.test(prefix));
  }),
);

/** The literal fragments of another language's strings (placeholders cut out) long enough to be unmistakable. */
function foreignFragmentsOf(locale: Locale): string[] {
  const own = new Set(leavesByLocale[locale].map(([, text]) => text));
  const ownFragments = new Set(leavesByLocale[locale].flatMap(([, text]) => text.split(/\{\{\w+\}\}/)).map((fragment) => fragment.trim()));
  const fragments = LOCALES.filter((other) => other !== locale)
    .flatMap((other) => leavesByLocale[other].map(([, text]) => text))
    .filter((text) => !own.has(text))
    .flatMap((text) => text.split(/\{\{\w+\}\}/).map((fragment) => fragment.trim()))
    .filter((fragment) => fragment.length >= 14 && /\s/.test(fragment) && !ownFragments.has(fragment));
  return [...new Set(fragments)];
}

/** Worked out once per language: every page of a spec's worker is checked against the same list. */
const foreignFragments = Object.fromEntries(LOCALES.map((locale) => [locale, foreignFragmentsOf(locale)])) as Record<Locale, string[]>;

/** Everything a reader or a screen reader gets: every text node (hidden answers included), alt and ARIA labels, title and description. */
export async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const texts: string[] = [document.title, document.querySelector('meta[name="description"]')?.getAttribute("content") ?? ""];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement?.closest("script, style") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? "");
    for (const element of document.body.querySelectorAll("[alt], [aria-label], [title], [placeholder]")) {
      for (const name of ["alt", "aria-label", "title", "placeholder"]) texts.push(element.getAttribute(name) ?? "");
    }
    return texts.join("\n");
  });
}

export function problems(text: string, locale: Locale) {
  const tokens = text.split(/[\s,;:!?()"„”«»]+/).map((token) => token.replace(/\.$/, ""));
  return {
    rawKeys: tokens.filter((token) => RAW_KEYS.has(token)),
    foreign: foreignFragments[locale].filter((fragment) => text.includes(fragment)),
  };
}

// One project is enough: with JavaScript the check sees the server's HTML after hydration,
// which must match it, plus anything rendered on the client.

/** The page shows only `locale`'s strings: its `lang`, no raw key, no other language's sentence, no U+FFFD. */
export async function expectOnlyItsLanguage(page: Page, locale: Locale): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  const text = await pageText(page);
  expect(problems(text, locale), page.url()).toEqual({ rawKeys: [], foreign: [] });
  expect(text.includes("\ufffd"), `U+FFFD in ${page.url()}`).toBe(false);
}
