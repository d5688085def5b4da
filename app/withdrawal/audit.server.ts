import type { Transaction } from "kysely";
import type { Database, OrderRow } from "~/db/schema";

/** An audit row of the order's history that moves no status: a statement, a decision, a delivery recorded. */
export async function auditOrder(
  trx: Transaction<Database>,
  order: Pick<OrderRow, "id" | "status">,
  operator: string,
  details: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("order_events")
    .values({
      order_id: order.id,
      operator,
      from_status: order.status,
      to_status: order.status,
      details: JSON.stringify(details),
      at: now.toISOString(),
    })
    .execute();
}
