import type { Transaction } from "kysely";
import { env } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import type { Database, InvoiceRow } from "~/db/schema";
import { Fa3InputError, type Fa3Invoice } from "~/ksef/fa3";
import { ksefIssuing } from "~/ksef/ksef-gateway.server";
import { ksefSubmission, prepareKsefSubmission, queueInvoiceForKsef, type PreparedKsefSubmission } from "~/ksef/submissions.server";
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

/**
 * Stores the invoice's FA(3) file and, when KSeF is configured, queues its sending. An invoice the
 * file cannot describe (settings the schema refuses, such as a seller NIP that is not 10 digits) is
 * kept for the operator to send by hand, with the reason: issuing never fails because of KSeF.
 */
export async function queueIssuedInvoiceForKsef(trx: Writer, invoice: InvoiceRow, now: Date): Promise<void> {
  const settings = ksefIssuing();
  if (invoice.buyer_nip === null && !settings.forConsumers) return;
  const originalRow =
    invoice.corrects_id === null
      ? null
      : await trx.selectFrom("invoices").selectAll().where("id", "=", invoice.corrects_id).executeTakeFirst();
  const original = originalRow
    ? {
        number: originalRow.number,
        issueDate: originalRow.issue_date,
        ksefNumber: (await ksefSubmission(trx, originalRow.number))?.ksef_number ?? null,
      }
    : null;
  let submission: PreparedKsefSubmission | null;
  try {
    submission = await prepareKsefSubmission(fa3InvoiceOf(invoice, original), settings);
  } catch (failure) {
    if (!(failure instanceof Fa3InputError)) throw failure;
    submission = { invoiceNumber: invoice.number, xml: "", invoiceHash: "", status: "manual", error: failure.message };
  }
  if (submission) await queueInvoiceForKsef(trx, { orderId: invoice.order_id, submission, now });
}

/** Whether invoices to buyers with a NIP reach KSeF by themselves (KSEF_TOKEN and KSEF_NIP set). */
export function ksefSendsInvoices(): boolean {
  return ksefIssuing().configured;
}

/** What the invoice's PDF prints for KSeF: its number (or OFFLINE while KSeF has not given one) and the verification QR; null outside KSeF. */
export async function ksefMarkOf(db: AppDatabase, invoice: InvoiceRow): Promise<KsefMark | null> {
  const submission = await ksefSubmission(db, invoice.number);
  const mark = submission ? ksefPdfMark(submission, env.KSEF_API_URL) : null;
  return mark ? { ksefNumber: mark.label, verificationUrl: mark.verificationUrl } : null;
}
