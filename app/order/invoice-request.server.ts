import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { InvoiceRequest } from "./invoice-request";

/**
 * The invoice request as stored (table invoice_requests): who the customer, or the operator, said
 * the invoice is for. It is part of the order the customer places; the invoices feature
 * (app/invoices/) issues the invoice from it once the order is paid.
 */
type Writer = Transaction<Database>;

export async function findRequest(db: AppDatabase | Writer, orderId: number) {
  return db.selectFrom("invoice_requests").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

/** Records who the invoice is for; an order has one request, and a later one changes nothing. Returns whether it was recorded. */
export async function recordRequestIn(
  trx: AppDatabase | Writer,
  orderId: number,
  request: InvoiceRequest,
  via: "order" | "customer" | "operator",
  now: Date,
): Promise<boolean> {
  const result = await trx
    .insertInto("invoice_requests")
    .values({
      order_id: orderId,
      buyer_name: request.buyerName,
      buyer_address: request.buyerAddress,
      buyer_nip: request.nip,
      requested_at: now.toISOString(),
      requested_via: via,
    })
    .onConflict((conflict) => conflict.column("order_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
