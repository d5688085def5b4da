import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { createOperator, openOrder, signIn, uniqueOperatorEmail } from "./support/admin";
import { ownSitePort, stopOwnSite } from "./support/own-server";
import { startInPostSite } from "./support/inpost";

/**
 * The operator ships through InPost (docs/decisions/048 and 059) on a site of its own pointed at the
 * ShipX stand-in, one site per project (two workers would otherwise start two on one port): a paid
 * locker order shipped with "Nadaj przesyłkę" (its tick asked for first), its label downloaded, two
 * more shipped with the day's batch after its list and its tick, in one PDF; an order the customer
 * withdrew from out of every queue; locker orders found by tracking number and locker, with their
 * delivery in the list; and a returned parcel flagged at a phone's width. The orders are placed
 * through the JSON API and made paid in the database; the back office runs no script, so both
 * projects take the same path.
 */
test.describe.configure({ mode: "default" });
const sitePort = (project: string) => ownSitePort(project === "js" ? 92 : 93);
const standInPort = (project: string) => ownSitePort(project === "js" ? 94 : 95);
test.use({ baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${sitePort(testInfo.project.name)}`) });

type Placed = { number: string; token: string };
let site: ChildProcess;
let standIn: ChildProcess;
let standInUrl: string;
let databasePath: string;
let operator: string;
let single: Placed;
let batch: Placed[];
let returned: Placed;
/** Paid without the early start, within the withdrawal period: the batch lists it as waiting. */
let inPeriod: Placed;
/** Paid, then withdrawn from: in no queue. */
let withdrawn: Placed;
let locker: string;

async function placeOrder(base: string, name: string): Promise<Placed> {
  const response = await fetch(`${base}/api/accept`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      imie_nazwisko_najemcy: name,
      email: "klient@example.com",
      telefon: "600100200",
      adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
      adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
    }),
  });
  if (response.status !== 201) throw new Error(`/api/accept answered ${response.status}`);
  const { payment_url: paymentUrl, order_number: number } = (await response.json()) as { payment_url: string; order_number: string };
  return { token: paymentUrl.split("/").at(-1)!, number };
}

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(databasePath, { fileMustExist: true, timeout: 5_000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

test.beforeAll(async ({}, testInfo) => {
  // A site's boot and an operator's enrolment: on a machine busy with the whole suite a boot alone has taken a minute.
  testInfo.setTimeout(180_000);
  const project = testInfo.project.name;
  databasePath = join(mkdtempSync(join(tmpdir(), "inpost-ship-e2e-")), "app.db");
  let base: string;
  ({ site, standIn, base, standInUrl } = await startInPostSite(sitePort(project), standInPort(project), databasePath, { webhook: true }));
  const { items } = (await (await fetch(`${standInUrl}/v1/points?relative_post_code=31-042&type=parcel_locker`)).json()) as {
    items: { name: string }[];
  };
  locker = items[0]!.name;
  single = await placeOrder(base, `Nadanie Pojedyncze ${project}`);
  batch = [await placeOrder(base, `Nadanie Zbiorcze Jeden ${project}`), await placeOrder(base, `Nadanie Zbiorcze Dwa ${project}`)];
  returned = await placeOrder(base, `Paczka Zwrócona ${project}`);
  inPeriod = await placeOrder(base, `Czeka Na Termin ${project}`);
  withdrawn = await placeOrder(base, `Odstąpił Klient ${project}`);
  withDatabase((db) => {
    // Placed and paid, with the early start asked for, a week ago: each is due for dispatch today
    // or earlier, and each goes to a locker the stand-in knows.
    const paid = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const pay = db.prepare(
      `UPDATE orders SET status = 'paid', created_at = ?, immediate_performance_consent_at = ?, paid_at = ?,
       delivery_method = 'locker', locker_name = ?, locker_address = 'ul. Długa 1, 31-042 Kraków' WHERE number = ?`,
    );
    for (const order of [single, ...batch]) pay.run(paid, paid, paid, locker, order.number);
    db.prepare(
      `UPDATE orders SET status = 'dispatched', paid_at = ?, dispatched_at = ?, tracking_number = '620000000000000000000001',
       courier = 'InPost', shipment_id = '990001', shipment_status = 'returned_to_sender', delivery_method = 'locker',
       locker_name = ?, locker_address = 'ul. Długa 1, 31-042 Kraków' WHERE number = ?`,
    ).run(paid, paid, locker, returned.number);
    // Paid today without the early start: the work starts after the withdrawal period.
    db.prepare(`UPDATE orders SET status = 'paid', paid_at = ?, immediate_performance_consent_at = NULL WHERE number = ?`).run(
      new Date().toISOString(),
      inPeriod.number,
    );
    pay.run(paid, paid, paid, locker, withdrawn.number);
    db.prepare(`UPDATE orders SET withdrawn_at = ? WHERE number = ?`).run(new Date().toISOString(), withdrawn.number);
  });
  operator = uniqueOperatorEmail(`ship-${project}`);
  createOperator(operator, undefined, databasePath);
});
test.afterAll(async () => {
  await stopOwnSite(site);
  await stopOwnSite(standIn, "SIGTERM");
});

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString("latin1") === "%PDF-";
/** Serious and critical WCAG 2.1 AA problems axe finds; axe runs as a script, so only the JavaScript project asks. */
async function violations(page: Page, javaScriptEnabled: boolean): Promise<string[]> {
  if (!javaScriptEnabled) return [];
  const found = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return found.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
const creates = async () => ((await (await fetch(`${standInUrl}/__shipments`)).json()) as { creates: number }).creates;

test("the operator ships one paid locker order after its tick, downloads its label, then ships the ready ones in one batch", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  // InPost's notice of the collection is read at the end of the webhook's 10 s window (the confirmation's notice opened it).
  testInfo.setTimeout(120_000);
  await signIn(page, operator);
  await openOrder(page, single.number);
  expect(await violations(page, javaScriptEnabled), "order page").toEqual([]);
  // The box to copy onto a label shows the locker, never the home address.
  await expect(page.getByRole("heading", { name: "Paczkomat odbioru (na etykietę przesyłki)" })).toBeVisible();
  await expect(page.getByTestId("delivery-label")).toContainText(`Paczkomat InPost ${locker}`);
  await expect(page.getByTestId("delivery-label")).not.toContainText("Krótka");

  // Without the tick nothing is made at InPost: the page says so at its top, linking to the tick.
  await page.getByRole("button", { name: "Nadaj przesyłkę" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Nie zapisano formularza „Nadaj przesyłkę”");
  await summary.getByRole("link", { name: /Potwierdzam: nadaj przesyłkę w InPost/ }).click();
  await expect(page.locator("#ship-confirm")).toBeFocused();
  expect(await creates()).toBe(0);

  await page.getByLabel("Potwierdzam: nadaj przesyłkę w InPost, klient dostanie e-mail z numerem").check();
  await page.getByRole("button", { name: "Nadaj przesyłkę" }).click();
  await expect(page.getByTestId("transition-done")).toContainText("Przesyłka utworzona w InPost, etykieta gotowa.");
  // A label is not a dispatch: the order stays paid until InPost has the parcel, and cannot be shipped twice.
  await expect(page.getByTestId("admin-order-status")).toHaveText("Opłacone");
  await expect(page.getByTestId("admin-shipping-awaiting-pickup")).toContainText("czeka na odbiór przez InPost");
  await expect(page.getByRole("button", { name: "Nadaj przesyłkę" })).toHaveCount(0);
  const trackingNumber = (await page.getByTestId("admin-tracking-number").textContent())!.match(/\d{24}/)![0];
  await expect(page.getByTestId("admin-shipping")).toContainText("potwierdzona (etykieta gotowa)");
  // The panel names InPost's tracking number, linked to InPost's page, not ShipX's own id.
  await expect(page.getByTestId("admin-shipping-tracking")).toHaveText(trackingNumber);
  await expect(page.getByTestId("admin-shipping-tracking")).toHaveAttribute(
    "href",
    `https://inpost.pl/sledzenie-przesylek?number=${trackingNumber}`,
  );
  await expect(page.getByTestId("admin-shipping")).not.toContainText(/\b7\d{6}\b/);

  // The label: the link downloads it, and it is a PDF by its type and by its first bytes.
  const labelLink = page.getByRole("link", { name: "Etykieta (PDF)" });
  const [download] = await Promise.all([page.waitForEvent("download"), labelLink.click()]);
  expect(isPdf(readFileSync(await download.path()))).toBe(true);
  const label = await page.request.get((await labelLink.getAttribute("href"))!);
  expect(label.headers()["content-type"]).toBe("application/pdf");
  expect(isPdf(await label.body())).toBe(true);

  // The customer's page says the parcel is prepared, not sent, and shows no number yet.
  await page.goto(`/platnosc/${single.token}`);
  await expect(page.getByTestId("order-status")).toHaveText("Opłacone");
  await expect(page.getByTestId("next-prepared")).toContainText("przygotowana do nadania");
  await expect(page.getByRole("link", { name: trackingNumber })).toHaveCount(0);

  // InPost's courier collects it, and InPost's notice reaches the site: now it is dispatched, and the page links the number.
  const shipmentId = withDatabase((db) => db.prepare(`SELECT shipment_id FROM orders WHERE number = ?`).get(single.number)) as {
    shipment_id: string;
  };
  await fetch(`${standInUrl}/__status`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id: shipmentId.shipment_id, status: "collected_from_sender" }),
  });
  await expect
    .poll(() => withDatabase((db) => db.prepare(`SELECT status FROM orders WHERE number = ?`).get(single.number)), { timeout: 30_000 })
    .toEqual({ status: "dispatched" });
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Wysłane");
  await expect(page.getByRole("link", { name: trackingNumber })).toHaveAttribute(
    "href",
    `https://inpost.pl/sledzenie-przesylek?number=${trackingNumber}`,
  );

  // The batch: the ready orders listed and ticked, the one within its withdrawal period waiting with its reason,
  // the withdrawn one nowhere; nothing is made before the operator's tick.
  await page.goto("/admin?due=1");
  await page.getByRole("link", { name: "Nadaj wszystkie gotowe do wysyłki" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nadaj gotowe do wysyłki");
  const readyRows = page.getByTestId("batch-ready");
  await expect(readyRows).toHaveCount(2);
  for (const order of batch) await expect(page.getByRole("checkbox", { name: `Nadaj ${order.number}` })).toBeChecked();
  await expect(page.getByTestId("batch-waiting").filter({ hasText: inPeriod.number })).toContainText("okres odstąpienia trwa do");
  await expect(page.getByText(withdrawn.number)).toHaveCount(0);
  expect(await violations(page, javaScriptEnabled), "batch").toEqual([]);
  await page.getByRole("button", { name: "Nadaj zaznaczone" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Zaznacz potwierdzenie");
  await expect(page.getByRole("checkbox", { name: `Nadaj ${batch[1]!.number}` })).toBeChecked();
  expect(await creates()).toBe(1);

  await page.getByLabel("Potwierdzam: nadaj zaznaczone przesyłki w InPost, klienci dostaną e-mail z numerem").check();
  await page.getByRole("button", { name: "Nadaj zaznaczone" }).click();
  // The answer is the back office's own page, order by order.
  await expect(page.getByTestId("batch-results")).toContainText("Utworzone przesyłki: 2 z 2.");
  for (const order of batch)
    await expect(page.getByTestId("batch-result").filter({ hasText: order.number })).toContainText(
      /utworzona, numer \d{24}; czeka na odbiór przez InPost/,
    );
  expect(await violations(page, javaScriptEnabled), "batch results").toEqual([]);
  const [labels] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Pobierz etykiety nadanych przesyłek (PDF)" }).click(),
  ]);
  expect(labels.suggestedFilename()).toMatch(/^etykiety-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = readFileSync(await labels.path());
  expect(isPdf(pdf)).toBe(true);
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
  const stored = withDatabase((db) =>
    db
      .prepare(`SELECT number, status, tracking_number FROM orders WHERE number IN (?, ?, ?, ?, ?) ORDER BY number`)
      .all(single.number, batch[0]!.number, batch[1]!.number, inPeriod.number, withdrawn.number),
  ) as { number: string; status: string; tracking_number: string | null }[];
  // The batch's two wait for InPost's courier with their labels' numbers; the first was collected.
  expect(
    stored
      .filter((order) => order.tracking_number)
      .map((order) => order.number)
      .sort(),
  ).toEqual([single.number, ...batch.map((order) => order.number)].sort());
  expect(Object.fromEntries(stored.map((order) => [order.number, order.status]))).toEqual({
    [single.number]: "dispatched",
    [batch[0]!.number]: "paid",
    [batch[1]!.number]: "paid",
    [inPeriod.number]: "paid",
    [withdrawn.number]: "paid",
  });
  // One shipment each at InPost: the batch did not ship the first order again, nor the waiting or the withdrawn one.
  expect(await creates()).toBe(3);
});

test("an order the customer withdrew from is out of the dispatch queue, says Odstąpiono, and offers no way to ship it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, operator);
  await page.goto(`/admin?q=${encodeURIComponent(withdrawn.number)}`);
  const card = page.getByTestId("order-card").filter({ hasText: withdrawn.number });
  await expect(card.getByTestId("order-card-status")).toHaveText("Opłacone");
  await expect(card.getByTestId("order-withdrawn")).toHaveText("Odstąpiono");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto("/admin?due=1");
  await expect(page.getByText(withdrawn.number)).toHaveCount(0);
  await expect(page.getByTestId("status-tab-due")).toHaveText(/^Do wysyłki \(\d+\)$/);
  const dueCount = Number((await page.getByTestId("status-tab-due").textContent())!.match(/\((\d+)\)/)![1]);
  await expect(page.getByTestId("order-card")).toHaveCount(dueCount);

  await openOrder(page, withdrawn.number);
  await expect(page.getByRole("button", { name: "Nadaj przesyłkę" })).toHaveCount(0);
  await expect(page.getByTestId("form-mark_dispatched")).toHaveCount(0);
  // The CSV says so too.
  const csv = await page.request.get(`/admin/orders.csv?q=${encodeURIComponent(withdrawn.number)}`);
  const [header, row] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
  expect(row!.split(";")[header!.split(";").indexOf("Odstąpiono")]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
});

test("a locker order is found by its tracking number and by its locker, with its delivery in the list, at 1280 px and 390 px", async ({
  page,
}) => {
  await signIn(page, operator);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const query of ["620000000000000000000001", "990001"]) {
      await page.goto("/admin");
      await page.getByLabel(/^Szukaj:/).pressSequentially(query);
      await page.getByRole("button", { name: "Szukaj" }).click();
      const rows = page.getByTestId(width > 640 ? "order-row" : "order-card");
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(returned.number);
      await expect(page.getByTestId(width > 640 ? "order-row-delivery" : "order-card-delivery").locator("visible=true")).toContainText(
        `Paczkomat InPost ${locker}`,
      );
    }
  }
  await page.goto(`/admin?q=${locker}`);
  await expect(page.getByTestId("order-card").filter({ hasText: returned.number })).toHaveCount(1);
});

test("a returned parcel is flagged in the list on a phone, and the shipment filter lists only it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, operator);
  await page.goto("/admin?status=all");
  const card = page.getByTestId("order-card").filter({ hasText: returned.number });
  await expect(card.getByTestId("shipment-trouble")).toHaveText("Przesyłka InPost: zwrócona do nadawcy");
  // The table is hidden at this width: only the card's flag shows.
  await expect(page.getByTestId("shipment-trouble").locator("visible=true")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByTestId("status-tab-trouble").click();
  await expect(page.getByTestId("status-tab-trouble")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("status-tab-trouble")).toHaveText("Problemy z przesyłką (1)");
  await expect(page.getByTestId("order-card")).toHaveCount(1);
  await expect(
    page.getByRole("list", { name: "Zamówienia z przesyłką zwróconą, niedoręczoną albo stojącą, od najdłużej w drodze" }),
  ).toBeVisible();
  await expect(page.getByTestId("order-card")).toContainText(returned.number);
});
