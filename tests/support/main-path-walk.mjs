// The main path as a person walks it on a phone, and the JavaScript their browser fetches on the way
// (docs/performance.md). Used by the bench (scripts/bench-js.js) and by the budget's browser test
// (tests/e2e/performance-budget.spec.ts), so both count the same walk.
import { gzipSync } from "node:zlib";

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
// Back to 170 once the error screen's strings and the icons left the pages' JavaScript (docs/decisions/090, 095).
export const MAIN_PATH_BUDGET_KB = 170;
const KB = 1024;

/** Every JavaScript file a browser context asks for, by URL: scripts, module preloads, dynamic imports. */
export function recordJavaScript(context) {
  const urls = new Set();
  context.on("request", (request) => {
    if (request.resourceType() === "script" || new URL(request.url()).pathname.endsWith(".js")) urls.add(request.url());
  });
  return urls;
}

/**
 * Each file's gzip -9 size, read again from the server after the walk: the build's files never change
 * under one name, and a body read from the browser's response event may still be on its way.
 */
export async function gzipSizes(urls) {
  const files = [];
  for (const url of urls) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    files.push({ path: new URL(url).pathname, gzip: gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return { kb: files.reduce((sum, file) => sum + file.gzip, 0) / KB, files };
}

/** A date `days` from today as the order form reads it. */
const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Home → the regular pricing card's order form → preview → the payment page, at 390 px with touch:
 * the home page is scrolled a screen at a time, as it is read, until the card's button is on screen;
 * each field is typed key by key. Returns the JavaScript the browser fetched on the way.
 */
export async function walkMainPath(browser, base) {
  const context = await browser.newContext({ ...PHONE, locale: "pl-PL", timezoneId: "Europe/Warsaw" });
  try {
    const requested = recordJavaScript(context);
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: "networkidle" });
    const card = page.getByTestId("pricing-order-regular");
    for (let screen = 0; screen < 40; screen++) {
      const box = await card.boundingBox();
      if (box && box.y >= 0 && box.y + box.height <= PHONE.viewport.height) break;
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, PHONE.viewport.height * 0.8);
      await page.waitForFunction((y) => window.scrollY !== y, before);
    }
    await page.waitForLoadState("networkidle");
    await card.tap();
    await page.waitForURL(/\/zamowienie-oswiadczenia\?type=regular$/);
    const fields = {
      landlordName: "Anna Nowak",
      tenantName: "Jan Kowalski",
      startDate: inDays(30),
      email: "walk@example.com",
      phone: "600100200",
      propertyAddress: "ul. Długa 5/3",
      propertyPostalCode: "70-001",
      propertyCity: "Szczecin",
      mailingAddress: "ul. Krótka 1",
      mailingPostalCode: "00-001",
      mailingCity: "Warszawa",
    };
    // Fields are clicked, not tapped: after a touch, emulated key presses into the numeric start date
    // sometimes insert nothing (Chromium's touch emulation, not the page: a click never loses them).
    for (const [name, value] of Object.entries(fields)) {
      const field = page.locator(`#field-${name}`);
      await field.click();
      await field.pressSequentially(value);
    }
    await page.locator("#field-dataProcessingConsent").check();
    await page.locator('form button[name="intent"][value="preview"]').tap();
    await page.locator("#field-acceptTerms").check();
    await page.locator("#field-immediatePerformanceConsent").check();
    await page.locator('button[name="intent"][value="accept"]').tap();
    await page.waitForURL(/\/platnosc\//, { timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    return await gzipSizes(requested);
  } finally {
    await context.close();
  }
}
