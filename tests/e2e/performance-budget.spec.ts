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
 * The home page is an islands page (docs/decisions/022): its document loads no Remix runtime,
 * only a small inline loader that, after load, imports the islands bundle from /islands/.
 */
for (const locale of LOCALES) {
  test(`${locale}: home loads no Remix runtime, and with JS its FAQ and carousel still come alive`, async ({ page, javaScriptEnabled }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(pathFor("home", locale));
    await expect(page.locator("script[src], link[rel=modulepreload]")).toHaveCount(0);
    await expect(page.locator('script[type="module"]')).toHaveCount(1);

    const faq = page.getByTestId("faq");
    const carousel = page.getByTestId("testimonials-carousel");
    if (!javaScriptEnabled) {
      await expect(faq).toHaveAttribute("data-enhanced", "false");
      await expect(page.getByTestId("faq-answer").first()).toBeVisible();
      await expect(page.getByTestId("testimonials-next")).toHaveCount(0);
      expect(scripts).toEqual([]);
      return;
    }
    // Radix and Embla are fetched after load, on purpose late: allow a loaded machine its time.
    await expect(faq).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
    await expect(page.getByTestId("faq-answer").first()).toBeHidden();
    await page.getByTestId("faq-item").first().getByRole("button").click();
    await expect(page.getByTestId("faq-answer").first()).toBeVisible();

    await expect(carousel).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
    const firstSlide = page.getByTestId("testimonial").first();
    await carousel.scrollIntoViewIfNeeded();
    const startX = (await firstSlide.boundingBox())!.x;
    await page.getByTestId("testimonials-next").click();
    await expect.poll(async () => (await firstSlide.boundingBox())!.x).toBeLessThan(startX - 100);

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !path.startsWith("/islands/"))).toEqual([]);
  });
}
