import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pdfTextOf } from "../../tests/support/pdf-text";
import { startKsefStandIn, TEST_KSEF, type KsefStandIn } from "../../tests/support/ksef-stand-in-process";

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

let standIn: KsefStandIn;
beforeAll(async () => {
  standIn = await startKsefStandIn();
});
afterAll(() => standIn.stop());

const SETTINGS = ["KSEF_API_URL", "KSEF_TOKEN", "KSEF_NIP", "COMPANY_TAX_ID"] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** The site's modules as a process started with `settings` has them. */
async function siteWith(settings: Partial<Record<(typeof SETTINGS)[number], string>>) {
  for (const name of SETTINGS) delete process.env[name];
  Object.assign(process.env, settings);
  vi.resetModules();
  const [dbModule, transitions, corrections, outbox, kinds, gateway, submissions, mail, pdf, link, schema, admin, sample, lane] =
    await Promise.all([
      import("~/db/db.server"),
      import("~/admin/order-transitions.server"),
      import("~/admin/corrections.server"),
      import("~/outbox/outbox.server"),
      import("~/ksef/kinds"),
      import("~/ksef/ksef-gateway.server"),
      import("~/ksef/submissions.server"),
      import("./invoice-mail.server"),
      import("./invoice-pdf.server"),
      import("./ksef-link.server"),
      import("~/ksef/fa3-schema.server"),
      import("./admin.server"),
      import("../../tests/support/sample-order"),
      import("~/ksef/ksef-lane.server"),
    ]);
  const db = await dbModule.openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "ksef-e2e-")), "app.db") });
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
    /** One turn of the KSeF lane (ksef-lane.server.ts): claim its message, deliver it, mark it sent. */
    async runKsefLane() {
      const message = await outbox.claimNextMessage(db, LANE_TIME, { only: kinds.KSEF_KINDS });
      expect(message?.kind).toBe("ksef_submission");
      const client = gateway.configuredKsefGateway();
      if (!client) throw new Error("KSeF is not configured");
      const outcome = await submissions.sendOrderInvoicesToKsef(db, client, message!.order_id!);
      await outbox.markSent(db, message!, LANE_TIME);
      return outcome;
    },
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
    startLane: () => lane.startKsefLane(db),
    /** What the order's page in /admin shows of KSeF, and the file it offers. */
    adminKsef: async () => (await admin.invoicesOfOrder(db, order.id)).ksef,
    storedFile: (invoiceId: number) => admin.storedKsefFile(db, invoiceId),
  };
}

/** KSEF_* pointed at the stand-in, with the token and context NIP it authenticates. */
function connectedToStandIn() {
  return { KSEF_API_URL: standIn.apiUrl, KSEF_TOKEN: TEST_KSEF.token, KSEF_NIP: TEST_KSEF.nip };
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
