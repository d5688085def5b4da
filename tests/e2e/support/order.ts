import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { validOrderForm } from "../../support/valid-order";

/** A date `days` from today as the date input sends it (the start date must be within a year of today). */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Random Latin letters: names must be written in letters only, as in a passport. */
export function randomLetters(length = 6): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

/** Form data that passes validation; `tenantName` is made unique per test so rows can be counted. */
export function validOrder(tag: string) {
  const { dataProcessingConsent: _consent, ...fields } = validOrderForm();
  return { ...fields, declarationType: "notarized", tenantName: `Jan Kowalski ${tag} ${randomLetters()}` };
}
export type OrderData = ReturnType<typeof validOrder>;

/** Fills the variant-1 form through its fields (ids are `field-<name>`). */
export async function fillOrderForm(page: Page, data: OrderData, { consent = true } = {}) {
  await page.locator(`#field-declarationType-${data.declarationType}`).check();
  for (const [name, value] of Object.entries(data)) {
    if (name === "declarationType") continue;
    await page.locator(`#field-${name}`).fill(value);
  }
  if (consent) await page.locator("#field-dataProcessingConsent").check();
}

/** Rows in the orders table for a tenant, read from the e2e server's SQLite file. */
export function countOrders(tenantName: string): number {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error("E2E_DATABASE_PATH is not set");
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM orders WHERE tenant_name = ?").get(tenantName) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Runs one UPDATE on the e2e server's SQLite file, as the site's own writes would leave the row. */
function updateInDatabase(sql: string, ...parameters: Array<string | number | null>): void {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error("E2E_DATABASE_PATH is not set");
  const db = new Database(path, { fileMustExist: true, timeout: 5_000 });
  try {
    db.prepare(sql).run(...parameters);
  } finally {
    db.close();
  }
}

/** Sets an order's columns in the suite's database, for a state the test needs (cancelled after a refund, say). */
export function updateOrderInDatabase(orderNumber: string, columns: Record<string, string | number | null>): void {
  const names = Object.keys(columns);
  updateInDatabase(
    `UPDATE orders SET ${names.map((name) => `${name} = ?`).join(", ")} WHERE number = ?`,
    ...names.map((name) => columns[name]!),
    orderNumber,
  );
}

/** Marks an order paid on `paidAt` straight in the e2e server's SQLite file, as a booked transfer would leave it. */
export function markPaidInDatabase(orderNumber: string, paidAt: string): void {
  updateInDatabase("UPDATE orders SET status = 'paid', paid_at = ? WHERE number = ?", paidAt, orderNumber);
}

/** Moves an order's creation time straight in the e2e server's SQLite file, as if it had been placed then. */
export function setOrderedAtInDatabase(orderNumber: string, createdAt: string): void {
  updateInDatabase("UPDATE orders SET created_at = ? WHERE number = ?", createdAt, orderNumber);
}

export async function expectOnPaymentPage(page: Page, amount: RegExp) {
  await expect(page).toHaveURL(/\/(platnosc|en\/payment|uk\/payment|ru\/payment)\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByTestId("transfer-amount")).toHaveText(amount);
  await expect(page.getByTestId("order-number")).toHaveText(/^AE-\d{4}-\d{6}$/);
}

/** On the preview: ticks both consents (the contract terms and immediate performance) and presses the order button. */
export async function orderWithBothConsents(page: Page, order: Record<string, any>) {
  await page.locator("#field-acceptTerms").check();
  await page.locator("#field-immediatePerformanceConsent").check();
  await page.getByRole("button", { name: order.preview.order }).click();
}
