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
    return db
      .prepare("SELECT delivery_method, locker_name, locker_address, locker_open_247 FROM orders WHERE tenant_name = ?")
      .get(tenantName) as
      { delivery_method: string; locker_name: string | null; locker_address: string | null; locker_open_247: number | null } | undefined;
  } finally {
    db.close();
  }
}

test("a customer finds lockers by postcode, keeps what was typed, and orders to the chosen locker", async ({ page, javaScriptEnabled }) => {
  const text = strings("pl", "shipping");
  const orderText = strings("pl", "order");
  const paymentText = strings("pl", "payment");
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
  // Each locker says whether it is open round the clock; the choice says how long a parcel waits (issue 45, item 13).
  for (const each of await page.locator("[data-testid=delivery] li").all())
    await expect(each).toContainText(new RegExp(`${text.form.open247}|${text.form.limitedHours}`));
  await expect(page.getByTestId("delivery")).toContainText(text.form.lockerDetail);
  // With a locker the address keeps its one name: it is for correspondence (item 11, the glossary).
  await expect(page.getByRole("group", { name: orderText.form.mailingHeading })).toBeVisible();
  const name = (await second.locator("span.font-semibold").first().textContent())!.trim();
  await second.getByRole("radio").check();
  await page.getByRole("button", { name: orderText.form.preview }).click();

  await expect(page.getByTestId("preview-locker")).toContainText(`${name},`);
  await expect(page.getByTestId("contract")).toContainText(`${text.contract.locker.split("{{locker}}")[0]}${name}`);
  await page.locator("#field-acceptTerms").check();
  await page.getByRole("button", { name: orderText.preview.order }).click();
  await expect(page).toHaveURL(/\/platnosc\//);
  const stored = storedOrder(order.tenantName);
  expect(stored).toMatchObject({
    delivery_method: "locker",
    locker_name: name,
    locker_address: expect.stringContaining("Kraków"),
  });
  // The order page names the chosen locker, its address and its hours (item 14), and promises no courier (item 11).
  const locker = page.getByTestId("order-locker");
  await expect(locker).toContainText(name);
  await expect(locker).toContainText(stored!.locker_address!);
  await expect(locker).toContainText(stored!.locker_open_247 ? text.summary.open247 : text.summary.limitedHours);
  await expect(page.getByTestId("dispatch")).toHaveText(paymentText.next.dispatch_locker);
  await expect(page.getByTestId("dispatch-date")).toContainText(paymentText.next.dispatchBy_locker.split("{{date}}")[0]);
  await expect(page.getByTestId("dispatch-date")).not.toContainText(/kurier/i);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
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

test("the search reads a town in Ukrainian or Russian, a locker's name, and a postcode with its town either way; the status names the latest query", async ({
  page,
  javaScriptEnabled,
}) => {
  const search = async (locale: "pl" | "uk" | "ru", typed: string) => {
    const text = strings(locale, "shipping");
    if (!page.url().endsWith(pathFor("order", locale))) await page.goto(`${base}${pathFor("order", locale)}`);
    const field = page.getByLabel(text.form.lockerQuery);
    await field.fill("");
    await field.pressSequentially(typed);
    if (!javaScriptEnabled) await page.getByRole("button", { name: text.form.showLockers }).click();
    return { text, lockers: page.getByRole("group", { name: text.form.lockersLegend }).getByRole("radio") };
  };
  const lockerNames = async () =>
    (await page.locator("[data-testid=delivery] li span.font-semibold").allTextContents()).map((name) => name.trim());

  for (const [locale, typed, prefix] of [
    ["uk", "Краків", "KRA"],
    ["ru", "Краков", "KRA"],
    ["uk", "Варшава", "WAW"],
    ["pl", "krakow", "KRA"],
  ] as const) {
    const { text, lockers } = await search(locale, typed);
    await expect(page.getByRole("status").filter({ hasText: text.form.found.replace("{{query}}", typed) })).toBeVisible();
    await expect(lockers.first()).toBeVisible();
    expect(
      (await lockerNames()).every((name) => name.startsWith(prefix)),
      `${locale} ${typed}`,
    ).toBe(true);
  }

  // A locker's name gives that one locker.
  const code = await search("pl", "kra14");
  await expect(page.getByRole("status").filter({ hasText: code.text.form.found.replace("{{query}}", "KRA14") })).toBeVisible();
  await expect(code.lockers).toHaveCount(1);
  expect(await lockerNames()).toEqual(["KRA14"]);

  // "postcode town" and "town postcode"; with JavaScript, the status follows the query as it grows.
  for (const typed of ["31-042 Kraków", "Kraków 31-042"]) {
    const { text, lockers } = await search("pl", typed);
    await expect(page.getByRole("status").filter({ hasText: text.form.found.replace("{{query}}", typed) })).toBeVisible();
    await expect(lockers.first()).toBeVisible();
    expect((await lockerNames()).every((name) => name.startsWith("KRA"))).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  if (!javaScriptEnabled) return;
  // With JavaScript, while a newer search is on the way the status names it, never the answer before it.
  await fetch(`${standInUrl}/__control`, { method: "POST", body: JSON.stringify({ pointsDelayMs: 1500 }) });
  try {
    const { text } = await search("pl", "Warszawa");
    await expect(page.getByRole("status")).toHaveText(text.form.searching.replace("{{query}}", "Warszawa"));
    await expect(page.getByRole("status")).toHaveText(text.form.found.replace("{{query}}", "Warszawa"));
  } finally {
    await fetch(`${standInUrl}/__control`, { method: "POST", body: JSON.stringify({ pointsDelayMs: 0 }) });
  }
});

test("hostile Points API answers: no locker with a name that is no locker's, no markup or bidi, and a small answer page", async ({
  page,
  javaScriptEnabled,
}) => {
  const text = strings("pl", "shipping");
  await fetch(`${standInUrl}/__control`, { method: "POST", body: JSON.stringify({ hostilePoints: true }) });
  try {
    await page.goto(`${base}${pathFor("order", "pl")}`);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByLabel(text.form.lockerQuery).pressSequentially("31042");
    if (!javaScriptEnabled) await page.getByRole("button", { name: text.form.showLockers }).click();
    const body = await (await answer).body();
    await expect(page.getByRole("group", { name: text.form.lockersLegend }).getByRole("radio").first()).toBeVisible();
    // A 200 KB description once made this answer 2.9 MB.
    expect(body.length).toBeLessThan(100 * 1024);
    const shown = await page.getByTestId("delivery").innerText();
    expect(shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(shown).not.toContain("XXXXXXXX");
    expect(shown).not.toContain("<script>");
    const names = (await page.locator("[data-testid=delivery] li span.font-semibold").allTextContents()).map((name) => name.trim());
    expect(names.every((name) => /^[A-Z]{3}\d{1,4}[A-Z]{0,3}$/.test(name))).toBe(true);
  } finally {
    await fetch(`${standInUrl}/__control`, { method: "POST", body: JSON.stringify({ hostilePoints: false }) });
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
