import type { ChildProcess } from "node:child_process";
import { constants, verify, X509Certificate } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { startKsefStandIn, TEST_KSEF, type KsefStandIn } from "../support/ksef-stand-in-process";
import { pdfTextOf } from "../support/pdf-text";
import { writeKsefCertificate } from "../support/test-certificates.mjs";
import { openOrder, signIn } from "./support/admin";
import { startKsefSite } from "./support/ksef-site";
import { ownSitePort, stopOwnSite } from "./support/own-server";
import { strings } from "./support/site";

/**
 * An invoice to a business buyer issued while KSeF does not answer (docs/decisions/056), on a site of
 * this spec's own that signs in to the KSeF stand-in with a type 1 certificate (the stand-in refusing
 * tokens, as KSeF will from 1 January 2027) and holds a type 2 certificate: the invoice goes out in
 * offline24 mode, its PDF with KOD I ("OFFLINE") and KOD II ("CERTYFIKAT"); once KSeF is back it is
 * sent marked offline, numbered, and the customer's page and a PDF downloaded again carry the number.
 * One site per project, as the two projects may run at once.
 */
// One site (and stand-in) per project: every test of the file runs in the worker that started them.
test.describe.configure({ mode: "default" });
const sitePort = (project: string) => ownSitePort(project === "js" ? 110 : 111);
test.use({
  viewport: { width: 390, height: 844 },
  baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${sitePort(testInfo.project.name)}`),
});

const KSEF_NUMBER = /5265877635-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}/;

let standIn: KsefStandIn;
let site: ChildProcess;
let operator: string;
let order: { number: string; paymentPath: string };
let offlineCertificate: ReturnType<typeof writeKsefCertificate>;
let databasePath: string;

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  const port = sitePort(testInfo.project.name);
  const folder = mkdtempSync(join(tmpdir(), "invoice-ksef-offline-"));
  databasePath = join(folder, "app.db");
  const authentication = writeKsefCertificate({ dir: folder, file: "authentication", nip: TEST_KSEF.nip });
  offlineCertificate = writeKsefCertificate({ dir: folder, file: "offline", nip: TEST_KSEF.nip, usage: "offline" });
  standIn = await startKsefStandIn();
  await standIn.control({
    registerCertificates: [authentication.certificatePem, offlineCertificate.certificatePem],
    tokensWithdrawn: true,
    outage: true,
  });
  ({ site, operator, order } = await startKsefSite(browser, {
    port,
    databasePath,
    ksefSettings: {
      KSEF_API_URL: standIn.apiUrl,
      KSEF_NIP: TEST_KSEF.nip,
      KSEF_CERT_FILE: authentication.certFile,
      KSEF_KEY_FILE: authentication.keyFile,
      KSEF_OFFLINE_CERT_FILE: offlineCertificate.certFile,
      KSEF_OFFLINE_KEY_FILE: offlineCertificate.keyFile,
    },
    name: `ksef-offline-${testInfo.project.name}`,
  }));
});

test.afterAll(async () => {
  if (site) await stopOwnSite(site);
  if (standIn) await standIn.stop();
});

/** The customer's invoice page, reached from the order page as a customer does, and the PDF behind its link. */
async function customerPdf(page: Page, number: string): Promise<string> {
  await page.goto(order.paymentPath);
  await page.getByTestId("invoice-panel").getByRole("link").click();
  const link = page.getByTestId("customer-invoices").getByRole("link", {
    name: strings("pl", "invoice").panel.download.replace("{{number}}", number),
  });
  await expect(link).toBeVisible();
  const pdf = await page.request.get(new URL((await link.getAttribute("href"))!, page.url()).href);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  return (await pdfTextOf(await pdf.body())).replace(/\s/g, "");
}

/** The operator reloads the order until its invoice says `state` (the KSeF lane works in the background, retrying as the outbox does). */
async function untilInvoiceSays(page: Page, state: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("admin-invoice")).toContainText(state, { timeout: 1_000 });
  }).toPass({ timeout: 120_000 });
}

test("an invoice issued while KSeF does not answer goes out offline with KOD I and KOD II, then carries its KSeF number", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, operator);
  await openOrder(page, order.number);
  await page.getByTestId("admin-invoices").getByRole("button", { name: "Wystaw fakturę" }).click();
  await expect(page.getByTestId("transition-done")).toContainText("Faktura wystawiona");
  const number = (await page.getByTestId("admin-invoice").innerText()).match(/FV\/\d{4}\/\d{2}\/\d{4}/)?.[0];
  expect(number).toBeDefined();
  await untilInvoiceSays(page, "wystawiona offline (offline24)");

  const offline = await customerPdf(page, number!);
  expect(offline).toContain("OFFLINE");
  expect(offline).toContain("CERTYFIKAT");
  // KOD II as stored (signed once), printed whole on the PDF.
  const stored = new Database(databasePath, { readonly: true, timeout: 5_000 });
  const kodII = (
    stored.prepare("SELECT certificate_url FROM ksef_submissions WHERE invoice_number = ?").get(number) as {
      certificate_url: string | null;
    }
  ).certificate_url;
  stored.close();
  expect(kodII).toMatch(
    new RegExp(
      `^https://qr-test\\.ksef\\.mf\\.gov\\.pl/certificate/Nip/5265877635/5265877635/${offlineCertificate.serialHex}/[A-Za-z0-9_-]{43}/[A-Za-z0-9_-]+$`,
    ),
  );
  expect(offline).toContain(kodII);
  // KOD II's signature, checked with the type 2 certificate's public key (RSASSA-PSS, SHA-256, 32-byte salt).
  const at = kodII!.lastIndexOf("/");
  const publicKey = new X509Certificate(offlineCertificate.certificatePem).publicKey;
  expect(
    verify(
      "sha256",
      Buffer.from(kodII!.slice("https://".length, at)),
      { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
      Buffer.from(kodII!.slice(at + 1), "base64url"),
    ),
  ).toBe(true);

  await standIn.control({ outage: false });
  await openOrder(page, order.number);
  await untilInvoiceSays(page, "przyjęta w KSeF, numer");
  const ksefNumber = (await page.getByTestId("admin-invoice").innerText()).match(KSEF_NUMBER)?.[0];
  expect(ksefNumber).toBeDefined();
  expect((await standIn.invoices()).filter((invoice) => invoice.invoiceNumber === number)).toMatchObject([
    { ksefNumber, offlineMode: true, status: { code: 200 } },
  ]);

  const numbered = await customerPdf(page, number!);
  await expect(page.getByTestId("customer-invoices")).toContainText(`Numer KSeF: ${ksefNumber}`);
  expect(numbered).toContain(ksefNumber);
  expect(numbered).not.toContain("OFFLINE");
  expect(numbered).toContain(kodII);
});
