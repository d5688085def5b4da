import { expect, test } from "@playwright/test";
import { LOCALES, pathFor } from "./support/site";

/**
 * Pages whose every behaviour works as plain HTML load no JavaScript at all
 * (docs/decisions/013, issue 12): no script tag, no modulepreload, no script request.
 */
const PLAIN_HTML_PAGES = ["terms", "privacy", "blog", "contact", "landlord", "tenant"] as const;

for (const locale of LOCALES) {
  test(`${locale}: terms, privacy, blog, contact, landlord and tenant load no script`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    for (const pageId of PLAIN_HTML_PAGES) {
      await page.goto(pathFor(pageId, locale));
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator("script[src], link[rel=modulepreload]")).toHaveCount(0);
    }
    expect(scripts).toEqual([]);
  });
}

test("the home page still loads the app's scripts and hydrates", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration needs JavaScript");
  const response = await page.goto(pathFor("home", "pl"));
  // Read from the server's HTML: Remix's <Scripts> drops its modulepreload links from the DOM at
  // its first re-render after hydration (route discovery's __manifest answer triggers one).
  expect(await response!.text()).toContain('<link rel="modulepreload"');
  // Radix is fetched after hydration, on purpose late: allow a loaded machine its time.
  await expect(page.getByTestId("faq")).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
});
