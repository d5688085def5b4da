import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import type { PaymentWay } from "./payment-way";
import { amountsOfGross, type InvoiceAmounts, type VatRate } from "~/invoices/money";
import { spreadsheetDay } from "~/admin/orders-csv.server";

/**
 * The orders the figures and the sales register read, each with how it was paid and its invoice.
 * One bounded query per table; the counting is done in TypeScript, the same on SQLite and PostgreSQL.
 */
const COLUMNS = [
  "id",
  "number",
  "created_at",
  "paid_at",
  "dispatched_at",
  "cancelled_at",
  "withdrawn_at",
  "refunded_at",
  "refunded_grosze",
  "locale",
  "declaration_type",
  "price_grosze",
  "received_grosze",
] as const satisfies readonly (keyof OrderRow)[];

export type SaleOrder = Pick<OrderRow, (typeof COLUMNS)[number]> & {
  /** Warsaw days of the moments the figures count by (a transfer's payment is recorded as a day already). */
  placedDay: string;
  paidDay: string | null;
  dispatchedDay: string | null;
  cancelledDay: string | null;
  withdrawnDay: string | null;
  refundedDay: string | null;
  /** An online payment's method, or the bank transfer the operator marked paid by hand. */
  paymentWay: PaymentWay | null;
  invoiceNumber: string | null;
  /** What was sold, split as its invoice splits it; null when the order was never paid. */
  sale: InvoiceAmounts | null;
};

type Moment = "created_at" | "paid_at" | "dispatched_at" | "cancelled_at" | "withdrawn_at" | "refunded_at";

/**
 * Every order with one of `moments` at or after `from` and before `before` (ISO instants of Warsaw
 * midnights), with its payment's method and its invoice. `sellerVat`: the seller's VAT status today,
 * for orders without an invoice; an invoiced order is split at its invoice's own rate.
 */
export async function ordersBetween(
  db: AppDatabase,
  { from, before, moments, sellerVat }: { from: string; before: string; moments: readonly Moment[]; sellerVat: VatRate },
): Promise<SaleOrder[]> {
  const orders = await db
    .selectFrom("orders")
    .select(COLUMNS)
    .where((eb) => eb.or(moments.map((moment) => eb.and([eb(moment, ">=", from), eb(moment, "<", before)]))))
    .orderBy("id")
    .execute();
  const paidIds = orders.filter((order) => order.paid_at !== null).map((order) => order.id);
  const [payments, invoices] = await Promise.all([
    chunked(paidIds, (ids) =>
      db
        .selectFrom("payments")
        .select(["order_id", "method"])
        .where("paid_at", "is not", null)
        .where("replacement_charge_id", "is", null)
        .where("order_id", "in", ids)
        .execute(),
    ),
    chunked(paidIds, (ids) =>
      db
        .selectFrom("invoices")
        .select(["order_id", "number", "vat_rate"])
        .where("kind", "=", "invoice")
        .where("order_id", "in", ids)
        .execute(),
    ),
  ]);
  const methodOf = new Map(payments.map((payment) => [payment.order_id, payment.method]));
  const invoiceOf = new Map(invoices.map((invoice) => [invoice.order_id, invoice]));
  return orders.map((order) => {
    const invoice = invoiceOf.get(order.id);
    return {
      ...order,
      placedDay: spreadsheetDay(order.created_at)!,
      paidDay: spreadsheetDay(order.paid_at),
      dispatchedDay: spreadsheetDay(order.dispatched_at),
      cancelledDay: spreadsheetDay(order.cancelled_at),
      withdrawnDay: spreadsheetDay(order.withdrawn_at),
      refundedDay: spreadsheetDay(order.refunded_at),
      paymentWay: order.paid_at === null ? null : (methodOf.get(order.id) ?? "transfer"),
      invoiceNumber: invoice?.number ?? null,
      sale: order.paid_at === null ? null : amountsOfGross(soldGrosze(order), invoice?.vat_rate ?? sellerVat),
    };
  });
}

/** The price the customer paid for: what the bank credited, never more than the price (a surplus is a refund to make, not a sale). */
function soldGrosze(order: Pick<OrderRow, "price_grosze" | "received_grosze">): number {
  return Math.min(order.price_grosze, order.received_grosze ?? order.price_grosze);
}

/** A query per at most 500 ids: SQLite and PostgreSQL both cap the parameters of one statement. */
async function chunked<T>(ids: readonly number[], query: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += 500) rows.push(...(await query(ids.slice(start, start + 500))));
  return rows;
}
