import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database, KsefSubmissionRow } from "~/db/schema";
import { enqueueAgain } from "~/outbox/outbox.server";
import { sha256Base64 } from "./crypto.server";
import { assertValidFa3, Fa3SchemaError } from "./fa3-schema.server";
import { buildFa3Xml, type Fa3Invoice } from "./fa3";
import type { KsefCertificate } from "./certificate.server";
import { certificateVerificationUrl } from "./certificate-code.server";
import { KsefRefusedError, KsefUnavailableError, type KsefGateway, type KsefSession } from "./gateway";

/**
 * Invoices on their way to KSeF (docs/decisions/050). Issuing an invoice stores its FA(3) file once
 * (so its hash never changes) and queues an outbox message of the kind `ksef_submission` for its
 * order, in the issuing transaction; the KSeF lane (ksef-lane.server.ts) sends it, at least once,
 * with the outbox's retries, and never twice:
 * - the session's reference is stored as soon as it is open, the invoice's as soon as KSeF took it;
 * - a retry of an invoice with a reference only asks for its status;
 * - a retry of an invoice whose session is known but whose reference was lost (a crash between the
 *   two) looks for the invoice's hash among the session's invoices before sending it again;
 * - and should it still reach KSeF twice, KSeF answers "duplicate" (status 440) with the number it
 *   gave the first: that number is taken.
 */
type Writer = AppDatabase | Transaction<Database>;

/** The KSeF settings that matter when an invoice is issued. */
export type KsefIssuing = {
  /** KSEF_NIP and a way to sign in (a certificate, or until the end of 2026 a token) are set: invoices go to KSeF by themselves. */
  configured: boolean;
  /** KSEF_FOR_CONSUMERS=1: invoices to buyers without a NIP go to KSeF too. */
  forConsumers: boolean;
};

/** Whether an invoice to this buyer belongs in KSeF: every invoice to a NIP, consumers' only when asked. */
export function goesToKsef(buyerNip: string | null, settings: Pick<KsefIssuing, "forConsumers">): boolean {
  return buyerNip !== null || settings.forConsumers;
}

/** An invoice's FA(3) file, built and checked, ready to be stored with the invoice. */
export type PreparedKsefSubmission = {
  invoiceNumber: string;
  xml: string;
  invoiceHash: string;
  status: "pending" | "manual";
  error: string | null;
};
export type QueuedSubmission = { xml: string; invoiceHash: string; status: "pending" | "manual" };

/**
 * A correction issued while its original still waits for its KSeF number (docs/decisions/056): KSeF
 * takes a correction only after its original, and the correction's file must name the number KSeF
 * gives the original. It is stored without a file, naming the original; the KSeF lane writes the
 * file once the number is known (`KsefInvoiceEvents.fileOf`).
 */
export function awaitingOriginal(invoiceNumber: string, originalNumber: string): PreparedKsefSubmission & { awaitsOriginal: string } {
  return { invoiceNumber, xml: "", invoiceHash: "", status: "pending", error: null, awaitsOriginal: originalNumber };
}

/** Whether an invoice's submission still waits for KSeF's number on the way the site sends it by itself. */
export function waitsForKsefNumber(submission: Pick<KsefSubmissionRow, "status"> | null | undefined): boolean {
  return submission?.status === "pending" || submission?.status === "sent";
}

/**
 * Whether the invoice's PDF is withheld from its buyer: it waits for KSeF's number and did not go
 * out offline (docs/decisions/056). The buyer gets it with the number.
 */
export function pdfWithheld(submission: Pick<KsefSubmissionRow, "status" | "offline_at"> | null | undefined): boolean {
  return waitsForKsefNumber(submission) && submission?.offline_at === null;
}

/**
 * Call before the transaction that issues an invoice (or a correcting invoice): builds its FA(3)
 * file and checks it against the schema (the first check loads libxml2, about half a second, which
 * no transaction should wait for). Answers null for an invoice that stays outside KSeF (a
 * consumer's, unless KSEF_FOR_CONSUMERS=1). Without the settings, or when the file fails the schema
 * (a fault of ours, never the customer's), the invoice is for the operator to send by hand
 * ("manual"): issuing never fails because of KSeF.
 */
export async function prepareKsefSubmission(invoice: Fa3Invoice, settings: KsefIssuing): Promise<PreparedKsefSubmission | null> {
  if (!goesToKsef(invoice.buyer.nip, settings)) return null;
  const xml = buildFa3Xml(invoice);
  let error: string | null = null;
  try {
    await assertValidFa3(xml);
  } catch (failure) {
    if (!(failure instanceof Fa3SchemaError)) throw failure;
    error = `Plik FA(3) nie spełnia schematu: ${failure.errors.join("; ")}`.slice(0, 2000);
  }
  return {
    invoiceNumber: invoice.number,
    xml,
    invoiceHash: sha256Base64(xml),
    status: settings.configured && error === null ? "pending" : "manual",
    error,
  };
}

/**
 * Call in the transaction that issues the invoice, with what `prepareKsefSubmission` answered:
 * stores the file and, when it is to be sent, queues the outbox message that sends it. A second
 * call for the same invoice number changes nothing and answers the file stored first.
 */
export async function queueInvoiceForKsef(
  db: Writer,
  input: { orderId: number; submission: PreparedKsefSubmission & { awaitsOriginal?: string }; now: Date },
): Promise<QueuedSubmission> {
  const { submission } = input;
  const timestamp = input.now.toISOString();
  await db
    .insertInto("ksef_submissions")
    .values({
      order_id: input.orderId,
      invoice_number: submission.invoiceNumber,
      invoice_hash: submission.invoiceHash,
      xml: submission.xml,
      status: submission.status,
      error: submission.error,
      created_at: timestamp,
      updated_at: timestamp,
      offline_at: null,
      certificate_url: null,
      awaits_original: submission.awaitsOriginal ?? null,
    })
    .onConflict((conflict) => conflict.column("invoice_number").doNothing())
    .execute();
  const stored = await db
    .selectFrom("ksef_submissions")
    .select(["xml", "invoice_hash", "status"])
    .where("invoice_number", "=", submission.invoiceNumber)
    .executeTakeFirstOrThrow();
  if (stored.status === "pending")
    await enqueueAgain(db, input.orderId, "ksef_submission", input.now, { invoiceNumber: submission.invoiceNumber });
  return { xml: stored.xml, invoiceHash: stored.invoice_hash, status: stored.status === "pending" ? "pending" : "manual" };
}

/** What the site knows of an invoice's way to KSeF, for the PDF, the customer's page and /admin; null when it is not a KSeF invoice. */
export async function ksefSubmission(db: Writer, invoiceNumber: string): Promise<KsefSubmissionRow | null> {
  return (await db.selectFrom("ksef_submissions").selectAll().where("invoice_number", "=", invoiceNumber).executeTakeFirst()) ?? null;
}

/**
 * What the invoice domain does when the KSeF lane moves an invoice on (app/invoices/ksef-link.server.ts
 * provides them; the lane knows nothing of e-mails or invoice rows).
 */
export type KsefInvoiceEvents = {
  /**
   * The file of a submission stored without one (a correction awaiting its original's number),
   * built now: null while the original has no number yet; `manual` with the reason when it never
   * will (the original rejected or kept for sending by hand).
   */
  fileOf(db: AppDatabase, row: KsefSubmissionRow): Promise<{ xml: string; invoiceHash: string } | { manual: string } | null>;
  /**
   * In the transaction that records it: the invoice may go to its buyer now, because KSeF gave it
   * its number, or it went out in offline mode with both codes, or it stays outside KSeF.
   */
  released(trx: Transaction<Database>, row: KsefSubmissionRow, now: Date): Promise<void>;
};

/** The type 2 certificate with which an invoice goes out in offline24 mode while KSeF does not answer. */
export type OfflineIssuing = { certificate: KsefCertificate; contextNip: string; apiUrl: string };

type SendOptions = {
  events?: KsefInvoiceEvents;
  /** Set when a type 2 certificate is configured: an invoice KSeF cannot take now goes out offline. */
  offline?: OfflineIssuing | null;
  now?: () => Date;
  /** Waits between two looks at an invoice KSeF is still checking. */
  pause?: (ms: number) => Promise<void>;
  /** How often to look before leaving it to the next try. */
  statusPolls?: number;
};

function polishReason(error: unknown): string {
  if (error instanceof KsefRefusedError) return `KSeF odmówił: ${error.reason}`;
  if (error instanceof KsefUnavailableError) return `KSeF niedostępny, ponowimy próbę (${error.message.replace(/^KSeF unavailable /, "")})`;
  return `Błąd wysyłki do KSeF: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The outbox job of kind `ksef_submission`: takes every invoice of the order still on its way
 * (pending, or sent and awaiting KSeF's verdict) as far as it can. Throws when something is left
 * for a later try (KSeF unreachable, or still checking), so the outbox retries with its backoff;
 * resolves with a log-safe summary when every invoice has KSeF's verdict.
 */
export async function sendOrderInvoicesToKsef(
  db: AppDatabase,
  gateway: KsefGateway,
  orderId: number,
  options: SendOptions = {},
): Promise<string> {
  const now = options.now ?? (() => new Date());
  const pause = options.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const statusPolls = options.statusPolls ?? 5;
  const rows = await db
    .selectFrom("ksef_submissions")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "in", ["pending", "sent"])
    .orderBy("id")
    .execute();

  const update = (row: KsefSubmissionRow, changes: Partial<Omit<KsefSubmissionRow, "id">>) =>
    db
      .updateTable("ksef_submissions")
      .set({ ...changes, updated_at: now().toISOString() })
      .where("id", "=", row.id)
      .execute();

  let session: KsefSession | null = null;
  const outcomes: string[] = [];
  try {
    for (const [index, row] of rows.entries()) {
      try {
        outcomes.push(await advance(row));
      } catch (error) {
        await update(row, { error: polishReason(error) });
        // KSeF does not answer: what was to go to its buyer now goes out offline, if it can.
        if (error instanceof KsefUnavailableError) for (const waiting of rows.slice(index)) await goOffline(waiting);
        throw error;
      }
    }
  } finally {
    if (session) await gateway.closeSession(session).catch(() => undefined);
  }
  return outcomes.join(", ") || "nothing to send";

  /** A change of the row and, in the same transaction, the invoice released to its buyer. */
  async function release(row: KsefSubmissionRow, changes: Partial<Omit<KsefSubmissionRow, "id">>) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("ksef_submissions")
        .set({ ...changes, updated_at: now().toISOString() })
        .where("id", "=", row.id)
        .execute();
      // An offline invoice went to its buyer when it went offline. Releasing twice (two runners) queues its e-mail once.
      if (row.offline_at === null) await options.events?.released(trx, { ...row, ...changes }, now());
    });
  }

  /**
   * Offline24 (art. 106nda of the VAT act, "Tryby offline"): an invoice KSeF has not taken goes to
   * its buyer now with KOD I and KOD II, and to KSeF by the end of the next business day, marked
   * offlineMode. Only with a type 2 certificate, and only for an invoice with its file and not yet sent.
   */
  async function goOffline(row: KsefSubmissionRow): Promise<void> {
    const offline = options.offline;
    if (!offline || row.status !== "pending" || row.xml === "" || row.offline_at !== null || row.invoice_reference !== null) return;
    const sellerNip = /<NIP>(\d{10})<\/NIP>/.exec(row.xml)?.[1];
    if (!sellerNip) return;
    const certificateUrl = certificateVerificationUrl({
      apiUrl: offline.apiUrl,
      contextNip: offline.contextNip,
      sellerNip,
      certificateSerial: offline.certificate.serialHex,
      invoiceHash: row.invoice_hash,
      privateKey: offline.certificate.privateKey,
    });
    await db.transaction().execute(async (trx) => {
      const at = now().toISOString();
      const result = await trx
        .updateTable("ksef_submissions")
        .set({ offline_at: at, certificate_url: certificateUrl, updated_at: at })
        .where("id", "=", row.id)
        .where("offline_at", "is", null)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1)
        await options.events?.released(trx, { ...row, offline_at: at, certificate_url: certificateUrl }, now());
    });
    outcomes.push(`${row.invoice_number} offline`);
  }

  /** A correction stored before its original's number: its file, written once (the first writer's stays). */
  async function withFile(row: KsefSubmissionRow): Promise<KsefSubmissionRow | string> {
    if (row.xml !== "") return row;
    const file = await options.events?.fileOf(db, row);
    if (!file) throw new Error(`${row.invoice_number} waits for the KSeF number of ${row.awaits_original ?? "its original"}`);
    if ("manual" in file) {
      await release(row, { status: "manual", error: file.manual });
      return `${row.invoice_number} manual`;
    }
    await db
      .updateTable("ksef_submissions")
      .set({ xml: file.xml, invoice_hash: file.invoiceHash, updated_at: now().toISOString() })
      .where("id", "=", row.id)
      .where("xml", "=", "")
      .execute();
    return db.selectFrom("ksef_submissions").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
  }

  async function advance(waiting: KsefSubmissionRow): Promise<string> {
    const row = await withFile(waiting);
    if (typeof row === "string") return row;
    let invoiceReference = row.invoice_reference;
    let sessionReference = row.session_reference;
    if (invoiceReference === null && sessionReference !== null) {
      // A try that died after sending and before recording: the session tells whether KSeF got it.
      invoiceReference = await gateway.findInvoiceInSession(sessionReference, row.invoice_hash);
      if (invoiceReference !== null) await update(row, { invoice_reference: invoiceReference, status: "sent" });
    }
    if (invoiceReference === null) {
      session ??= await gateway.openSession();
      sessionReference = session.reference;
      await update(row, { session_reference: sessionReference, attempts: row.attempts + 1 });
      invoiceReference = await gateway.sendInvoice(session, row.xml, { offlineMode: row.offline_at !== null });
      await update(row, { invoice_reference: invoiceReference, status: "sent", error: null });
    }
    if (sessionReference === null) throw new Error(`invoice ${row.invoice_number} has a reference without a session`);
    const reference = { sessionReference, invoiceReference };

    for (let poll = 0; ; poll++) {
      const status = await gateway.invoiceStatus(reference);
      if (status.state === "accepted") {
        const upo = await gateway.invoiceUpo(reference);
        await release(row, { status: "accepted", ksef_number: status.ksefNumber, acquired_at: status.acquisitionDate, upo, error: null });
        return `${row.invoice_number} accepted`;
      }
      if (status.state === "rejected" && status.original) {
        // KSeF already holds this invoice (the same seller, kind and number): its first copy's number is the one.
        const original = status.original;
        const upo = original.sessionReference
          ? await gateway.invoiceUpo({ sessionReference: original.sessionReference, ksefNumber: original.ksefNumber })
          : null;
        await release(row, { status: "accepted", ksef_number: original.ksefNumber, upo, error: null });
        return `${row.invoice_number} accepted before`;
      }
      if (status.state === "rejected") {
        const reason = [status.description, ...status.details].join(": ");
        await update(row, { status: "rejected", error: `KSeF odrzucił fakturę (kod ${status.code}): ${reason}` });
        return `${row.invoice_number} rejected (${status.code})`;
      }
      if (poll + 1 >= statusPolls) throw new KsefUnavailableError("sessions/invoices/status", `still processing (${status.code})`);
      await pause(1000);
    }
  }
}
