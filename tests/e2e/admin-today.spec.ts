import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { createOperator, OPERATOR_PASSWORD, openOrder, placeOrder, signIn, uniqueOperatorEmail } from "./support/admin";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";

/**
 * "Dziś", the back office's first page (docs/decisions/081), on a site of its own so that "nothing is
 * due" can be true: one site per project (two workers would otherwise start two on one port), the
 * empty day first, then orders placed through the JSON API and brought to their states (paid, withdrawn
 * from, a parcel sent back, a review written) in the database, one of them paid through the order page
 * so that its invoice waits for KSeF as a real one does. The back office runs no script, so both projects
 * take the same path. Which unpaid orders are due today or tomorrow depends on the weekday; the unit
 * tests (app/today/today.server.test.ts) cover that group.
 */
test.describe.configure({ mode: "default" });
const sitePort = (project: string) => ownSitePort(project === "js" ? 90 : 91);
test.use({ baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${sitePort(testInfo.project.name)}`) });

let site: ChildProcess;
let databasePath: string;
let operator: string;

function withDatabase(work: (db: Database.Database) => void): void {
  const db = new Database(databasePath, { fileMustExist: true, timeout: 5_000 });
  try {
    work(db);
  } finally {
    db.close();
  }
}

test.beforeAll(async ({}, testInfo) => {
  // A site's boot and an operator's enrolment: on a machine busy with the whole suite a boot alone has taken a minute.
  testInfo.setTimeout(180_000);
  const port = sitePort(testInfo.project.name);
  databasePath = join(mkdtempSync(join(tmpdir(), "today-e2e-")), "app.db");
  site = startOwnSite(port, { DATABASE_PATH: databasePath, RATE_LIMIT_EXEMPT: "127.0.0.1" });
  await waitUntilUp(port, site);
  operator = uniqueOperatorEmail(`today-${testInfo.project.name}`);
  createOperator(operator, OPERATOR_PASSWORD, databasePath);
});

test.afterAll(() => stopOwnSite(site));

test("with nothing due, Dziś says so; the menu's Zamówienia and a search open the order list at its own address", async ({ page }) => {
  await signIn(page, operator);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dziś");
  await expect(page.getByTestId("today-nothing")).toContainText("Na dziś nic więcej");
  const menu = page.getByRole("navigation", { name: "Sekcje panelu" });
  await expect(menu.getByRole("link").first()).toHaveText("Dziś");
  await expect(menu.getByRole("link", { name: "Dziś" })).toHaveAttribute("aria-current", "page");

  await menu.getByRole("link", { name: "Zamówienia" }).click();
  await expect(page).toHaveURL(/\/admin\?status=all$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zamówienia");
  await expect(menu.getByRole("link", { name: "Zamówienia" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("status-tab-all")).toHaveAttribute("aria-current", "page");
  // The list's own "every order" tab stays on the list: bare /admin would be Dziś.
  await page.getByTestId("status-tab-paid").click();
  await page.getByTestId("status-tab-all").click();
  await expect(page).toHaveURL(/\/admin\?status=all$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zamówienia");

  // The search on Dziś goes to the list's address, /admin?q=…, as bookmarks made before Dziś do.
  await menu.getByRole("link", { name: "Dziś" }).click();
  await page.getByLabel(/^Szukaj/).pressSequentially("Nikt Taki");
  await page.getByRole("button", { name: "Szukaj" }).click();
  await expect(page).toHaveURL(/\/admin\?q=Nikt\+Taki$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zamówienia");
  await expect(page.getByTestId("no-orders")).toBeVisible();
});

test("the day's groups with their counts, the nearest deadline first, at 390 and 1280 px; a row opens its order", async ({
  page,
  request,
}, testInfo) => {
  const project = testInfo.project.name;
  const named = async (name: string, invoice?: { nabywca: string; adres: string; nip: string }) =>
    (await placeOrder(request, { name: `${name} ${project}`, ...(invoice ? { invoice } : {}) })).number;
  const leaseToday = await named("Anna Najem");
  const noLease = await named("Bartosz Bez");
  const withdrawn = await named("Celina Odstąpienie");
  const returned = await named("Damian Zwrot");
  const invoiced = await named("Ewa Faktura", { nabywca: "Faktura sp. z o.o.", adres: "ul. Krzywa 2/4, 60-001 Poznań", nip: "7791011327" });
  const now = new Date().toISOString();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw" }).format(new Date());
  withDatabase((db) => {
    const paid = db.prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE number = ?");
    for (const number of [leaseToday, noLease, withdrawn, returned]) paid.run(now, number);
    // The lease starts today: no promised delivery can come in time, so it leads its group.
    db.prepare("UPDATE orders SET start_date = ? WHERE number = ?").run(today, leaseToday);
    db.prepare("UPDATE orders SET withdrawn_at = ? WHERE number = ?").run(now, withdrawn);
    db.prepare(
      "UPDATE orders SET status = 'dispatched', dispatched_at = ?, shipment_id = 'S1', shipment_status = 'returned_to_sender', tracking_number = '620000000000000000000001' WHERE number = ?",
    ).run(now, returned);
    db.prepare(
      `INSERT INTO reviews (order_id, stars, text, display_name, city, consent_at, locale, created_at, updated_at)
       SELECT id, 5, 'Szybko i sprawnie.', 'Damian', 'Gdańsk', ?, 'pl', ?, ? FROM orders WHERE number = ?`,
    ).run(now, now, now, returned);
  });
  // Paid through its page: the invoice is issued with the payment, and with KSeF not set up it waits to be sent by hand.
  await signIn(page, operator);
  await openOrder(page, invoiced);
  const markPaid = page.getByTestId("form-mark_paid");
  await markPaid.getByLabel(/^Potwierdzam/).check();
  await markPaid.getByRole("button", { name: "Oznacz jako opłacone" }).click();
  await expect(page.getByTestId("admin-order-status")).toHaveText("Opłacone");

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin");
    const groups = page.locator("main section");
    // The refund is due 14 days after today's withdrawal; without the early start, dispatch waits for the withdrawal period to end.
    await expect(groups.getByRole("heading", { level: 2 })).toHaveText([
      "Odstąpienia do decyzji (1)",
      "Opłacone do wysyłki (3)",
      "Przesyłki z problemem (1)",
      "Faktury: KSeF (1)",
      "Opinie do oceny (1)",
    ]);
    const dispatch = page.getByTestId("today-group-dispatch").getByTestId("today-row");
    await expect(dispatch.first()).toContainText(leaseToday);
    await expect(dispatch.first().getByTestId("today-alert")).toContainText("po początku najmu");
    await expect(page.getByTestId("today-group-withdrawals")).toContainText(withdrawn);
    await expect(page.getByTestId("today-group-withdrawals")).toContainText("Zwrot najpóźniej");
    await expect(page.getByTestId("today-group-parcels").getByTestId("today-alert")).toHaveText("Przesyłka InPost: zwrócona do nadawcy");
    await expect(page.getByTestId("today-group-invoices")).toContainText("do wysłania do KSeF ręcznie");
    await expect(page.getByTestId("today-group-reviews")).toContainText("Ocena: 5 na 5");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`today-${width}.png`), fullPage: true });
  }

  // One click from the row to the order.
  await page.getByTestId("today-group-dispatch").getByRole("link", { name: noLease }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Zamówienie ${noLease}`);
});
