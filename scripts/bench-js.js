// JavaScript a visitor's browser transfers, measured in a real browser (Chromium through
// Playwright, JavaScript on): every script response, each gzip -9, summed over unique URLs.
// Used by scripts/bench.js (BENCH_ONLY=js); the budgets are in docs/performance.md.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const KB = 1024;
const PLAIN_PAGES = ["/regulamin", "/polityka-prywatnosci", "/blog", "/kontakt", "/dla-wynajmujacych", "/dla-najemcy"];

/** Records the gzip -9 size of every script the page receives, by URL. */
function recordScripts(page) {
  const sizes = new Map();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  return { total: () => [...sizes.values()].reduce((sum, size) => sum + size, 0) / KB, files: () => sizes.size };
}

/** Opens a page and waits until it has fetched all it fetches without being touched (hydration and what follows it). */
async function untouched(browser, url) {
  const page = await browser.newPage();
  const scripts = recordScripts(page);
  await page.goto(url, { waitUntil: "networkidle" });
  const result = { kb: scripts.total(), files: scripts.files() };
  await page.close();
  return result;
}

/** Home → a pricing card's order form (client-side) → preview → accept → payment page, as a visitor with JavaScript. */
async function mainPath(browser, base) {
  const page = await browser.newPage();
  const scripts = recordScripts(page);
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.getByTestId("pricing-order-regular").click();
  await page.waitForURL(/\/zamowienie-oswiadczenia\?type=regular$/);
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const fields = {
    landlordName: "Anna Nowak",
    tenantName: "Jan Kowalski",
    startDate: start,
    email: "bench@example.com",
    phone: "600100200",
    propertyAddress: "ul. Długa 5/3",
    propertyPostalCode: "70-001",
    propertyCity: "Szczecin",
    mailingAddress: "ul. Krótka 1",
    mailingPostalCode: "00-001",
    mailingCity: "Warszawa",
  };
  for (const [name, value] of Object.entries(fields)) await page.locator(`[name="${name}"]`).fill(value);
  await page.locator('[name="dataProcessingConsent"]').check();
  await page.locator('form button[name="intent"][value="preview"]').click();
  await page.locator('[name="acceptTerms"]').check();
  await page.locator('[name="immediatePerformanceConsent"]').check();
  await page.locator('button[name="intent"][value="accept"]').click();
  await page.waitForURL(/\/platnosc\/|\/payment\//, { timeout: 30_000 }).catch(async (error) => {
    console.error(await page.locator("main").innerText());
    throw error;
  });
  await page.waitForLoadState("networkidle");
  const result = { kb: scripts.total(), files: scripts.files() };
  await page.close();
  return result;
}

export async function benchJavaScript({ base, row }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const path = await mainPath(browser, base);
    row("JS, home -> order -> preview -> payment", "<= 170 KB", `${path.kb.toFixed(1)} KB (${path.files} files)`, path.kb <= 170);
    for (const [name, url] of [
      ["home", "/"],
      ["order page", "/zamowienie-oswiadczenia"],
    ]) {
      const { kb, files } = await untouched(browser, base + url);
      row(`JS before first interaction, ${name}`, "<= 135 KB", `${kb.toFixed(1)} KB (${files} files)`, kb <= 135);
    }
    for (const url of PLAIN_PAGES) {
      const { kb } = await untouched(browser, base + url);
      row(`JS, ${url}`, "0 KB", `${kb.toFixed(1)} KB`, kb === 0);
    }
  } finally {
    await browser.close();
  }
}
