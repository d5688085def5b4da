import type { Kysely, Transaction } from "kysely";
import type { Database, OrderRow, OrderStatus } from "~/db/schema";

/** One line of an order's history: who did what, from which status to which, with its facts. */
export type OrderEvent = {
  orderId: number;
  /** An operator's e-mail, or SYSTEM_ACTOR for what no person did. */
  operator: string;
  from: OrderStatus;
  to: OrderStatus;
  /** `action` names a line that moves no status (app/admin/texts.ts, HISTORY_TEXT.action); a move's facts otherwise. */
  details: Record<string, unknown>;
  at: Date;
};

/**
 * The one writer of the order's history (order_events): every line goes through here, inside the
 * caller's transaction, so its shape is the same wherever it is written. Reads may live anywhere;
 * a test in this folder refuses an insert into order_events from any other module.
 */
export async function recordOrderEvent(db: Kysely<Database> | Transaction<Database>, event: OrderEvent): Promise<void> {
  await db
    .insertInto("order_events")
    .values({
      order_id: event.orderId,
      operator: event.operator,
      from_status: event.from,
      to_status: event.to,
      details: JSON.stringify(event.details),
      at: event.at.toISOString(),
    })
    .execute();
}

/**
 * A line for something done to the order that leaves its status as it was: a correction, a note on
 * the money, a customer's objection, a withdrawal statement or decision.
 */
export function auditOrder(
  db: Kysely<Database> | Transaction<Database>,
  order: Pick<OrderRow, "id" | "status">,
  operator: string,
  details: Record<string, unknown>,
  at: Date,
): Promise<void> {
  return recordOrderEvent(db, { orderId: order.id, operator, from: order.status, to: order.status, details, at });
}
