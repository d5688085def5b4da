import type { SelectQueryBuilder } from "kysely";
import type { Database } from "~/db/schema";

/**
 * The dispatch queue ("Do wysyłki"): of the orders a query selects, the paid ones the customer has not withdrawn from
 * and whose flat's address is known (an order placed before the flat was found waits for it: docs/decisions/091).
 */
export function inDispatchQueue<Selected>(orders: SelectQueryBuilder<Database, "orders", Selected>) {
  return orders.where("status", "=", "paid").where("withdrawn_at", "is", null).where("address_pending", "=", 0);
}
