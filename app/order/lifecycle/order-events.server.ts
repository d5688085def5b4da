import type { Transaction } from "kysely";
import type { Database, OrderRow } from "~/db/schema";

/**
 * One row of an order's history (order_events) for something done to it that leaves its status as
 * it was: a correction, a note on the money, a customer's objection. `details.action` names it
 * (app/admin/texts.ts, HISTORY_TEXT.action).
 */
export async function auditOrder(
  trx: Transaction<Database>,
  order: Pick<OrderRow, "id" | "status">,
  operator: string,
  details: Record<string, unknown>,
  at: string,
): Promise<void> {
  await trx
    .insertInto("order_events")
    .values({ order_id: order.id, operator, from_status: order.status, to_status: order.status, details: JSON.stringify(details), at })
    .execute();
}
