import { createPrivateKey, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { MAIL_LANE } from "~/jobs/mail-worker.server";
import { claimNextMessage, enqueueMessages } from "~/outbox/outbox.server";
import { businessInvoice } from "../../tests/support/ksef-invoices";
import { startKsefStandIn, testKsefCertificates, TEST_KSEF, type KsefStandIn } from "../../tests/support/ksef-stand-in-process";
import { writeKsefCertificate } from "../../tests/support/test-certificates.mjs";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { sha256Base64 } from "./crypto.server";
import type { Fa3Invoice } from "./fa3";
import { KsefUnavailableError, type KsefGateway } from "./gateway";
import { createKsefClient } from "./ksef-api.server";
import { KSEF_KINDS } from "./kinds";
import { ksefSubmission, prepareKsefSubmission, queueInvoiceForKsef, sendOrderInvoicesToKsef } from "./submissions.server";

const T0 = new Date("2026-11-27T09:30:00Z");
const CONFIGURED = { configured: true, forConsumers: false };
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const KSEF_NUMBER = /^5265877635-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/;

let standIn: KsefStandIn;
beforeAll(async () => {
  standIn = await startKsefStandIn();
});
afterAll(() => standIn.stop());

let db: AppDatabase;
let orderId: number;
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "ksef-")), "app.db") });
  ({
    order: { id: orderId },
  } = await placeSampleOrder(db, T0));
  await db.deleteFrom("outbox").execute();
  await standIn.control({ outage: false, rejectNumbersStartingWith: null, processingPolls: 0 });
});
afterEach(() => db.destroy());

let invoiceCounter = 100;
/** A business invoice with a number no other test used: the stand-in keeps every invoice it got. */
function freshInvoice(prefix = "FV/2026/11/"): Fa3Invoice {
  invoiceCounter += 1;
  return { ...businessInvoice, number: `${prefix}${invoiceCounter}` };
}

/** The site's client, signing in with the type 1 certificate the stand-in knows (or another given). */
const gateway = (certificateFiles: { certFile: string; keyFile: string } = testKsefCertificates().authentication, now?: () => Date) =>
  createKsefClient(
    {
      apiUrl: standIn.apiUrl,
      nip: TEST_KSEF.nip,
      certificate: {
        certificate: new X509Certificate(readFileSync(certificateFiles.certFile)),
        privateKey: createPrivateKey(readFileSync(certificateFiles.keyFile)),
        subjectIdentifierType: "certificateSubject",
      },
    },
    { pause: nextTurn, now },
  );
const send = (client: KsefGateway, statusPolls = 5) => sendOrderInvoicesToKsef(db, client, orderId, { pause: nextTurn, statusPolls });
const received = async (number: string) => (await standIn.invoices()).filter((invoice) => invoice.invoiceNumber === number);

async function queue(invoice: Fa3Invoice, settings = CONFIGURED) {
  const submission = await prepareKsefSubmission(invoice, settings);
  return submission && queueInvoiceForKsef(db, { orderId, submission, now: T0 });
}

describe("sending an invoice to KSeF", () => {
  it("sends the FA(3) file encrypted, and records the KSeF number and the UPO KSeF gives", async () => {
    const invoice = freshInvoice();
    const queued = await queue(invoice);
    expect(queued?.status).toBe("pending");
    expect(await db.selectFrom("outbox").select(["kind", "data"]).execute()).toEqual([
      { kind: "ksef_submission", data: JSON.stringify({ invoiceNumber: invoice.number }) },
    ]);

    await send(gateway());

    const row = await ksefSubmission(db, invoice.number);
    expect(row?.status).toBe("accepted");
    expect(row?.ksef_number).toMatch(KSEF_NUMBER);
    expect(row?.upo).toContain(`<NumerKSeFDokumentu>${row?.ksef_number}</NumerKSeFDokumentu>`);
    // The stand-in decrypted exactly the stored file, found its hash right and the schema satisfied.
    const [copy, ...more] = await received(invoice.number);
    expect(more).toEqual([]);
    expect(copy?.xml).toBe(queued?.xml);
    expect(copy?.invoiceHash).toBe(sha256Base64(queued?.xml ?? ""));
    expect(copy?.status.code).toBe(200);
  });

  it("keeps a KSeF outage in its own lane: the e-mails go on, and the invoice goes once KSeF is back", async () => {
    const invoice = freshInvoice();
    await queue(invoice);
    await enqueueMessages(db, orderId, ["order_paid"], T0);
    await standIn.control({ outage: true });

    await expect(send(gateway())).rejects.toThrow(KsefUnavailableError);
    expect((await ksefSubmission(db, invoice.number))?.error).toMatch(/^KSeF niedostępny, ponowimy próbę/);
    // The mail worker's lane takes the e-mail and leaves KSeF's message to its own lane.
    expect((await claimNextMessage(db, T0, MAIL_LANE))?.kind).toBe("order_paid");
    expect(await claimNextMessage(db, T0, MAIL_LANE)).toBeUndefined();
    expect((await claimNextMessage(db, T0, { only: KSEF_KINDS }))?.kind).toBe("ksef_submission");

    await standIn.control({ outage: false });
    await send(gateway());
    expect((await ksefSubmission(db, invoice.number))?.status).toBe("accepted");
    expect(await received(invoice.number)).toHaveLength(1);
  });

  it("records KSeF's rejection with its reason in Polish for the operator, and stops trying", async () => {
    const invoice = freshInvoice("FV/REJ/");
    await queue(invoice);
    await standIn.control({ rejectNumbersStartingWith: "FV/REJ/" });

    await expect(send(gateway())).resolves.toContain("rejected (450)");
    const row = await ksefSubmission(db, invoice.number);
    expect(row?.status).toBe("rejected");
    expect(row?.error).toBe(
      "KSeF odrzucił fakturę (kod 450): Błąd weryfikacji semantyki dokumentu faktury: Data wystawienia faktury (P_1) jest późniejsza niż data przyjęcia dokumentu.",
    );
    expect(row?.ksef_number).toBeNull();
    // A later run has nothing left to do for it.
    await expect(send(gateway())).resolves.toBe("nothing to send");
    expect(await received(invoice.number)).toHaveLength(1);
  });

  it("asks for the status of an invoice KSeF is still checking, and never sends it again", async () => {
    const invoice = freshInvoice();
    await queue(invoice);
    await standIn.control({ processingPolls: 3 });

    await expect(send(gateway(), 2)).rejects.toThrow(/still processing/);
    expect((await ksefSubmission(db, invoice.number))?.status).toBe("sent");
    await send(gateway(), 2);

    expect((await ksefSubmission(db, invoice.number))?.status).toBe("accepted");
    expect(await received(invoice.number)).toHaveLength(1);
  });

  it("finds by its hash an invoice sent just before a crash, instead of sending it again", async () => {
    const invoice = freshInvoice();
    await queue(invoice);
    const real = gateway();
    // The process dies after KSeF took the invoice and before its reference was written down.
    const dying: KsefGateway = {
      ...real,
      async sendInvoice(session, xml) {
        await real.sendInvoice(session, xml);
        throw new Error("killed");
      },
    };
    await expect(send(dying)).rejects.toThrow("killed");
    const afterCrash = await ksefSubmission(db, invoice.number);
    expect(afterCrash?.session_reference).not.toBeNull();
    expect(afterCrash?.invoice_reference).toBeNull();

    await send(gateway());
    expect((await ksefSubmission(db, invoice.number))?.status).toBe("accepted");
    expect(await received(invoice.number)).toHaveLength(1);
  });

  it("takes the first copy's KSeF number when KSeF already holds the invoice (a duplicate)", async () => {
    const invoice = freshInvoice();
    const queued = await queue(invoice);
    // An earlier copy of the same invoice reached KSeF without the site knowing.
    const other = gateway();
    const session = await other.openSession();
    await other.sendInvoice(session, queued?.xml ?? "");
    await other.closeSession(session);
    const [first] = await received(invoice.number);

    await send(gateway());

    const row = await ksefSubmission(db, invoice.number);
    expect(row?.status).toBe("accepted");
    expect(row?.ksef_number).toBe(first?.ksefNumber);
    expect(row?.upo).toContain(first?.ksefNumber ?? "missing");
  });

  it("keeps trying with the operator told why when KSeF refuses the certificate", async () => {
    const invoice = freshInvoice();
    await queue(invoice);
    const unknown = writeKsefCertificate({ dir: mkdtempSync(join(tmpdir(), "ksef-unknown-")), file: "unknown", nip: TEST_KSEF.nip });
    await expect(send(gateway(unknown))).rejects.toThrow();
    const row = await ksefSubmission(db, invoice.number);
    expect(row?.status).toBe("pending");
    expect(row?.error).toBe(
      "KSeF odmówił: Uwierzytelnianie zakończone niepowodzeniem z powodu błędu certyfikatu: Niezaufany łańcuch certyfikatów.",
    );
    expect(await received(invoice.number)).toHaveLength(0);
  });
});

describe("the KSeF client's tokens", () => {
  it("authenticates once, then renews an expired access token with the refresh token instead of a new challenge", async () => {
    let clock = new Date();
    const client = gateway(testKsefCertificates().authentication, () => clock);
    const before = await standIn.calls();
    const count = async (call: string) => ((await standIn.calls())[call] ?? 0) - (before[call] ?? 0);

    await client.closeSession(await client.openSession());
    expect(await count("POST /auth/challenge")).toBe(1);
    expect(await count("POST /auth/token/redeem")).toBe(1);

    // The stand-in's access tokens last 15 minutes, as KSeF's do; its refresh tokens 7 days.
    // (The stand-in dates its tokens by its own clock, so only one call is made in the shifted time.)
    clock = new Date(Date.now() + 20 * 60_000);
    await client.openSession();
    expect(await count("POST /auth/token/refresh")).toBe(1);
    expect(await count("POST /auth/challenge")).toBe(1);
    expect(await count("POST /sessions/online")).toBe(2);
  });
});

describe("issuing an invoice for KSeF", () => {
  it("keeps the invoice for sending by hand, without queuing anything, when KSeF is not set up", async () => {
    const invoice = freshInvoice();
    const queued = await queue(invoice, { configured: false, forConsumers: false });
    expect(queued?.status).toBe("manual");
    expect((await ksefSubmission(db, invoice.number))?.xml).toBe(queued?.xml);
    expect(await db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("leaves a consumer's invoice outside KSeF unless KSEF_FOR_CONSUMERS is on", async () => {
    const consumer = { ...freshInvoice(), buyer: { ...businessInvoice.buyer, nip: null, name: "Anna Nowak" } };
    expect(await queue(consumer)).toBeNull();
    expect((await queue(consumer, { configured: true, forConsumers: true }))?.status).toBe("pending");
  });

  it("stores an invoice's file once: issuing it again keeps the first file and its hash", async () => {
    const invoice = freshInvoice();
    const first = await queue(invoice);
    // Built again later, the file differs (its time of creation); the stored one stays.
    const again = await queue({ ...invoice, createdAt: new Date("2026-11-28T10:00:00Z") });
    expect(again).toEqual(first);
  });
});
