import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { expectOnlyItsLanguage } from "./support/page-language";
import { ALL_PAGES, LOCALES, pathFor } from "./support/site";

/**
 * axe-core on every page of the route table in every language: no serious or critical
 * violation may remain. The navbar and footer are the same on every page, so they are
 * checked in full on the home pages and the other pages check their <main>. Without
 * JavaScript the home pages are checked as the server sends them (axe itself needs a
 * script, so the site's own scripts are blocked instead of all JavaScript).
 * The visit with JavaScript also checks that the page shows only its own language
 * (tests/e2e/support/page-language.ts): one load of each page serves both (decision 093).
 */
const pageIds = [...new Set(ALL_PAGES.map((page) => page.pageId))];

async function seriousViolations(page: Page, scope?: string) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test.describe("with JavaScript", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the server-rendered pages are checked below");
  });

  for (const locale of LOCALES) {
    test(`home in ${locale}, navbar and footer included; only ${locale} strings`, async ({ page }) => {
      await page.goto(pathFor("home", locale));
      await expectOnlyItsLanguage(page, locale);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const pageId of pageIds.filter((id) => id !== "home")) {
    test(`${pageId}: no serious or critical violations in any language, and only that language's strings`, async ({ page }) => {
      for (const target of ALL_PAGES.filter((candidate) => candidate.pageId === pageId)) {
        await page.goto(target.path);
        await expectOnlyItsLanguage(page, target.locale);
        expect(await seriousViolations(page, "main"), target.path).toEqual([]);
      }
    });
  }

  test("the home page on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const locale of ["pl", "uk"] as const) {
      await page.goto(pathFor("home", locale));
      expect(await seriousViolations(page), locale).toEqual([]);
    }
  });
});

test.describe("without JavaScript", () => {
  for (const locale of LOCALES) {
    test(`home in ${locale} as the server renders it`, async ({ browser, javaScriptEnabled }) => {
      test.skip(javaScriptEnabled, "the js project checks the enhanced pages");
      const context = await browser.newContext({ javaScriptEnabled: true });
      const page = await context.newPage();
      await page.route(/\/build\/.*\.js$/, (route) => route.abort());
      await page.goto(pathFor("home", locale));
      // The FAQ renders every answer open before hydration: proof no script enhanced it.
      await expect(page.getByTestId("faq")).toHaveAttribute("data-enhanced", "false");
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
