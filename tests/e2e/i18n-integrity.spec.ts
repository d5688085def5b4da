import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ALL_PAGES, LOCALES, strings, type Locale } from "./support/site";

/**
 * Every page in every language must show only its own language: no raw i18n key and no sentence
 * that exists only in another language's files. A string missing in one language falls back to
 * Polish (docs/decisions/026), so a gap shows here as a Polish sentence on the English page, say.
 */
const NAMESPACES = readdirSync(join(process.cwd(), "locales", "pl")).map((file) => file.replace(/\.json$/, ""));

function leaves(value: unknown, path = ""): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}.${index}`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  return [];
}

const leavesByLocale = Object.fromEntries(
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
function foreignFragments(locale: Locale): string[] {
  const own = new Set(leavesByLocale[locale].map(([, text]) => text));
  const ownFragments = new Set(leavesByLocale[locale].flatMap(([, text]) => text.split(/\{\{\w+\}\}/)).map((fragment) => fragment.trim()));
  const fragments = LOCALES.filter((other) => other !== locale)
    .flatMap((other) => leavesByLocale[other].map(([, text]) => text))
    .filter((text) => !own.has(text))
    .flatMap((text) => text.split(/\{\{\w+\}\}/).map((fragment) => fragment.trim()))
    .filter((fragment) => fragment.length >= 14 && /\s/.test(fragment) && !ownFragments.has(fragment));
  return [...new Set(fragments)];
}

/** Everything a reader or a screen reader gets: every text node (hidden answers included), alt and ARIA labels, title and description. */
async function pageText(page: Page): Promise<string> {
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

function problems(text: string, locale: Locale) {
  const tokens = text.split(/[\s,;:!?()"„”«»]+/).map((token) => token.replace(/\.$/, ""));
  return {
    rawKeys: tokens.filter((token) => RAW_KEYS.has(token)),
    foreign: foreignFragments(locale).filter((fragment) => text.includes(fragment)),
  };
}

// One project is enough: with JavaScript the check sees the server's HTML after hydration,
// which must match it, plus anything rendered on the client.
test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "covered by the js project");
});

for (const locale of LOCALES) {
  test.describe(`${locale} pages show only ${locale} strings`, () => {
    for (const target of ALL_PAGES.filter((page) => page.locale === locale)) {
      test(`${target.path}`, async ({ page }) => {
        await page.goto(target.path);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        const text = await pageText(page);
        expect(problems(text, locale)).toEqual({ rawKeys: [], foreign: [] });
        // A replacement character means the HTML reached the browser with broken bytes.
        expect(text.includes("\ufffd"), "U+FFFD in the page").toBe(false);
      });
    }
  });
}

test("a client-side navigation to a page with other namespaces shows that page's strings", async ({ page }) => {
  // The order page hydrates the app; its navbar links then navigate without loading a document.
  await page.goto("/uk/order-declaration");
  await expect(page.locator('input[name="js"]').first()).toBeAttached(); // rendered once the page has hydrated
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page
    .getByRole("navigation", { name: strings("uk", "common").nav.label })
    .getByRole("link", { name: strings("uk", "common").nav.tenant })
    .click();
  await expect(page).toHaveURL("/uk/for-tenant");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(strings("uk", "tenant").heading);
  await expect(page.getByText(strings("uk", "tenant").lead)).toBeVisible();
  await expect(page).toHaveTitle(strings("uk", "tenant").meta.title);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    "navigated without a document load",
  ).toBe(true);
  expect(problems(await pageText(page), "uk")).toEqual({ rawKeys: [], foreign: [] });
});

test("the check itself notices Polish copy where English is expected and a key printed raw", async ({ page }) => {
  await page.goto("/blog");
  const found = problems(`${await pageText(page)}\nhero.subtitle`, "en");
  expect(found.rawKeys).toEqual(["hero.subtitle"]);
  expect(found.foreign).toContain(strings("pl", "blog").lead);
});

test("no language file leaves a sentence untranslated from Polish", () => {
  const polish = new Map(leavesByLocale.pl);
  for (const locale of LOCALES.filter((other) => other !== "pl")) {
    const copied = leavesByLocale[locale]
      .filter(([path, text]) => text.length >= 25 && /\s\S+\s/.test(text) && polish.get(path) === text)
      .map(([path]) => path);
    expect(copied, locale).toEqual([]);
  }
});
