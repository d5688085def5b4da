import type { Transaction } from "kysely";
import { env } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import type { Database, InvoiceRow } from "~/db/schema";
import { Fa3InputError, type Fa3Invoice } from "~/ksef/fa3";
import { enqueueMessages } from "~/outbox/outbox.server";
import { ksefIssuing } from "~/ksef/ksef-settings.server";
import {
  awaitingOriginal,
  ksefSubmission,
  prepareKsefSubmission,
  queueInvoiceForKsef,
  waitsForKsefNumber,
  type KsefInvoiceEvents,
  type PreparedKsefSubmission,
} from "~/ksef/submissions.server";
import { ksefPdfMark } from "~/ksef/verification-url";
import type { KsefMark } from "./invoice-pdf.server";

/**
 * Where an issued invoice meets KSeF (docs/decisions/049 and 050): the invoice as FA(3), stored
 * and queued in the issuing transaction, and what its PDF prints once KSeF has it.
 */
type Writer = Transaction<Database>;

function digits(text: string): string {
  return text.replace(/\D/g, "");
}

/** The invoice row as FA(3) sees it; a correction's line takes the quantity back with its (negative) amounts. */
export function fa3InvoiceOf(
  invoice: InvoiceRow,
  original: { number: string; issueDate: string; ksefNumber: string | null } | null,
): Fa3Invoice {
  const vat = invoice.vat_rate === "zw" ? { exempt: true as const, legalBasis: invoice.vat_exemption_basis ?? "" } : { rate: 23 as const };
  const sign = invoice.kind === "correction" ? -1 : 1;
  return {
    number: invoice.number,
    issueDate: invoice.issue_date,
    paymentDate: invoice.payment_date,
    createdAt: new Date(invoice.issued_at),
    seller: { nip: digits(invoice.seller_nip), name: invoice.seller_name, addressLine1: invoice.seller_address },
    buyer: { nip: invoice.buyer_nip, name: invoice.buyer_name, addressLine1: invoice.buyer_address },
    lines: [
      {
        name: invoice.service_name,
        unit: "usł.",
        quantity: sign * invoice.quantity,
        unitNetGrosze: Math.round(Math.abs(invoice.net_grosze) / invoice.quantity),
        netGrosze: invoice.net_grosze,
        vat,
      },
    ],
    totals: { netGrosze: invoice.net_grosze, vatGrosze: invoice.vat_grosze, grossGrosze: invoice.gross_grosze },
    ...(original && invoice.kind === "correction"
      ? {
          correction: {
            originalNumber: original.number,
            originalIssueDate: original.issueDate,
            originalKsefNumber: original.ksefNumber,
            reason: invoice.reason ?? "",
          },
        }
      : {}),
  };
}

/** The FA(3) file of an invoice (a correction with what is known of its original), or `manual` with the reason FA(3) cannot describe it. */
async function submissionOf(db: Writer | AppDatabase, invoice: InvoiceRow): Promise<PreparedKsefSubmission | null> {
  const settings = ksefIssuing();
  const originalRow =
    invoice.corrects_id === null
      ? null
      : await db.selectFrom("invoices").selectAll().where("id", "=", invoice.corrects_id).executeTakeFirst();
  const original = originalRow
    ? {
        number: originalRow.number,
        issueDate: originalRow.issue_date,
        ksefNumber: (await ksefSubmission(db, originalRow.number))?.ksef_number ?? null,
      }
    : null;
  try {
    return await prepareKsefSubmission(fa3InvoiceOf(invoice, original), settings);
  } catch (failure) {
    if (!(failure instanceof Fa3InputError)) throw failure;
    return { invoiceNumber: invoice.number, xml: "", invoiceHash: "", status: "manual", error: failure.message };
  }
}

/**
 * Stores the invoice's FA(3) file and, when KSeF is configured, queues its sending. An invoice the
 * file cannot describe (settings the schema refuses, such as a seller NIP that is not 10 digits) is
 * kept for the operator to send by hand, with the reason: issuing never fails because of KSeF.
 * A correction whose original still waits for its KSeF number is stored without a file until the
 * number is known (docs/decisions/056). Answers whether the invoice now waits for KSeF's number
 * (its e-mail goes once KSeF gives it, or once it goes out offline), or not (its e-mail goes now).
 */
export async function queueIssuedInvoiceForKsef(trx: Writer, invoice: InvoiceRow, now: Date): Promise<"waits-for-ksef" | "released"> {
  const settings = ksefIssuing();
  if (invoice.buyer_nip === null && !settings.forConsumers) return "released";
  const originalNumber =
    invoice.corrects_id === null
      ? null
      : ((await trx.selectFrom("invoices").select("number").where("id", "=", invoice.corrects_id).executeTakeFirst())?.number ?? null);
  const originalSubmission = originalNumber ? await ksefSubmission(trx, originalNumber) : null;
  const submission =
    settings.configured && originalNumber && waitsForKsefNumber(originalSubmission)
      ? awaitingOriginal(invoice.number, originalNumber)
      : await submissionOf(trx, invoice);
  if (!submission) return "released";
  const queued = await queueInvoiceForKsef(trx, { orderId: invoice.order_id, submission, now });
  return queued.status === "pending" ? "waits-for-ksef" : "released";
}

/** The e-mail that carries an invoice (or a correction) to its buyer, queued in the caller's transaction. */
export async function queueInvoiceMail(trx: Writer, invoice: Pick<InvoiceRow, "id" | "order_id" | "kind">, now: Date): Promise<void> {
  await enqueueMessages(trx, invoice.order_id, [invoice.kind === "invoice" ? "invoice_issued" : "invoice_corrected"], now, {
    invoiceId: invoice.id,
  });
}

/** What the KSeF lane does to invoices as it moves them on (app/ksef/submissions.server.ts). */
export const invoiceKsefEvents: KsefInvoiceEvents = {
  async fileOf(db, row) {
    const invoice = await db.selectFrom("invoices").selectAll().where("number", "=", row.invoice_number).executeTakeFirst();
    const original = row.awaits_original ? await ksefSubmission(db, row.awaits_original) : null;
    if (!invoice || !original) return { manual: "Brak faktury korygowanej w KSeF: korektę trzeba wysłać ręcznie" };
    if (waitsForKsefNumber(original)) return null;
    if (original.status !== "accepted")
      return { manual: `Faktura korygowana ${original.invoice_number} nie ma numeru KSeF: korektę trzeba wysłać ręcznie` };
    const submission = await submissionOf(db, invoice);
    if (!submission || submission.status === "manual")
      return { manual: submission?.error ?? "Korekta nie trafia do KSeF: trzeba ją wysłać ręcznie" };
    return { xml: submission.xml, invoiceHash: submission.invoiceHash };
  },
  async released(trx, row, now) {
    const invoice = await trx
      .selectFrom("invoices")
      .select(["id", "order_id", "kind"])
      .where("number", "=", row.invoice_number)
      .executeTakeFirst();
    if (invoice) await queueInvoiceMail(trx, invoice, now);
  },
};

/** Whether invoices to buyers with a NIP reach KSeF by themselves (KSEF_NIP and a certificate, or until 2027 a token, set). */
export function ksefSendsInvoices(): boolean {
  return ksefIssuing().configured;
}

/**
 * What the invoice's PDF prints for KSeF: its number (or OFFLINE while KSeF has not given one) and
 * the verification QR (KOD I); for an invoice issued offline also KOD II, the certificate's; null outside KSeF.
 */
export async function ksefMarkOf(db: AppDatabase, invoice: InvoiceRow): Promise<KsefMark | null> {
  const submission = await ksefSubmission(db, invoice.number);
  const mark = submission && submission.xml !== "" ? ksefPdfMark(submission, env.KSEF_API_URL) : null;
  return mark
    ? { ksefNumber: mark.label, verificationUrl: mark.verificationUrl, certificateUrl: submission?.certificate_url ?? null }
    : null;
}
