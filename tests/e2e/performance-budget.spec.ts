import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { MAIN_PATH_BUDGET_KB, walkMainPath } from "../support/main-path-walk.mjs";
import { LOCALES, pathFor, scrollToFaq } from "./support/site";

/**
 * Pages whose every behaviour works as plain HTML load no JavaScript at all
 * (docs/decisions/013 and 027): no script tag, no modulepreload, no script request.
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
 * shared with the order page it links to) and nothing else, the FAQ accordion and the
 * carousel only as the visitor scrolls towards them; without it, the plain page.
 */
for (const locale of LOCALES) {
  test(`${locale}: home loads only the app's build, and reads as plain HTML without JavaScript`, async ({ page, javaScriptEnabled }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(pathFor("home", locale));
    if (!javaScriptEnabled) {
      // The browser may still fetch Remix's modulepreloads, as on every app page; none of them runs.
      await expect(page.getByTestId("faq")).toHaveAttribute("data-enhanced", "false");
      await expect(page.getByTestId("faq-answer").first()).toBeVisible();
      return;
    }
    // Hydrated, and nothing more on the way: the FAQ accordion and the carousel, several
    // screens down, are not fetched for a visitor who has not scrolled towards them.
    await expect(page.locator('input[name="js"]').first()).toBeAttached();
    await page.waitForLoadState("networkidle");
    const lateChunks = /\/(FaqAccordion|TestimonialsEmbla)[^/]*\.js$/;
    expect(scripts.filter((path) => lateChunks.test(path))).toEqual([]);
    const carouselFetched = page.waitForRequest(/\/TestimonialsEmbla[^/]*\.js$/);
    await page.getByTestId("testimonials-viewport").scrollIntoViewIfNeeded();
    await carouselFetched;
    await scrollToFaq(page);
    await expect(page.getByTestId("faq")).toHaveAttribute("data-enhanced", "true");
    await expect(page.getByTestId("testimonials-carousel")).toHaveAttribute("data-enhanced", "true");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !path.startsWith("/build/"))).toEqual([]);
  });
}

/**
 * Building the first currency formatter loads ICU's locale data, about 10 ms of main thread
 * on a fast machine and several times that on a phone. The order page's loader sends the
 * prices formatted, so hydrating the form builds none (docs/decisions/027).
 */
test("the order page hydrates without building a currency formatter", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration needs JavaScript");
  await page.addInitScript(() => {
    const styles: string[] = [];
    (window as unknown as { __numberFormatStyles: string[] }).__numberFormatStyles = styles;
    const record = (args: unknown[]) => styles.push(String((args[1] as Intl.NumberFormatOptions | undefined)?.style ?? "decimal"));
    Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
      construct: (target, args) => (record(args), Reflect.construct(target, args)),
      apply: (target, self, args) => (record(args), Reflect.apply(target, self, args)),
    });
  });
  await page.goto("/en/order-declaration?type=notarized");
  // Hydrated: the forms carry the JavaScript flag only once React runs them.
  await expect(page.locator('form input[name="js"]').first()).toBeAttached();
  await expect(page.locator('label[for="field-declarationType-notarized"]')).toContainText("399");
  expect(await page.evaluate(() => (window as unknown as { __numberFormatStyles: string[] }).__numberFormatStyles)).not.toContain(
    "currency",
  );
});

/** The packages the compiler bundled into one file of the browser's build (build/metafile.js.json). */
function packagesIn(urlPath: string): string[] {
  const metafile = JSON.parse(readFileSync("build/metafile.js.json", "utf8")) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const output = metafile.outputs[`public${urlPath}`];
  if (!output) throw new Error(`${urlPath} is not in the build's metafile`);
  return [...new Set(Object.keys(output.inputs).flatMap((input) => input.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []))].sort();
}

test("the testimonials carousel runs Embla through its React hook (embla-carousel-react), fetched once the row is on screen", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the carousel's code runs only with JavaScript");
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const before = new Set(scripts);
  await page.getByTestId("testimonials-viewport").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("testimonials-carousel")).toHaveAttribute("data-enhanced", "true");
  const carouselChunks = scripts.filter((path) => !before.has(path) && packagesIn(path).some((name) => name.startsWith("embla-carousel")));
  expect(carouselChunks.flatMap(packagesIn)).toEqual(expect.arrayContaining(["embla-carousel", "embla-carousel-react"]));
  for (const path of before) expect(packagesIn(path).filter((name) => name.startsWith("embla-carousel"))).toEqual([]);
});

/**
 * The main path's budget (docs/performance.md), counted as a phone's browser fetches it: the walk of
 * tests/support/main-path-walk.mjs (also `npm run bench`'s), every JavaScript file the browser asked
 * for, each gzip -9. Bytes, not time: the figure is the same on a busy machine.
 */
test("home → order → preview → payment on a 390 px phone fetches at most 172 KB of JavaScript", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the budget is for the JavaScript a browser runs");
  const { kb, files } = await walkMainPath(browser, baseURL!);
  const listing = files.map((file) => `${(file.gzip / 1024).toFixed(1)} KB ${file.path}`).join("\n");
  expect(kb, `${kb.toFixed(1)} KB in ${files.length} files:\n${listing}`).toBeLessThanOrEqual(MAIN_PATH_BUDGET_KB);
});
