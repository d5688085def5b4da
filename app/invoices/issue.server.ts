import type { Transaction } from "kysely";
import { formatAddress } from "~/config/company";
import { warsawDay } from "~/order/delivery-dates.server";
import { company, sellerVat } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import type { Database, InvoiceRow } from "~/db/schema";
import { fixedT } from "~/i18n/i18n.server";
import { findRequest } from "~/order/invoice-request.server";
import { amountsDifference, amountsOfGross, type VatRate } from "./money";
import { PAID_FOR_COLUMNS, paidForGrosze } from "./paid-for";
import { ksefSubmission } from "~/ksef/submissions.server";
import { queueInvoiceMail, queueIssuedInvoiceForKsef } from "./ksef-link.server";
import { nextInvoiceNumberIn, type InvoiceSeries } from "./numbering.server";

/**
 * Issuing invoices (docs/decisions/049). One invoice per paid order that asked for one, issued in
 * the transaction that records the payment (or the request, when it comes after the payment), so
 * a paid order with a request never lacks its invoice and a rolled-back payment takes its number
 * back. An issued invoice is never changed or deleted: a refund is a correcting invoice.
 */
export type Seller = { name: string; address: string; nip: string; vat: VatRate; exemptionBasis: string | null };

/** The seller as the settings say today (COMPANY_*, COMPANY_VAT); each invoice keeps its own copy. */
export function configuredSeller(): Seller {
  return {
    name: company.legalName,
    address: formatAddress(company),
    nip: company.taxId,
    vat: sellerVat.rate,
    exemptionBasis: sellerVat.exemptionBasis,
  };
}

type Writer = Transaction<Database>;

/** Who issued it: "system" for an invoice the payment issued, or the operator's e-mail. */
export type IssueInput = { now: Date; issuedBy: string; seller?: Seller };

/** The service as the agreement names it, in Polish, the binding language. */
function serviceName(declarationType: "regular" | "notarized"): string {
  const t = fixedT("pl", "invoice");
  return t("document.serviceName", { type: t(`order:contract.types.${declarationType}`) });
}

/**
 * The point where other work joins an issued invoice, inside its transaction: (for a buyer with a
 * NIP) its FA(3) file for KSeF, and the customer's e-mail with the PDF. An invoice that KSeF
 * numbers by itself goes to the customer once it has its number (or once it goes out offline):
 * the KSeF lane queues that e-mail (docs/decisions/056). Whatever is queued here commits with the
 * invoice or not at all.
 */
export async function onInvoiceIssued(trx: Writer, invoice: InvoiceRow, now: Date): Promise<void> {
  if ((await queueIssuedInvoiceForKsef(trx, invoice, now)) === "released") await queueInvoiceMail(trx, invoice, now);
}

export async function invoiceOfOrder(db: AppDatabase | Writer, orderId: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).where("kind", "=", "invoice").executeTakeFirst();
}

/**
 * Issues the order's invoice when it is paid and asked for one, inside the caller's transaction.
 * Returns the invoice (the one issued before, if any), or null when there is nothing to issue.
 */
export async function issueInvoiceIn(trx: Writer, orderId: number, input: IssueInput): Promise<InvoiceRow | null> {
  const existing = await invoiceOfOrder(trx, orderId);
  if (existing) return existing;
  const request = await findRequest(trx, orderId);
  if (!request) return null;
  const order = await trx
    .selectFrom("orders")
    .select(["id", "currency", "locale", "declaration_type", ...PAID_FOR_COLUMNS])
    .where("id", "=", orderId)
    .executeTakeFirst();
  // A cancelled order is invoiced for what it kept (art. 35), and not at all when everything went back.
  const paidFor = order ? paidForGrosze(order) : 0;
  if (!order?.paid_at || paidFor === 0) return null;
  const seller = input.seller ?? configuredSeller();
  const issueDate = warsawDay(input.now);
  const amounts = amountsOfGross(paidFor, seller.vat);
  return insertInvoice(trx, "FV", issueDate, input, {
    order_id: order.id,
    kind: "invoice",
    corrects_id: null,
    payment_date: warsawDay(new Date(order.paid_at)),
    locale: order.locale,
    seller_name: seller.name,
    seller_address: seller.address,
    seller_nip: seller.nip,
    buyer_name: request.buyer_name,
    buyer_address: request.buyer_address,
    buyer_nip: request.buyer_nip,
    service_name: serviceName(order.declaration_type),
    quantity: 1,
    vat_rate: seller.vat,
    vat_exemption_basis: seller.exemptionBasis,
    net_grosze: amounts.netGrosze,
    vat_grosze: amounts.vatGrosze,
    gross_grosze: amounts.grossGrosze,
    currency: order.currency,
    reason: null,
  });
}

/** Why a correction was issued: the money went back after a cancellation, or after a withdrawal from the agreement. */
export type CorrectionReason = "refund" | "withdrawal";

/**
 * Corrects the order's invoice when money is returned, inside the caller's transaction: a correcting
 * invoice that names the original, with the reason and the amounts taken off, so that what stands
 * after it is what the customer kept paid for (./paid-for.ts): nothing after a full refund, the
 * amount kept for work done after a partial withdrawal (art. 35). The original stays as it was.
 * One correction per invoice; none without an invoice, or when nothing changes.
 */
export async function correctInvoiceIn(
  trx: Writer,
  orderId: number,
  reason: CorrectionReason,
  input: IssueInput,
): Promise<InvoiceRow | null> {
  const original = await invoiceOfOrder(trx, orderId);
  if (!original) return null;
  const done = await trx.selectFrom("invoices").selectAll().where("corrects_id", "=", original.id).executeTakeFirst();
  if (done) return done;
  const order = await trx.selectFrom("orders").select(PAID_FOR_COLUMNS).where("id", "=", orderId).executeTakeFirstOrThrow();
  // The amounts after the correction are split as an invoice of that gross would be; the correction is the difference.
  const after = amountsOfGross(Math.min(paidForGrosze(order), original.gross_grosze), original.vat_rate);
  if (after.grossGrosze === original.gross_grosze) return null;
  const taken = amountsDifference(after, {
    netGrosze: original.net_grosze,
    vatGrosze: original.vat_grosze,
    grossGrosze: original.gross_grosze,
  });
  const {
    id: _id,
    number: _number,
    series: _series,
    number_month: _month,
    number_seq: _seq,
    issued_at: _at,
    issue_date: _day,
    issued_by: _by,
    ...copy
  } = original;
  return insertInvoice(trx, "KOR", warsawDay(input.now), input, {
    ...copy,
    kind: "correction",
    corrects_id: original.id,
    net_grosze: taken.netGrosze,
    vat_grosze: taken.vatGrosze,
    gross_grosze: taken.grossGrosze,
    reason: fixedT("pl", "invoice")(`reasons.${reason}`),
  });
}

type InvoiceFields = Omit<
  InvoiceRow,
  "id" | "number" | "series" | "number_month" | "number_seq" | "issued_at" | "issue_date" | "issued_by"
>;

async function insertInvoice(trx: Writer, series: InvoiceSeries, issueDate: string, input: IssueInput, fields: InvoiceFields) {
  const { number, month, seq } = await nextInvoiceNumberIn(trx, series, issueDate);
  const invoice = await trx
    .insertInto("invoices")
    .values({
      ...fields,
      series,
      number,
      number_month: month,
      number_seq: seq,
      issued_at: input.now.toISOString(),
      issue_date: issueDate,
      issued_by: input.issuedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await onInvoiceIssued(trx, invoice, input.now);
  return invoice;
}

/** The correction for money returned on an order: after a withdrawal from the agreement, or after a cancellation. */
export async function correctOnRefundIn(trx: Writer, orderId: number, input: IssueInput): Promise<InvoiceRow | null> {
  const order = await trx.selectFrom("orders").select("withdrawn_at").where("id", "=", orderId).executeTakeFirst();
  return correctInvoiceIn(trx, orderId, order?.withdrawn_at ? "withdrawal" : "refund", input);
}

/** An invoice and, for a correction, the invoice it corrects with its KSeF number once it has one: what its PDF prints. */
export async function invoiceWithOriginal(
  db: AppDatabase,
  invoiceId: number,
): Promise<{ invoice: InvoiceRow; original: InvoiceRow | null; originalKsefNumber: string | null } | null> {
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return null;
  const original =
    invoice.corrects_id === null
      ? null
      : ((await db.selectFrom("invoices").selectAll().where("id", "=", invoice.corrects_id).executeTakeFirst()) ?? null);
  const originalKsefNumber = original ? ((await ksefSubmission(db, original.number))?.ksef_number ?? null) : null;
  return { invoice, original, originalKsefNumber };
}
