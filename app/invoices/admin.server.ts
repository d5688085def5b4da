import { toCsv, csvText } from "~/render/csv";
import { addBusinessDays, warsawDay } from "~/order/delivery-dates.server";
import type { AppDatabase } from "~/db/db.server";
import type { InvoiceRequestRow, InvoiceRow, KsefSubmissionRow } from "~/db/schema";
import { ksefListState, ksefStateOf, type InvoiceKsefStates } from "./ksef-state";
import { invoiceBuyerSchema } from "~/order/invoice-request-schema";
import { findRequest, recordRequestIn } from "~/order/invoice-request.server";
import { issueInvoiceIn } from "./issue.server";
import { INVOICE_ADMIN_TEXT } from "./admin-texts";
import { formatNip } from "~/order/nip";
import { fixedT } from "~/i18n/i18n.server";
import { zlotyDigits } from "~/i18n/money";

/**
 * The back office's side of invoices (Polish only): an order's request and invoices, issuing one
 * by hand, and the month's list with its CSV for the accountant.
 */
export type OrderInvoices = { request: InvoiceRequestRow | null; invoices: InvoiceRow[]; ksef: InvoiceKsefStates };

export async function invoicesOfOrder(db: AppDatabase, orderId: number): Promise<OrderInvoices> {
  const [request, invoices, submissions] = await Promise.all([
    findRequest(db, orderId),
    db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),
    db
      .selectFrom("ksef_submissions")
      .select(["invoice_number", "status", "ksef_number", "error", "xml", "offline_at", "awaits_original"])
      .where("order_id", "=", orderId)
      .execute(),
  ]);
  const ksef: InvoiceKsefStates = {};
  for (const submission of submissions) {
    const issueDate = /<P_1>(\d{4}-\d{2}-\d{2})<\/P_1>/.exec(submission.xml)?.[1];
    // Offline24: to KSeF by the end of the next business day after the date of issue (art. 106nda of the VAT act).
    const offlineDeadline = issueDate ? warsawDay(addBusinessDays(new Date(`${issueDate}T12:00:00Z`), 1)) : null;
    const state = ksefStateOf({ ...submission, offlineDeadline });
    if (state) ksef[submission.invoice_number] = { ...state, file: submission.xml !== "" };
  }
  return { request: request ?? null, invoices, ksef };
}

/** An invoice's stored FA(3) file and the name it downloads as; null when it has none (outside KSeF, or a file the schema refused). */
export async function storedKsefFile(db: AppDatabase, invoiceId: number): Promise<{ xml: string; filename: string } | null> {
  const row = await db
    .selectFrom("invoices")
    .innerJoin("ksef_submissions", "ksef_submissions.invoice_number", "invoices.number")
    .select(["invoices.number", "ksef_submissions.xml"])
    .where("invoices.id", "=", invoiceId)
    .executeTakeFirst();
  return row && row.xml !== "" ? { xml: row.xml, filename: `${row.number.replace(/\//g, "-")}.xml` } : null;
}

export type IssueRefusal = { status: 400 | 404 | 409; errors: Record<string, string>; values: Record<string, string> };

const FIELDS = ["buyerName", "buyerAddress", "nip"] as const;

/**
 * The operator issues an order's invoice: for a request already made, as it stands; otherwise for
 * the buyer typed into the form, which is recorded as the operator's request. Only a paid order is
 * invoiced, and only once; anything refused keeps what was typed.
 */
export async function issueByOperator(
  db: AppDatabase,
  orderId: number,
  form: FormData,
  operator: string,
  now: Date,
): Promise<{ ok: true; invoice: InvoiceRow } | ({ ok: false } & IssueRefusal)> {
  const values = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? "").slice(0, 400)]));
  const order = await db.selectFrom("orders").select(["id", "paid_at", "status"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return { ok: false, status: 404, errors: {}, values };
  if (!order.paid_at || order.status === "cancelled")
    return { ok: false, status: 409, errors: { form: INVOICE_ADMIN_TEXT.notPaid }, values };
  const existing = await findRequest(db, orderId);
  const parsed = existing ? null : invoiceBuyerSchema.safeParse({ ...values, nip: values.nip || undefined });
  if (parsed && !parsed.success) {
    const errors: Record<string, string> = {};
    // The form's messages are i18n keys; the back office speaks Polish.
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= fixedT("pl", "invoice")(issue.message);
    return { ok: false, status: 400, errors, values };
  }
  const invoice = await db.transaction().execute(async (trx) => {
    if (parsed?.success) await recordRequestIn(trx, orderId, parsed.data, "operator", now);
    return issueInvoiceIn(trx, orderId, { now, issuedBy: operator });
  });
  if (!invoice) return { ok: false, status: 409, errors: { form: INVOICE_ADMIN_TEXT.notPaid }, values };
  return { ok: true, invoice };
}

/** "2026-11": a month the list and the CSV can be filtered by; anything else is no filter. */
export function monthOf(value: string | null): string | null {
  return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : null;
}

/** An invoice with its order's number and, when it has a stored FA(3) file, that file's way to KSeF. */
export type InvoiceListRow = InvoiceRow & {
  order_number: string;
  ksef_status: KsefSubmissionRow["status"] | null;
  ksef_number: string | null;
  ksef_error: string | null;
};

export async function listInvoices(db: AppDatabase, month: string | null): Promise<InvoiceListRow[]> {
  return db
    .selectFrom("invoices")
    .innerJoin("orders", "orders.id", "invoices.order_id")
    .leftJoin("ksef_submissions", "ksef_submissions.invoice_number", "invoices.number")
    .selectAll("invoices")
    .select([
      "orders.number as order_number",
      "ksef_submissions.status as ksef_status",
      "ksef_submissions.ksef_number as ksef_number",
      "ksef_submissions.error as ksef_error",
    ])
    .$if(month !== null, (query) => query.where("invoices.number_month", "=", month!))
    .orderBy("invoices.issue_date", "desc")
    .orderBy("invoices.id", "desc")
    .limit(2000)
    .execute();
}

export const INVOICE_CSV_HEADER = [
  "Numer",
  "Rodzaj",
  "Data wystawienia",
  "Data zapłaty",
  "Korygowana faktura",
  "Zamówienie",
  "Nabywca",
  "Adres nabywcy",
  "NIP nabywcy",
  "Usługa",
  "Ilość",
  "Stawka VAT",
  "Netto",
  "VAT",
  "Brutto",
  "Waluta",
  "Przyczyna korekty",
  "Numer KSeF",
  "KSeF",
] as const;

/** An invoice's KSeF state in the list and the CSV; `ksefSends`: whether the site sends NIP buyers' invoices itself. */
export function ksefOfListRow(row: InvoiceListRow, ksefSends: boolean) {
  const submission = row.ksef_status ? { status: row.ksef_status, ksef_number: row.ksef_number, error: row.ksef_error } : null;
  return ksefListState(submission, row.buyer_nip !== null && !ksefSends);
}

/** The month's invoices for the accountant, in the orders CSV's conventions (Polish Excel: ";", decimal commas, a BOM). */
export function invoicesCsv(rows: readonly InvoiceListRow[], ksefSends: boolean): string {
  const numberOf = new Map(rows.map((row) => [row.id, row.number]));
  return toCsv([
    INVOICE_CSV_HEADER,
    ...[...rows]
      .sort((a, b) => a.series.localeCompare(b.series) || a.number_month.localeCompare(b.number_month) || a.number_seq - b.number_seq)
      .map((row) => [
        csvText(row.number),
        row.kind === "invoice" ? "faktura" : "korekta",
        row.issue_date,
        row.payment_date,
        row.corrects_id === null ? null : csvText(numberOf.get(row.corrects_id) ?? String(row.corrects_id)),
        csvText(row.order_number),
        row.buyer_name,
        row.buyer_address,
        row.buyer_nip ? csvText(formatNip(row.buyer_nip)) : null,
        row.service_name,
        row.quantity,
        row.vat_rate === "zw" ? "zw" : `${row.vat_rate}%`,
        zlotyDigits(row.net_grosze),
        zlotyDigits(row.vat_grosze),
        zlotyDigits(row.gross_grosze),
        row.currency,
        row.reason,
        row.ksef_number === null ? null : csvText(row.ksef_number),
        ksefOfListRow(row, ksefSends)?.label ?? null,
      ]),
  ]);
}

/**
 * Invoices the operator looks at today (app/today): waiting for KSeF, refused by it, and those to send by
 * hand since `manualSince` (nothing records that one was sent by hand, so older ones stay on the invoice list only).
 */
export function invoicesForKsefAttention(db: AppDatabase, manualSince: string) {
  return db
    .selectFrom("ksef_submissions")
    .innerJoin("orders", "orders.id", "ksef_submissions.order_id")
    .select([
      "ksef_submissions.invoice_number",
      "ksef_submissions.status",
      "ksef_submissions.ksef_number",
      "ksef_submissions.error",
      "ksef_submissions.created_at",
      "orders.id as order_id",
      "orders.number as order_number",
      "orders.tenant_name",
    ])
    .where((eb) =>
      eb.or([
        eb("ksef_submissions.status", "in", ["pending", "sent", "rejected"]),
        eb.and([eb("ksef_submissions.status", "=", "manual"), eb("ksef_submissions.created_at", ">=", manualSince)]),
      ]),
    )
    .orderBy("ksef_submissions.created_at")
    .orderBy("ksef_submissions.id")
    .execute();
}
