import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { fillOrderForm, validOrder } from "./support/order";
import { ownSitePort, stopOwnSite } from "./support/own-server";
import { startInPostSite } from "./support/inpost";
import { pathFor, strings } from "./support/site";

/**
 * The InPost parcel-locker choice on the order form (docs/decisions/048), on a site of its own with
 * the INPOST_* settings pointed at the stand-in: the suite's own site keeps them unset (courier only).
 * A phone's width, the postcode typed key by key; "Pokaż paczkomaty" as a plain submit without
 * JavaScript, the list in place as the postcode is typed with it.
 */
// Each project has its own site and stand-in: the two projects may run this spec at the same time.
const sitePort = (project: string) => ownSitePort(project === "js" ? 7 : 12);
const standInPort = (project: string) => ownSitePort(project === "js" ? 6 : 11);
const databasePath = join(mkdtempSync(join(tmpdir(), "inpost-e2e-")), "app.db");
let base: string;
let standInUrl: string;
let site: ChildProcess;
let standIn: ChildProcess;

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  ({ site, standIn, base, standInUrl } = await startInPostSite(sitePort(project), standInPort(project), databasePath));
});
test.afterAll(async () => {
  await stopOwnSite(site);
  await stopOwnSite(standIn, "SIGTERM");
});

function storedOrder(tenantName: string) {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT delivery_method, locker_name, locker_address FROM orders WHERE tenant_name = ?").get(tenantName) as
      { delivery_method: string; locker_name: string | null; locker_address: string | null } | undefined;
  } finally {
    db.close();
  }
}

test("a customer finds lockers by postcode, keeps what was typed, and orders to the chosen locker", async ({ page, javaScriptEnabled }) => {
  const text = strings("pl", "shipping");
  const orderText = strings("pl", "order");
  const order = validOrder("locker");
  await page.goto(`${base}${pathFor("order", "pl")}`);
  await fillOrderForm(page, order);
  // A locker is the default choice.
  await expect(page.getByRole("radio", { name: new RegExp(text.form.locker) })).toBeChecked();
  await page.getByLabel(text.form.lockerQuery).pressSequentially("31042");
  // With JavaScript the list comes in place as the postcode is typed; without it, the button asks.
  if (!javaScriptEnabled) await page.getByRole("button", { name: text.form.showLockers }).click();

  const lockers = page.getByRole("group", { name: text.form.lockersLegend }).getByRole("radio");
  await expect(lockers.first()).toBeVisible();
  expect(await lockers.count()).toBeGreaterThan(3);
  await expect(page.getByRole("status").filter({ hasText: text.form.found.replace("{{query}}", "31-042") })).toBeVisible();
  // Everything typed so far is still there.
  await expect(page.locator("#field-tenantName")).toHaveValue(order.tenantName);
  await expect(page.locator("#field-mailingCity")).toHaveValue(order.mailingCity);
  await expect(page.locator("#field-lockerQuery")).toHaveValue(/31-?042/);
  const second = page.locator("[data-testid=delivery] li").nth(1);
  await expect(second).toContainText(/\d+ m|km/);
  await expect(second).toContainText("Kraków");
  const name = (await second.locator("span.font-semibold").first().textContent())!.trim();
  await second.getByRole("radio").check();
  await page.getByRole("button", { name: orderText.form.preview }).click();

  await expect(page.getByTestId("preview-locker")).toContainText(`${name},`);
  await expect(page.getByTestId("contract")).toContainText(`${text.contract.locker.split("{{locker}}")[0]}${name}`);
  await page.locator("#field-acceptTerms").check();
  await page.getByRole("button", { name: orderText.preview.order }).click();
  await expect(page).toHaveURL(/\/platnosc\//);
  expect(storedOrder(order.tenantName)).toMatchObject({
    delivery_method: "locker",
    locker_name: name,
    locker_address: expect.stringContaining("Kraków"),
  });
});

test("in English, Ukrainian and Russian the locker search answers in the page's language", async ({ page, javaScriptEnabled }) => {
  for (const locale of ["en", "uk", "ru"] as const) {
    const text = strings(locale, "shipping");
    await page.goto(`${base}${pathFor("order", locale)}`);
    await expect(page.getByRole("radio", { name: text.form.locker })).toBeChecked();
    await page.getByLabel(text.form.lockerQuery).pressSequentially("00-001");
    if (!javaScriptEnabled) await page.getByRole("button", { name: text.form.showLockers }).click();
    const lockers = page.getByRole("group", { name: text.form.lockersLegend }).getByRole("radio");
    await expect(lockers.first()).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await lockers.nth(1).check();
    await expect(lockers.nth(1)).toBeChecked();
  }
});

test("with the Points API down, the form says so, keeps what was typed, and takes the courier", async ({ page, javaScriptEnabled }) => {
  const text = strings("pl", "shipping");
  const orderText = strings("pl", "order");
  const order = validOrder("courier");
  await fetch(`${standInUrl}/__control`, { method: "POST", body: JSON.stringify({ pointsDown: true }) });
  try {
    await page.goto(`${base}${pathFor("order", "pl")}`);
    await fillOrderForm(page, order);
    const query = page.getByLabel(text.form.lockerQuery);
    await query.pressSequentially("Kraków");
    // With JavaScript, Enter in this field searches (in place) rather than asking for the preview.
    if (javaScriptEnabled) await query.press("Enter");
    else await page.getByRole("button", { name: text.form.showLockers }).click();
    await expect(page.getByRole("status").filter({ hasText: text.form.unavailable })).toBeVisible();
    await expect(page.getByTestId("error-summary")).toHaveCount(0);
    await expect(page.locator("#field-tenantName")).toHaveValue(order.tenantName);
    await page.getByRole("radio", { name: new RegExp(text.form.courier) }).check();
    await page.getByRole("button", { name: orderText.form.preview }).click();
    await expect(page.getByTestId("preview-locker")).toHaveCount(0);
    await expect(page.getByTestId("contract")).toContainText(order.mailingCity);
  } finally {
    await fetch(`${standInUrl}/__control`, { method: "POST", body: JSON.stringify({ pointsDown: false }) });
  }
});
