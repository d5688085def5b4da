import { verify, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pdfTextOf } from "../../tests/support/pdf-text";
import {
  ksefSettingsFor,
  startKsefStandIn,
  testKsefCertificates,
  TEST_KSEF,
  type KsefStandIn,
} from "../../tests/support/ksef-stand-in-process";
import { DIALECTS, freshTarget, type Dialect } from "../../tests/support/test-databases";

/**
 * An invoice to a business buyer from the payment to KSeF and back onto its PDF, over real HTTP to
 * the KSeF stand-in and on a real SQLite file. The settings are read when the site's modules load,
 * so each case loads them afresh with its own environment.
 */
const ORDERED = new Date("2026-11-23T09:00:00Z");
const PAID = new Date("2026-11-24T10:00:00Z");
const REFUNDED = new Date("2026-12-02T10:00:00Z");
/** When the lane looks: after everything the case queues. */
const LANE_TIME = new Date("2026-12-03T10:00:00Z");
const OPERATOR = "op@example.com";
const BUYER = { buyerName: "Kowalski & Syn sp. j.", buyerAddress: "ul. Krzywa 2/4, 60-001 Poznań", nip: "7791011327" };
const KSEF_NUMBER = /^5265877635-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/;

/** The seller's type 1 (authentication) and type 2 (offline) KSeF certificates, which the stand-in knows. */
const { offline: OFFLINE } = testKsefCertificates();

let standIn: KsefStandIn;
beforeAll(async () => {
  standIn = await startKsefStandIn();
});
afterAll(() => standIn.stop());

const SETTINGS = [
  "KSEF_API_URL",
  "KSEF_SUBJECT",
  "KSEF_TOKEN",
  "KSEF_NIP",
  "KSEF_CERT_FILE",
  "KSEF_KEY_FILE",
  "KSEF_OFFLINE_CERT_FILE",
  "KSEF_OFFLINE_KEY_FILE",
  "COMPANY_TAX_ID",
] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** The site's modules as a process started with `settings` has them. */
async function siteWith(
  settings: Partial<Record<(typeof SETTINGS)[number], string>>,
  { dialect = "sqlite", laneFrom = LANE_TIME }: { dialect?: Dialect; laneFrom?: Date } = {},
) {
  for (const name of SETTINGS) delete process.env[name];
  Object.assign(process.env, settings);
  vi.resetModules();
  const [dbModule, transitions, corrections, outbox, kinds, gateway, submissions, mail, pdf, link, schema, admin, sample, lane] =
    await Promise.all([
      import("~/db/db.server"),
      import("~/flows/transitions.server"),
      import("~/flows/transitions.server"),
      import("~/outbox/outbox.server"),
      import("~/ksef/kinds"),
      import("~/ksef/ksef-settings.server"),
      import("~/ksef/submissions.server"),
      import("./invoice-mail.server"),
      import("./invoice-pdf.server"),
      import("./ksef-link.server"),
      import("~/ksef/fa3-schema.server"),
      import("./admin.server"),
      import("../../tests/support/sample-order"),
      import("~/jobs/ksef-lane.server"),
    ]);
  const db = await dbModule.openDatabase(
    dialect === "sqlite" ? { sqlitePath: join(mkdtempSync(join(tmpdir(), "ksef-e2e-")), "app.db") } : await freshTarget(dialect),
  );
  const [customer, api] = await Promise.all([import("./customer.server"), import("~/ksef/ksef-api.server")]);
  // The KSeF client as server.ts builds it: once, from the settings above. Between its looks at a
  // sign-in still in progress (the stand-in answers that once per sign-in) it waits a turn, not KSeF's second.
  const ksef = gateway.ksefSettings();
  const client = ksef && api.createKsefClient(ksef, { pause: () => nextTurn() });
  let laneClock = laneFrom.getTime();
  const { order } = await sample.placeSampleOrder(db, ORDERED, { details: { invoice: BUYER }, locale: "uk" });
  const invoices = () => db.selectFrom("invoices").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
  return {
    db,
    orderId: order.id,
    invoices,
    /** The payment's own transition: the order becomes paid and its invoice is issued in that transaction. */
    pay: () => transitions.applyTransition(db, order.id, { transition: "mark_paid", paidAt: PAID.toISOString() }, OPERATOR, PAID),
    async refund() {
      await transitions.applyTransition(
        db,
        order.id,
        { transition: "cancel", reason: "Na prośbę klienta", refundDueGrosze: 29_900 },
        OPERATOR,
        REFUNDED,
      );
      expect(await corrections.recordRefund(db, order.id, 29_900, "przelew zwrotny", OPERATOR, REFUNDED)).toEqual({ ok: true });
    },
    /**
     * One turn of the KSeF lane (ksef-lane.server.ts), an hour after the last (or after `after`): claim its message,
     * deliver it as the lane does, mark it sent or failed (and answer the failure's text).
     */
    async runKsefLane(after?: Date) {
      laneClock = Math.max(laneClock, after?.getTime() ?? 0) + 60 * 60_000;
      const at = new Date(laneClock);
      const message = await outbox.claimNextMessage(db, at, { only: kinds.KSEF_KINDS });
      expect(message?.kind).toBe("ksef_submission");
      if (!client) throw new Error("KSeF is not configured");
      try {
        const outcome = await submissions.sendOrderInvoicesToKsef(db, client, message!.order_id!, {
          events: link.invoiceKsefEvents,
          offline: gateway.ksefOfflineIssuing(),
          now: () => at,
        });
        await outbox.markSent(db, message!, at);
        return outcome;
      } catch (error) {
        await outbox.markFailed(db, message!, String(error), at);
        return `failed: ${String(error)}`;
      }
    },
    /** The invoice e-mails queued for the order: kind and the invoice each carries. */
    invoiceMails: async () =>
      (await db.selectFrom("outbox").select(["kind", "data"]).where("order_id", "=", order.id).orderBy("id").execute())
        .filter((message) => message.kind === "invoice_issued" || message.kind === "invoice_corrected")
        .map((message) => ({ kind: message.kind, ...(JSON.parse(message.data ?? "{}") as { invoiceId: number }) })),
    /** The customer's invoice page, as its loader sees it. */
    customerView: () => customer.customerInvoiceView(db, order.payment_token, LANE_TIME),
    submission: (number: string) => submissions.ksefSubmission(db, number),
    /** The PDF as the e-mail and the pages draw it: the invoice row, its original, and KSeF's mark. */
    async pdfText(invoiceId: number) {
      const input = await mail.invoicesOfMessage(db, { id: 0, data: JSON.stringify({ invoiceId }) } as never);
      return pdfTextOf(await pdf.invoicePdf(input));
    },
    ksefSends: link.ksefSendsInvoices,
    validate: schema.validateFa3Xml,
    schemaLoaded: schema.fa3SchemaLoaded,
    /** The lane as server.ts starts it. */
    startLane: () => lane.startKsefLane(db, client),
    /** What the order's page in /admin shows of KSeF, and the file it offers. */
    adminKsef: async () => (await admin.invoicesOfOrder(db, order.id)).ksef,
    storedFile: (invoiceId: number) => admin.storedKsefFile(db, invoiceId),
  };
}

/** KSEF_* pointed at the stand-in, signing in with the type 1 certificate it knows. */
function connectedToStandIn() {
  return ksefSettingsFor(standIn);
}

describe("an invoice to a business buyer and KSeF", () => {
  it("is checked against an FA(3) schema the process loaded at its start, not inside the transaction that issues it", async () => {
    const site = await siteWith({
      ...connectedToStandIn(),
      COMPANY_TAX_ID: TEST_KSEF.nip,
    });
    expect(site.schemaLoaded()).toBe(false);
    const lane = site.startLane();
    expect(lane).not.toBeNull();
    try {
      // The lane's start loads libxml2 and the schema in the background; no invoice has been issued yet.
      await vi.waitUntil(site.schemaLoaded, { timeout: 20_000, interval: 10 });
      expect(await site.invoices()).toEqual([]);
    } finally {
      await lane?.stop();
    }
    await site.pay();
    const [invoice] = await site.invoices();
    expect(await site.submission(invoice!.number)).toMatchObject({ status: "pending", error: null });
  });

  it("that FA(3) cannot describe is kept for the operator to send by hand, with the reason in Polish, and never sent", async () => {
    const site = await siteWith({
      ...connectedToStandIn(),
      // A seller's tax number FA(3) cannot carry (a NIP has 10 digits).
      COMPANY_TAX_ID: "526-587-76",
    });
    try {
      await site.pay();
      const [invoice] = await site.invoices();
      const reason = "Faktury nie da się zapisać jako FA(3): NIP sprzedawcy (COMPANY_TAX_ID) musi mieć 10 cyfr";
      expect(await site.submission(invoice!.number)).toMatchObject({ status: "manual", error: reason });
      expect((await site.adminKsef())[invoice!.number]).toMatchObject({ label: "do wysłania do KSeF ręcznie", detail: reason });
      expect((await standIn.invoices()).filter((received) => received.invoiceNumber === invoice!.number)).toEqual([]);
    } finally {
      await site.db.destroy();
    }
  });

  it("goes from the payment to KSeF, decrypted there exactly as stored, and its PDF prints the KSeF number and link; its correction names it", async () => {
    const site = await siteWith({
      ...connectedToStandIn(),
      // The way a company writes its NIP on paper.
      COMPANY_TAX_ID: "526-587-76-35",
    });
    try {
      await site.pay();
      const [invoice] = await site.invoices();
      expect(invoice?.buyer_nip).toBe("7791011327");
      const stored = await site.submission(invoice!.number);
      expect(stored?.status).toBe("pending");
      expect(stored?.error).toBeNull();
      expect(await site.validate(stored!.xml)).toEqual({ valid: true });

      await expect(site.runKsefLane()).resolves.toBe(`${invoice!.number} accepted`);

      const sent = await site.submission(invoice!.number);
      expect(sent?.status).toBe("accepted");
      expect(sent?.ksef_number).toMatch(KSEF_NUMBER);
      const [copy, ...more] = (await standIn.invoices()).filter(
        (received) => received.invoiceNumber === invoice!.number && received.xml === stored!.xml,
      );
      expect(more).toEqual([]);
      expect(copy?.status.code).toBe(200);
      expect(copy?.ksefNumber).toBe(sent?.ksef_number);

      const text = await site.pdfText(invoice!.id);
      expect(text).toContain(sent!.ksef_number!);
      // KOD I: the seller's NIP, the date of issue and the file's SHA-256 (the link wraps at the page's edge).
      const link = `https://qr-test.ksef.mf.gov.pl/invoice/5265877635/24-11-2026/${Buffer.from(sent!.invoice_hash, "base64").toString("base64url")}`;
      expect(text.replace(/\s/g, "")).toContain(link);
      expect((await site.adminKsef())[invoice!.number]).toMatchObject({ label: `przyjęta w KSeF, numer ${sent!.ksef_number}`, file: true });

      await site.refund();
      const [, correction] = await site.invoices();
      expect(correction?.kind).toBe("correction");
      const correcting = await site.submission(correction!.number);
      expect(correcting?.status).toBe("pending");
      expect(correcting?.xml).toContain(`<NrKSeFFaKorygowanej>${sent!.ksef_number}</NrKSeFFaKorygowanej>`);
      await expect(site.runKsefLane()).resolves.toBe(`${correction!.number} accepted`);
      const correctionCopy = (await standIn.invoices()).find((received) => received.xml === correcting!.xml);
      expect(correctionCopy?.status.code).toBe(200);
      expect(await site.pdfText(correction!.id)).toContain((await site.submission(correction!.number))!.ksef_number!);
    } finally {
      await site.db.destroy();
    }
  });

  it("without the KSeF settings is issued all the same, its file kept for the operator to send by hand", async () => {
    const site = await siteWith({ COMPANY_TAX_ID: "526-587-76-35" });
    try {
      expect(site.ksefSends()).toBe(false);
      await site.pay();
      const [invoice] = await site.invoices();
      const stored = await site.submission(invoice!.number);
      expect(stored?.error).toBeNull();
      expect(stored?.status).toBe("manual");
      expect(await site.validate(stored!.xml)).toEqual({ valid: true });
      expect(await site.db.selectFrom("outbox").select("kind").where("kind", "=", "ksef_submission").execute()).toEqual([]);
      expect((await site.adminKsef())[invoice!.number]).toMatchObject({ label: "do wysłania do KSeF ręcznie", tone: "action", file: true });
      // The file to send by hand is the one stored, whose hash a later sending would carry.
      expect(await site.storedFile(invoice!.id)).toEqual({ xml: stored!.xml, filename: "FV-2026-11-0001.xml" });
      expect(await site.pdfText(invoice!.id)).not.toContain("ksef.mf.gov.pl");
    } finally {
      await site.db.destroy();
    }
  });
});

/** KSEF_* with the type 1 certificate (and the token beside it, which KSeF may refuse), and the type 2 one when `offline`. */
function signedInWithCertificate({ offline = false } = {}) {
  return { ...ksefSettingsFor(standIn, { offline }), KSEF_TOKEN: TEST_KSEF.token, COMPANY_TAX_ID: TEST_KSEF.nip };
}
const receivedCopies = async (number: string) => (await standIn.invoices()).filter((received) => received.invoiceNumber === number);

describe.each(DIALECTS)("KSeF with a certificate, on %s", (dialect) => {
  // A stand-in of its own for each case (it knows the test certificates): each case's database numbers its
  // invoices from 0001 again, which one KSeF would take for duplicates. The lane looks an hour after the payment, then every hour.
  let shared: KsefStandIn;
  beforeEach(async () => {
    shared = standIn;
    standIn = await startKsefStandIn();
  });
  afterEach(async () => {
    await standIn.stop();
    standIn = shared;
  });

  it("sends invoices through the certificate while KSeF refuses tokens, and e-mails each once KSeF numbered it", async () => {
    await standIn.control({ tokensWithdrawn: true });
    const site = await siteWith(signedInWithCertificate(), { dialect, laneFrom: PAID });
    try {
      await site.pay();
      const [invoice] = await site.invoices();
      // Its PDF waits for the number: no e-mail yet, no download on the customer's page.
      expect(await site.invoiceMails()).toEqual([]);
      expect((await site.customerView())?.invoices).toEqual([
        { id: invoice!.id, number: invoice!.number, kind: "invoice", ksefNumber: null, awaitsKsef: true },
      ]);

      await expect(site.runKsefLane()).resolves.toBe(`${invoice!.number} accepted`);
      const accepted = await site.submission(invoice!.number);
      expect(accepted?.ksef_number).toMatch(KSEF_NUMBER);
      expect(await site.invoiceMails()).toEqual([{ kind: "invoice_issued", invoiceId: invoice!.id }]);
      expect((await site.customerView())?.invoices[0]).toMatchObject({ ksefNumber: accepted!.ksef_number, awaitsKsef: false });
      expect(await receivedCopies(invoice!.number)).toMatchObject([{ status: { code: 200 }, offlineMode: false }]);
    } finally {
      await site.db.destroy();
    }
  });

  it("with a type 2 certificate, issues an invoice offline while KSeF does not answer, with KOD I and KOD II, and prints its number once KSeF gives it", async () => {
    await standIn.control({ outage: true });
    const site = await siteWith(signedInWithCertificate({ offline: true }), { dialect, laneFrom: PAID });
    try {
      await site.pay();
      const [invoice] = await site.invoices();
      expect(await site.runKsefLane()).toMatch(/^failed: KsefUnavailableError/);
      const offline = await site.submission(invoice!.number);
      expect(offline?.offline_at).not.toBeNull();
      expect(offline?.status).toBe("pending");
      // It goes to its buyer now: the e-mail is queued and the customer's page offers it.
      expect(await site.invoiceMails()).toEqual([{ kind: "invoice_issued", invoiceId: invoice!.id }]);
      expect((await site.customerView())?.invoices[0]).toMatchObject({ awaitsKsef: false, ksefNumber: null });

      const hash = Buffer.from(offline!.invoice_hash, "base64").toString("base64url");
      const kodI = `https://qr-test.ksef.mf.gov.pl/invoice/5265877635/24-11-2026/${hash}`;
      const before = (await site.pdfText(invoice!.id)).replace(/\s/g, "");
      expect(before).toContain(`OFFLINE${"Sprawdź fakturę w KSeF".replace(/\s/g, "")}`);
      expect(before).toContain(kodI);
      expect(before).toContain("CERTYFIKAT");
      // KOD II: the context and seller NIP, the type 2 certificate's serial, the hash, and a signature its public key verifies.
      const kodII = offline!.certificate_url!;
      expect(kodII.startsWith(`https://qr-test.ksef.mf.gov.pl/certificate/Nip/5265877635/5265877635/${OFFLINE.serialHex}/${hash}/`)).toBe(
        true,
      );
      expect(before).toContain(kodII);
      const at = kodII.lastIndexOf("/");
      const publicKey = new X509Certificate(readFileSync(OFFLINE.certFile)).publicKey;
      expect(
        verify(
          "sha256",
          Buffer.from(kodII.slice("https://".length, at)),
          { key: publicKey, dsaEncoding: "ieee-p1363" },
          Buffer.from(kodII.slice(at + 1), "base64url"),
        ),
      ).toBe(true);

      await standIn.control({ outage: false });
      await expect(site.runKsefLane()).resolves.toBe(`${invoice!.number} accepted`);
      const numbered = await site.submission(invoice!.number);
      expect(numbered?.certificate_url).toBe(kodII);
      expect(await receivedCopies(invoice!.number)).toMatchObject([
        { status: { code: 200 }, offlineMode: true, invoiceHash: offline!.invoice_hash },
      ]);
      expect(numbered?.upo).toContain("<TrybWysylki>Offline</TrybWysylki>");
      // One e-mail all along; the page and the PDF downloaded now carry the number under KOD I, KOD II unchanged.
      expect(await site.invoiceMails()).toEqual([{ kind: "invoice_issued", invoiceId: invoice!.id }]);
      expect((await site.customerView())?.invoices[0]).toMatchObject({ ksefNumber: numbered!.ksef_number });
      const after = (await site.pdfText(invoice!.id)).replace(/\s/g, "");
      expect(after).toContain(numbered!.ksef_number!);
      expect(after).not.toContain("OFFLINE");
      expect(after).toContain(kodI);
      expect(after).toContain(kodII);
      expect((await site.adminKsef())[invoice!.number]).toMatchObject({ label: `przyjęta w KSeF, numer ${numbered!.ksef_number}` });
    } finally {
      await site.db.destroy();
    }
  });

  it("without a type 2 certificate, keeps the invoice from its buyer while KSeF does not answer, and e-mails it with the number", async () => {
    await standIn.control({ outage: true });
    const site = await siteWith(signedInWithCertificate(), { dialect, laneFrom: PAID });
    try {
      await site.pay();
      const [invoice] = await site.invoices();
      expect(await site.runKsefLane()).toMatch(/^failed: KsefUnavailableError/);
      expect((await site.submission(invoice!.number))?.offline_at).toBeNull();
      expect(await site.invoiceMails()).toEqual([]);
      expect((await site.customerView())?.invoices[0]).toMatchObject({ awaitsKsef: true });

      await standIn.control({ outage: false });
      await expect(site.runKsefLane()).resolves.toBe(`${invoice!.number} accepted`);
      expect(await site.invoiceMails()).toEqual([{ kind: "invoice_issued", invoiceId: invoice!.id }]);
      expect(await receivedCopies(invoice!.number)).toMatchObject([{ offlineMode: false }]);
    } finally {
      await site.db.destroy();
    }
  });

  it("writes a correction issued while its original waits for a number once the number is known, naming it, and sends it after the original", async () => {
    await standIn.control({ outage: true });
    const site = await siteWith(signedInWithCertificate({ offline: true }), { dialect, laneFrom: PAID });
    try {
      await site.pay();
      expect(await site.runKsefLane()).toMatch(/^failed/);
      await site.refund();
      const [invoice, correction] = await site.invoices();
      const waiting = await site.submission(correction!.number);
      expect(waiting).toMatchObject({ xml: "", awaits_original: invoice!.number, status: "pending" });
      // Its PDF is not handed out: its file, and so KOD I, does not exist yet.
      expect((await site.customerView())?.invoices[1]).toMatchObject({ kind: "correction", awaitsKsef: true });

      await standIn.control({ outage: false });
      await expect(site.runKsefLane(REFUNDED)).resolves.toBe(`${invoice!.number} accepted, ${correction!.number} accepted`);
      const original = await site.submission(invoice!.number);
      const corrected = await site.submission(correction!.number);
      expect(corrected?.xml).toContain(`<NrKSeFFaKorygowanej>${original!.ksef_number}</NrKSeFFaKorygowanej>`);
      expect(corrected?.xml).not.toContain("NrKSeFN");
      const [copy] = await receivedCopies(correction!.number);
      expect(copy?.xml).toBe(corrected!.xml);
      expect(copy?.status.code).toBe(200);
      expect(await site.invoiceMails()).toEqual([
        { kind: "invoice_issued", invoiceId: invoice!.id },
        { kind: "invoice_corrected", invoiceId: correction!.id },
      ]);
    } finally {
      await site.db.destroy();
    }
  });
});
