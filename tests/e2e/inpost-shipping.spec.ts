import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { createOperator, openOrder, signIn, uniqueOperatorEmail } from "./support/admin";
import { ownSitePort, stopOwnSite } from "./support/own-server";
import { startInPostSite } from "./support/inpost";

/**
 * The operator ships through InPost (docs/decisions/048) on a site of its own pointed at the ShipX
 * stand-in, one site per project (two workers would otherwise start two on one port): a paid locker
 * order shipped with "Nadaj przesyłkę", its label downloaded, two more shipped with the day's batch
 * in one PDF, and a returned parcel flagged in the list at a phone's width. The orders are placed
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
  ({ site, standIn, base, standInUrl } = await startInPostSite(sitePort(project), standInPort(project), databasePath));
  const { items } = (await (await fetch(`${standInUrl}/v1/points?relative_post_code=31-042&type=parcel_locker`)).json()) as {
    items: { name: string }[];
  };
  const locker = items[0]!.name;
  single = await placeOrder(base, `Nadanie Pojedyncze ${project}`);
  batch = [await placeOrder(base, `Nadanie Zbiorcze Jeden ${project}`), await placeOrder(base, `Nadanie Zbiorcze Dwa ${project}`)];
  returned = await placeOrder(base, `Paczka Zwrócona ${project}`);
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
       courier = 'InPost', shipment_id = '990001', shipment_status = 'returned_to_sender' WHERE number = ?`,
    ).run(paid, paid, returned.number);
  });
  operator = uniqueOperatorEmail(`ship-${project}`);
  createOperator(operator, undefined, databasePath);
});
test.afterAll(async () => {
  await stopOwnSite(site);
  await stopOwnSite(standIn, "SIGTERM");
});

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString("latin1") === "%PDF-";

test("the operator ships one paid locker order, downloads its label, then ships the rest of the day's in one PDF", async ({ page }) => {
  await signIn(page, operator);
  await openOrder(page, single.number);
  await page.getByRole("button", { name: "Nadaj przesyłkę" }).click();
  await expect(page.getByTestId("transition-done")).toContainText("Przesyłka nadana w InPost.");
  await expect(page.getByTestId("admin-order-status")).toHaveText("Wysłane");
  const trackingNumber = (await page.getByTestId("admin-tracking-number").textContent())!.match(/\d{24}/)![0];
  await expect(page.getByTestId("admin-shipping")).toContainText("potwierdzona (etykieta gotowa)");

  // The label: the link downloads it, and it is a PDF by its type and by its first bytes.
  const labelLink = page.getByRole("link", { name: "Etykieta (PDF)" });
  const [download] = await Promise.all([page.waitForEvent("download"), labelLink.click()]);
  expect(isPdf(readFileSync(await download.path()))).toBe(true);
  const label = await page.request.get((await labelLink.getAttribute("href"))!);
  expect(label.headers()["content-type"]).toBe("application/pdf");
  expect(isPdf(await label.body())).toBe(true);

  // The customer's page links the number to InPost's tracking.
  await page.goto(`/platnosc/${single.token}`);
  await expect(page.getByRole("link", { name: trackingNumber })).toHaveAttribute(
    "href",
    `https://inpost.pl/sledzenie-przesylek?number=${trackingNumber}`,
  );

  // The day's batch ships the two still paid, and gives one PDF with a page per label.
  await page.goto("/admin?due=1");
  const [labels] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Nadaj wszystkie do wysyłki dziś" }).click(),
  ]);
  expect(labels.suggestedFilename()).toMatch(/^etykiety-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = readFileSync(await labels.path());
  expect(isPdf(pdf)).toBe(true);
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
  const stored = withDatabase((db) =>
    db
      .prepare(`SELECT number, status, tracking_number FROM orders WHERE number IN (?, ?, ?) ORDER BY number`)
      .all(single.number, batch[0]!.number, batch[1]!.number),
  ) as { status: string; tracking_number: string | null }[];
  expect(stored.map((order) => order.status)).toEqual(["dispatched", "dispatched", "dispatched"]);
  expect(new Set(stored.map((order) => order.tracking_number)).size).toBe(3);
  // One shipment each at InPost: the batch did not ship the first order again.
  const { creates } = (await (await fetch(`${standInUrl}/__shipments`)).json()) as { creates: number };
  expect(creates).toBe(3);
});

test("a returned parcel is flagged in the list on a phone, and the shipment filter lists only it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, operator);
  await page.goto("/admin");
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
