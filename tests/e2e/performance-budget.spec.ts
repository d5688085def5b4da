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

/**
 * Home is an ordinary page of the app: with JavaScript it loads Remix's own build (one React,
 * shared with the order page it links to) and nothing else; without it, no script at all.
 */
for (const locale of LOCALES) {
  test(`${locale}: home loads only the app's build, and no script without JavaScript`, async ({ page, javaScriptEnabled }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(pathFor("home", locale));
    if (!javaScriptEnabled) {
      await expect(page.getByTestId("faq")).toHaveAttribute("data-enhanced", "false");
      expect(scripts).toEqual([]);
      return;
    }
    await expect(page.getByTestId("faq")).toHaveAttribute("data-enhanced", "true");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !path.startsWith("/build/"))).toEqual([]);
  });
}
