import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_P24 } from "./tests/e2e/support/p24-config";
import { E2E_TRACKING } from "./tests/e2e/support/tracking-config";
import { E2E_COURIER_TRACKING_URL, HTTP_ONLY_TAG } from "./tests/e2e/support/site";

/**
 * The suite runs against the production build (node ./build/index.js) on 127.0.0.1,
 * with a fresh SQLite file per run. Every spec runs twice: with JavaScript (`js`)
 * and without it (`no-js`), but for the tests tagged HTTP_ONLY, which open no page (`js` only).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// The Conversions API stand-in (tests/e2e/support/capi-stub.mjs); specs read its address from the env.
const capiStubPort = port + 2;
process.env.E2E_CAPI_STUB_URL = `http://127.0.0.1:${capiStubPort}`;
// Set once in the main process; workers inherit it, so specs can open the same database file.
const runDirectory = mkdtempSync(join(tmpdir(), "adres-e2e-"));
process.env.E2E_DATABASE_PATH ??= join(runDirectory, "e2e.db");
// The operators' second factor (docs/decisions/044): the site and `npm run operator`, which the
// specs run to create operators, seal the authenticator secrets under the same key.
process.env.OPERATOR_SECRET_KEY ??= "the browser suite's operator secret key (32+ chars)";
// A real SMTP server (tests/support/smtp-server-cli.mjs): it writes each message it receives as JSON here.
const smtpPort = port + 3;
process.env.E2E_SMTP_CONTROL_URL = `http://127.0.0.1:${port + 4}`;
process.env.E2E_MAIL_DIR ??= join(runDirectory, "received-mail");
// The Przelewy24 stand-in (tests/support/p24-stand-in.mjs); the site pays through it.
const p24Port = port + 5;
process.env.E2E_P24_STAND_IN_URL = `http://127.0.0.1:${p24Port}`;
const p24Account = {
  P24_MERCHANT_ID: String(E2E_P24.merchantId),
  P24_POS_ID: String(E2E_P24.posId),
  P24_API_KEY: E2E_P24.apiKey,
  P24_CRC: E2E_P24.crc,
};

/**
 * Debian's chromium-headless-shell when it is installed: Chromium's headless shell, the build
 * Playwright itself runs headless tests in, takes half the CPU of the full browser in headless
 * mode (docs/decisions/055). The full browser otherwise.
 */
function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
}

/**
 * The suite's ports: the site's, its stand-ins' (+2…+5) and the sites specs start themselves (ownSitePort's offsets).
 * Chromium refuses some ports outright (6000 is X11's, 6665–6669 IRC's: net::ERR_UNSAFE_PORT); an E2E_PORT
 * among them is allowed for this browser only.
 */
const SUITE_PORTS = Array.from({ length: 200 }, (_, offset) => port + offset);

const launchOptions = {
  executablePath: chromiumExecutable(),
  args: [
    `--explicitly-allowed-ports=${SUITE_PORTS.join(",")}`,
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  // Generous: on a busy 2-core machine the mail worker yields to the pages (docs/decisions/015), so an
  // e-mail can take tens of seconds to arrive; the tests wait for it, never for a time.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    // No trace by default: recording one for every test (kept only on failure) cost a quarter of the
    // suite's time on the 2-core host (chrome.spec: 4.0 min with it, 2.9 min without). A failure
    // still leaves a screenshot; `npx playwright test <spec> --trace retain-on-failure` records traces.
    trace: "off",
    screenshot: "only-on-failure",
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
    // The site scrolls smoothly (tailwind.css) except for visitors who ask for reduced motion.
    // Playwright scrolls a field into view and then clicks where it is: while a smooth scroll
    // is still moving on a busy machine, the click lands beside it (seen once: a consent
    // checkbox "did not change its state"). The tests are such visitors.
    reducedMotion: "reduce",
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions } },
    // A test tagged HTTP_ONLY opens no page, so without JavaScript it would only run again (decision 070).
    { name: "no-js", grepInvert: HTTP_ONLY_TAG, use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions } },
  ],
  // Started in this order: the SMTP server and the Conversions API and Przelewy24 stand-ins, then the site that uses them.
  webServer: [
    {
      command: "node tests/support/smtp-server-cli.mjs",
      url: `${process.env.E2E_SMTP_CONTROL_URL}/health`,
      reuseExistingServer: false,
      timeout: 10_000,
      env: { SMTP_STUB_PORT: String(smtpPort), SMTP_STUB_CONTROL_PORT: String(port + 4), SMTP_STUB_DIR: process.env.E2E_MAIL_DIR },
    },
    {
      command: "node tests/e2e/support/capi-stub.mjs",
      url: `${process.env.E2E_CAPI_STUB_URL}/__health`,
      reuseExistingServer: false,
      timeout: 10_000,
      env: { CAPI_STUB_PORT: String(capiStubPort) },
    },
    {
      command: "node tests/support/p24-stand-in.mjs",
      url: `${process.env.E2E_P24_STAND_IN_URL}/__health`,
      reuseExistingServer: false,
      timeout: 10_000,
      env: { P24_STAND_IN_PORT: String(p24Port), ...p24Account },
    },
    {
      command: "node ./build/index.js",
      url: `${baseURL}/robots.txt`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        SITE_URL: baseURL,
        DATABASE_PATH: process.env.E2E_DATABASE_PATH,
        // Every marketing channel on, pointed at the stand-in; nothing leaves 127.0.0.1.
        META_PIXEL_ID: E2E_TRACKING.metaPixelId,
        META_CAPI_TOKEN: E2E_TRACKING.capiToken,
        META_CAPI_URL: process.env.E2E_CAPI_STUB_URL,
        TIKTOK_PIXEL_ID: E2E_TRACKING.tiktokPixelId,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Adres do eksmisji <zamowienia@adres.test>",
        OPERATOR_EMAIL: "operator@adres.test",
        OPERATOR_SECRET_KEY: process.env.OPERATOR_SECRET_KEY,
        // The rate limits are on, as in production; the suite's own address sends far more than
        // 30 POSTs a minute, so it alone is exempt. The limits have their own spec and server
        // (tests/e2e/rate-limits.spec.ts).
        RATE_LIMIT_EXEMPT: "127.0.0.1",
        // As behind one reverse proxy: the back-office specs give each test its own client
        // address (X-Forwarded-For), so one test's sign-in lockout never locks out another's.
        TRUST_PROXY: "1",
        // The page cache on, with the longest life it allows: a test that reads Cache-Status may
        // meet a page another test stored moments before, and with the default 60 s that page
        // could expire in the middle of the test on a busy machine (a wall-clock flake).
        PAGE_CACHE_SECONDS: "3600",
        // An e-mail or a KSeF submission that failed in an outage test is tried again after 2 s, not 30.
        OUTBOX_FIRST_RETRY_SECONDS: "2",
        // Tracking numbers link to a courier's page (tests/e2e/payment.spec.ts, the dispatch e-mail).
        COURIER_TRACKING_URL: E2E_COURIER_TRACKING_URL,
        // Online payment on, through the stand-in; tests/e2e/payment-online.spec.ts starts a site without it too.
        ...p24Account,
        P24_API_URL: process.env.E2E_P24_STAND_IN_URL,
        // Every messenger link on (tests/e2e/customer-messages.spec.ts); nothing is opened.
        TELEGRAM_USERNAME: "adres_test_bot",
        VIBER_NUMBER: "+48 600 100 200",
        WHATSAPP_NUMBER: "+48 600 100 201",
        MESSENGER_PAGE: "adres.test",
      },
    },
  ],
});
