// JavaScript a visitor's browser fetches, measured in a real browser (Chromium through Playwright,
// JavaScript on, a 390 px phone with touch): every JavaScript file the browser asks for (scripts,
// module preloads, dynamic imports), each gzip -9, summed over unique URLs. The main path is the walk
// in tests/support/main-path-walk.mjs, which the budget's browser test walks too.
// Used by scripts/bench.js (BENCH_ONLY=js); the budgets are in docs/performance.md.
import { chromium } from "@playwright/test";
import { gzipSizes, MAIN_PATH_BUDGET_KB, PHONE, recordJavaScript, walkMainPath } from "../tests/support/main-path-walk.mjs";

const PLAIN_PAGES = ["/regulamin", "/polityka-prywatnosci", "/blog", "/kontakt", "/dla-wynajmujacych", "/dla-najemcy"];

/** Opens a page on a phone and waits until it has fetched all it fetches without being touched (hydration and what follows it). */
async function untouched(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const requested = recordJavaScript(context);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "networkidle" });
    return await gzipSizes(requested);
  } finally {
    await context.close();
  }
}

/** "165.7 KB (46 files)", and with BENCH_JS_FILES=1 every file under the table. */
function measured({ kb, files }, name) {
  if (process.env.BENCH_JS_FILES) {
    console.log(`${name}:`);
    for (const file of files) console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(6)} KB  ${file.path}`);
  }
  return `${kb.toFixed(1)} KB (${files.length} files)`;
}

export async function benchJavaScript({ base, row }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const path = await walkMainPath(browser, base);
    row(
      "JS, home -> order -> preview -> payment (390 px)",
      `<= ${MAIN_PATH_BUDGET_KB} KB`,
      measured(path, "main path"),
      path.kb <= MAIN_PATH_BUDGET_KB,
    );
    for (const [name, url] of [
      ["home", "/"],
      ["order page", "/zamowienie-oswiadczenia"],
    ]) {
      const page = await untouched(browser, base + url);
      row(`JS before first interaction, ${name}`, "<= 135 KB", measured(page, name), page.kb <= 135);
    }
    for (const url of PLAIN_PAGES) {
      const { kb } = await untouched(browser, base + url);
      row(`JS, ${url}`, "0 KB", `${kb.toFixed(1)} KB`, kb === 0);
    }
  } finally {
    await browser.close();
  }
}
