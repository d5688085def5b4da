import { chromium } from "@playwright/test";
const [,, url, out, w, h, full, js] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) }, javaScriptEnabled: js !== "nojs" });
await page.goto(url);
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full === "full" });
console.log(await page.evaluate(() => [document.documentElement.scrollWidth, document.querySelector('[data-testid=cookie-banner]')?.getBoundingClientRect().height]));
await browser.close();
