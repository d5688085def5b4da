import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ksefSettingsFor, startKsefStandIn, type KsefStandIn } from "../support/ksef-stand-in-process";
import { pdfTextOf } from "../support/pdf-text";
import { openOrder, signIn } from "./support/admin";
import { startKsefSite } from "./support/ksef-site";
import { ownSitePort, stopOwnSite } from "./support/own-server";
import { strings } from "./support/site";

/**
 * An invoice to a business buyer that reaches KSeF (docs/decisions/050), on a site of this spec's
 * own with the KSEF_* settings pointed at the KSeF stand-in: the suite's own site keeps them unset.
 * The order comes through the JSON API with its invoice request and is marked paid in the
 * database, and the operator signs in beforehand; the operator issues the invoice, the site's KSeF lane sends it, and the back office,
 * the customer's page and the PDF then show KSeF's number. One site per project, as the two
 * projects may run at once.
 */
// One site (and stand-in) per project: every test of the file runs in the worker that started them.
test.describe.configure({ mode: "default" });
const sitePort = (project: string) => ownSitePort(project === "js" ? 8 : 9);
test.use({
  viewport: { width: 390, height: 844 },
  // Relative paths (the operator's sign-in helper's) go to this spec's site.
  baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${sitePort(testInfo.project.name)}`),
});

const KSEF_NUMBER = /5265877635-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}/;

let standIn: KsefStandIn;
let site: ChildProcess;
let operator: string;
let order: { number: string; paymentPath: string };

test.beforeAll(async ({ browser }, testInfo) => {
  // A boot of the site and the operator's command line: on a machine busy with the whole suite a boot alone has taken a minute.
  testInfo.setTimeout(180_000);
  const port = sitePort(testInfo.project.name);
  const databasePath = join(mkdtempSync(join(tmpdir(), "invoice-ksef-")), "app.db");
  standIn = await startKsefStandIn();
  ({ site, operator, order } = await startKsefSite(browser, {
    port,
    databasePath,
    ksefSettings: ksefSettingsFor(standIn),
    name: `ksef-${testInfo.project.name}`,
  }));
});

test.afterAll(async () => {
  if (site) await stopOwnSite(site);
  if (standIn) await standIn.stop();
});

test("an invoice to a NIP waits on the customer's page for its KSeF number while KSeF does not answer, then reaches KSeF: the back office shows its number, and the customer's PDF prints it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const invoiceText = strings("pl", "invoice");
  // KSeF does not answer when the invoice is issued, and the site holds no type 2 certificate: no PDF goes out before the number.
  await standIn.control({ outage: true });
  await signIn(page, operator);
  await openOrder(page, order.number);
  await page.getByTestId("admin-invoices").getByRole("button", { name: "Wystaw fakturę" }).click();
  await expect(page.getByTestId("transition-done")).toContainText("Faktura wystawiona");
  const issued = page.getByTestId("admin-invoice");
  const number = (await issued.innerText()).match(/FV\/\d{4}\/\d{2}\/\d{4}/)?.[0];
  expect(number).toBeDefined();

  const desk = page.url();
  await page.goto(order.paymentPath);
  await page.getByTestId("invoice-panel").getByRole("link").click();
  await expect(page.getByTestId("customer-invoices")).toContainText(invoiceText.panel.waitingForKsef.replace("{{number}}", number!));
  await expect(page.getByTestId("customer-invoices").getByRole("link")).toHaveCount(0);
  await standIn.control({ outage: false });
  await page.goto(desk);

  // The KSeF lane sends it in the background; the operator looks again until KSeF has numbered it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("admin-invoice")).toContainText("przyjęta w KSeF, numer", { timeout: 1_000 });
  }).toPass({ timeout: 120_000 });
  const ksefNumber = (await page.getByTestId("admin-invoice").innerText()).match(KSEF_NUMBER)?.[0];
  expect(ksefNumber).toBeDefined();
  const received = (await standIn.invoices()).find((invoice) => invoice.invoiceNumber === number);
  expect(received).toMatchObject({ ksefNumber, status: { code: 200 } });

  // The month's list and the accountant's CSV show the number the order page shows (they said "—" before).
  await page.goto("/admin/invoices");
  const row = page.getByTestId("invoices-table").getByRole("row").filter({ hasText: number! });
  await expect(row.getByTestId("invoice-ksef")).toHaveText(`przyjęta w KSeF, numer ${ksefNumber}`);
  const csv = await (await page.request.get("/admin/invoices.csv")).text();
  expect(csv.split("\r\n").find((line) => line.includes(number!))).toContain(`"=""${ksefNumber}""";`);

  await page.goto(order.paymentPath);
  await page.getByTestId("invoice-panel").getByRole("link").click();
  const pdfLink = page.getByTestId("customer-invoices").getByRole("link", {
    name: invoiceText.panel.download.replace("{{number}}", number!),
  });
  await expect(pdfLink).toBeVisible();
  const pdf = await page.request.get(new URL((await pdfLink.getAttribute("href"))!, page.url()).href);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfTextOf(await pdf.body());
  expect(text).toContain(number);
  expect(text).toContain(ksefNumber);
});
