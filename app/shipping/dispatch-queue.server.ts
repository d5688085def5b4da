import type { SelectQueryBuilder } from "kysely";
import type { Database } from "~/db/schema";

/** The dispatch queue ("Do wysyłki"): of the orders a query selects, the paid ones the customer has not withdrawn from. */
export function inDispatchQueue<Selected>(orders: SelectQueryBuilder<Database, "orders", Selected>) {
  return orders.where("status", "=", "paid").where("withdrawn_at", "is", null);
}
