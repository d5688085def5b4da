import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { createOperator, OPERATOR_PASSWORD, openOrder, placeOrder, signIn, uniqueOperatorEmail } from "./support/admin";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";
import { randomLetters } from "./support/order";
import { E2E_P24, standInUrl } from "./support/p24";
import { strings } from "./support/site";

/**
 * A paid replacement declaration paid online (docs/decisions/094): with PRICE_REPLACEMENT at 49 zł, an
 * operator asks the customer to pay instead of ticking a transfer; the customer pays on their order page
 * through the Przelewy24 stand-in, by BLIK (pl, a phone) or pay-by-link (uk, a desktop); the payment issues
 * the replacement, the page lists it, and the old code's verification page says "zastąpione". On a site of
 * its own for the price, one per project (two workers would otherwise start two on one port).
 */
test.describe.configure({ mode: "serial" });
const sitePort = (project: string) => ownSitePort(project === "js" ? 130 : 131);
test.use({ baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${sitePort(testInfo.project.name)}`) });

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };
/** 49 zł as the site writes money, in the page's language (app/i18n/money.ts). */
const priceIn = (tag: string) => new Intl.NumberFormat(tag, { style: "currency", currency: "PLN", minimumFractionDigits: 0 }).format(49);
const PRICE = priceIn("pl-PL");
const ADMIN = {
  owner: "Nowy właściciel lokalu zastępczego (imię i nazwisko albo nazwa)",
  address: "Adres nowego lokalu zastępczego",
  city: "Miejscowość nowego lokalu",
  confirm: "Poprzednie oświadczenie przestanie być ważne, a klient dostanie e-mail",
  request: "Poproś klienta o płatność online",
  requested:
    "Poproszono klienta o płatność online za oświadczenie zastępcze; dostanie e-mail z linkiem. Oświadczenie wystawi się po płatności.",
};

let site: ChildProcess;
let databasePath: string;
let operator: string;

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(databasePath, { fileMustExist: true, timeout: 5_000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The order's codes, oldest first, as the pages print them ("7KQ4-M2XD-9TRW"). */
function codesOf(number: string): string[] {
  const rows = withDatabase(
    (db) =>
      db
        .prepare(
          "SELECT code FROM declaration_codes JOIN orders ON orders.id = declaration_codes.order_id WHERE orders.number = ? ORDER BY declaration_codes.id",
        )
        .all(number) as Array<{ code: string }>,
  );
  return rows.map((row) => row.code.replace(/(.{4})(?=.)/g, "$1-"));
}

/** An order placed through the JSON API and brought to "dispatched" in the database, with its first code. */
async function dispatchedOrder(request: APIRequestContext, locale: "pl" | "uk") {
  const order = await placeOrder(request, { name: `Zastępcza Płatność ${randomLetters()}`, locale });
  const now = new Date().toISOString();
  withDatabase((db) =>
    db.prepare("UPDATE orders SET status = 'dispatched', paid_at = ?, dispatched_at = ? WHERE number = ?").run(now, now, order.number),
  );
  // Its first declaration's code is made when the order page (or the back office) first needs it.
  return order;
}

/** The operator asks for the online payment of a replacement with a new owner and flat; the waiting request is shown. */
async function requestPayment(page: Page, number: string, owner: string) {
  await signIn(page, operator);
  await openOrder(page, number);
  const form = page.getByTestId("replacement-form");
  await form.locator("summary").click();
  await form.getByLabel(ADMIN.owner).pressSequentially(owner);
  await form.getByLabel(ADMIN.address).pressSequentially("ul. Polna 12/4, 61-001 Poznań");
  await form.getByLabel(ADMIN.city).pressSequentially("Poznań");
  await form.getByLabel(ADMIN.confirm).check();
  // Without the transfer's tick: this button asks the customer instead.
  await form.getByRole("button", { name: ADMIN.request }).click();
  await expect(page.getByTestId("transition-done")).toHaveText(ADMIN.requested);
  const waiting = page.getByTestId("replacement-awaiting");
  await expect(waiting).toContainText(PRICE);
  await expect(waiting).toContainText(owner);
  await expect(page.getByTestId("replacement-form")).toHaveCount(0);
  await expect(page.getByTestId("status-history")).toContainText("poproszono klienta o płatność online za oświadczenie zastępcze");
}

async function noOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.beforeAll(async ({}, testInfo) => {
  // A site's boot and an operator's enrolment: on a busy machine a boot alone has taken a minute.
  testInfo.setTimeout(180_000);
  const port = sitePort(testInfo.project.name);
  databasePath = join(mkdtempSync(join(tmpdir(), "replacement-payment-e2e-")), "app.db");
  site = startOwnSite(port, {
    DATABASE_PATH: databasePath,
    RATE_LIMIT_EXEMPT: "127.0.0.1",
    PRICE_REPLACEMENT: "49",
    P24_MERCHANT_ID: String(E2E_P24.merchantId),
    P24_POS_ID: String(E2E_P24.posId),
    P24_API_KEY: E2E_P24.apiKey,
    P24_CRC: E2E_P24.crc,
    P24_API_URL: standInUrl(),
  });
  await waitUntilUp(port, site);
  operator = uniqueOperatorEmail(`replacement-payment-${testInfo.project.name}`);
  createOperator(operator, OPERATOR_PASSWORD, databasePath);
});

test.afterAll(() => stopOwnSite(site));

test("on a phone in Polish: the operator asks for the payment, the customer pays by BLIK, the replacement is issued and the old code is 'zastąpione'", async ({
  page,
  request,
}) => {
  const pl = strings("pl", "payment");
  await page.setViewportSize(PHONE);
  const order = await dispatchedOrder(request, "pl");
  const owner = `Maria Zielińska ${randomLetters()}`;
  await requestPayment(page, order.number, owner);
  await noOverflow(page, PHONE.width);
  const [oldCode] = codesOf(order.number);

  await page.goto(order.paymentPath);
  const panel = page.getByTestId("replacement-payment");
  await expect(panel.getByRole("heading", { name: pl.replacementPayment.heading, level: 2 })).toBeVisible();
  // The order's own payment forms sit inside the panel, one heading level below it.
  await expect(panel.getByRole("heading", { name: pl.online.heading, level: 3 })).toBeVisible();
  await expect(panel.getByRole("heading", { name: pl.online.blik.heading, level: 4 })).toBeVisible();
  await expect(panel.getByTestId("replacement-payment-amount")).toHaveText(pl.replacementPayment.amount.replace("{{amount}}", PRICE));
  await expect(panel).toContainText(owner);
  await noOverflow(page, PHONE.width);
  await panel.getByLabel(pl.online.blik.label).pressSequentially("777123");
  await panel.getByRole("button", { name: pl.online.blik.submit }).click();
  // The page looks again by itself (a meta refresh without JavaScript) until the notification has issued it.
  await expect(page.getByTestId("replacement-payment")).toHaveCount(0, { timeout: 20_000 });
  const items = page.getByTestId("declarations").getByTestId("declaration-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(1).getByTestId("declaration-state")).toHaveText(pl.replacement.current);
  await expect(items.nth(1)).toContainText(owner);
  const [, newCode] = codesOf(order.number);
  await expect(items.nth(1)).toContainText(newCode!);
  // The order's own status stays as it was.
  await expect(page.getByTestId("order-status")).toHaveText(pl.status.dispatched);

  await page.goto(`/weryfikacja/${oldCode}`);
  await expect(page.getByTestId("verify-verdict")).toContainText("zastąpione");
  await page.goto(`/weryfikacja/${newCode}`);
  await expect(page.getByTestId("verify-verdict")).toHaveText(strings("pl", "landlord").verify.result.valid);
});

test("on a desktop in Ukrainian: the customer pays by link on Przelewy24's page and comes back to the new declaration", async ({
  page,
  request,
}) => {
  const uk = strings("uk", "payment");
  await page.setViewportSize(WIDE);
  const order = await dispatchedOrder(request, "uk");
  const owner = `Ołena Kowal ${randomLetters()}`;
  await requestPayment(page, order.number, owner);
  const [oldCode] = codesOf(order.number);

  await page.goto(order.paymentPath);
  const panel = page.getByTestId("replacement-payment");
  await expect(panel.getByRole("heading", { name: uk.replacementPayment.heading })).toBeVisible();
  await expect(panel.getByTestId("replacement-payment-amount")).toHaveText(
    uk.replacementPayment.amount.replace("{{amount}}", priceIn("uk-UA")),
  );
  await panel.getByRole("button", { name: uk.online.redirect.submit }).click();
  await expect(page.getByRole("heading", { name: "Przelewy24 (stand-in)" })).toBeVisible();
  await page.getByRole("button", { name: "Zapłać" }).click();
  await expect(page).toHaveURL(new RegExp(`${order.paymentPath}\\?from=przelewy24$`));
  await expect(page.getByTestId("replacement-payment")).toHaveCount(0, { timeout: 20_000 });
  const items = page.getByTestId("declarations").getByTestId("declaration-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(1).getByTestId("declaration-state")).toHaveText(uk.replacement.current);
  await expect(items.nth(1)).toContainText(owner);
  await expect(page.getByTestId("order-status")).toHaveText(uk.status.dispatched);
  await noOverflow(page, WIDE.width);

  await page.goto(`/weryfikacja/${oldCode}`);
  await expect(page.getByTestId("verify-verdict")).toContainText("zastąpione");

  // The back office lists the new declaration, issued by the payment, and no request waits any more.
  await openOrder(page, order.number);
  await expect(page.getByTestId("admin-declaration-state")).toHaveText([/^zastąpione /, "aktualne"]);
  await expect(page.getByTestId("replacement-awaiting")).toHaveCount(0);
  await expect(page.getByTestId("status-history")).toContainText("zapłacono online przez: Przelewy24");
});

test("one request waits at a time: a second, from a page opened before, is refused with what was typed; cancelled, the form is back and the customer's page offers nothing to pay", async ({
  page,
  request,
}) => {
  await page.setViewportSize(WIDE);
  const order = await dispatchedOrder(request, "pl");
  await signIn(page, operator);
  // A second desk, opened before the first asks.
  const other = await page.context().newPage();
  await openOrder(other, order.number);
  await requestPayment(page, order.number, `Jan Nowak ${randomLetters()}`);

  const form = other.getByTestId("replacement-form");
  await form.locator("summary").click();
  await form.getByLabel(ADMIN.owner).pressSequentially("Piotr Drugi");
  await form.getByLabel(ADMIN.address).pressSequentially("ul. Leśna 3, 61-002 Poznań");
  await form.getByLabel(ADMIN.city).pressSequentially("Poznań");
  await form.getByLabel(ADMIN.confirm).check();
  const refused = other.waitForResponse((answer) => answer.request().method() === "POST");
  await form.getByRole("button", { name: ADMIN.request }).click();
  expect((await refused).status()).toBe(409);
  await expect(other.getByText("Oświadczenie zastępcze czeka już na płatność online klienta: może czekać tylko jedno.")).toBeVisible();
  await expect(other.getByTestId("replacement-form").getByLabel(ADMIN.owner)).toHaveValue("Piotr Drugi");
  await other.close();

  await page.getByTestId("replacement-awaiting").getByRole("button", { name: "Anuluj prośbę o płatność" }).click();
  await expect(page.getByTestId("transition-done")).toHaveText("Anulowano prośbę o płatność online za oświadczenie zastępcze.");
  await expect(page.getByTestId("replacement-awaiting")).toHaveCount(0);
  await expect(page.getByTestId("replacement-form")).toHaveCount(1);
  await expect(page.getByTestId("status-history")).toContainText("anulowano prośbę o płatność online za oświadczenie zastępcze");

  await page.goto(order.paymentPath);
  await expect(page.getByTestId("declarations")).toBeVisible();
  await expect(page.getByTestId("replacement-payment")).toHaveCount(0);
  await expect(page.getByTestId("online-payment")).toHaveCount(0);
  expect(codesOf(order.number)).toHaveLength(1);
});
