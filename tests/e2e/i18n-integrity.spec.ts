import { expect, test } from "@playwright/test";
import { leavesByLocale, pageText, problems } from "./support/page-language";
import { LOCALES, strings } from "./support/site";

/**
 * The check that every page shows only its own language (tests/e2e/support/page-language.ts) runs on
 * every page in every language in tests/e2e/a11y.spec.ts, on the visit that also runs axe (decision 093).
 * Here: the check itself, a client-side navigation, and the language files.
 */
test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "covered by the js project");
});

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
