import type { OrderRow } from "~/db/schema";

/** The co-residents stored with an order (none for orders placed before they were asked for). */
export function coResidentsOf(order: Pick<OrderRow, "co_residents">): string[] {
  if (!order.co_residents) return [];
  const names: unknown = JSON.parse(order.co_residents);
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === "string") : [];
}
