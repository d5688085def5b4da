import type { Transaction } from "kysely";
import type { Database } from "~/db/schema";

/** FV: invoices; KOR: correcting invoices. Each runs its own numbers per month. */
export type InvoiceSeries = "FV" | "KOR";

/**
 * The next number of a series in the month of `issueDate` (YYYY-MM-DD), FV/2026/11/0001, taken
 * inside the caller's transaction. The counter row is created once per month and then raised by
 * one UPDATE: on PostgreSQL the row's lock makes a second instance wait until the first commits
 * (and then read its number), on SQLite the transaction holds the file's write lock from BEGIN.
 * A transaction that rolls back gives its number back, so numbers have no gaps.
 */
export async function nextInvoiceNumberIn(
  trx: Transaction<Database>,
  series: InvoiceSeries,
  issueDate: string,
): Promise<{ number: string; month: string; seq: number }> {
  const month = issueDate.slice(0, 7);
  await trx
    .insertInto("invoice_counters")
    .values({ series, month, last_seq: 0 })
    .onConflict((conflict) => conflict.columns(["series", "month"]).doNothing())
    .execute();
  const { last_seq: seq } = await trx
    .updateTable("invoice_counters")
    .set((eb) => ({ last_seq: eb("last_seq", "+", 1) }))
    .where("series", "=", series)
    .where("month", "=", month)
    .returning("last_seq")
    .executeTakeFirstOrThrow();
  const [year, monthNumber] = month.split("-");
  return { number: `${series}/${year}/${monthNumber}/${String(seq).padStart(4, "0")}`, month, seq };
}
