import { dispatchDueDay } from "~/order/lifecycle/deadlines.server";
import { inDispatchQueue } from "./dispatch-queue.server";
import { warsawDay, withdrawalPeriodEnd } from "~/order/delivery-dates.server";
import type { AppDatabase } from "~/db/db.server";
import type { ShippingCarrier } from "./carrier";
import { shipOrder, type ShipOutcome, type ShipTiming } from "./ship.server";

/**
 * "Nadaj wszystkie gotowe do wysyłki" (docs/decisions/059): every paid order in the dispatch queue
 * that may leave now, listed for the operator to confirm before anything is made at InPost. An
 * order waits, with its reason shown, while the customer's withdrawal period runs and they did not
 * ask for an earlier start (the work starts after it, terms § 5), or while its locker's name was
 * typed by hand and not checked. An order whose label is made waits for InPost to collect it: it
 * becomes dispatched when InPost reports that it has the parcel (docs/decisions/066). An order the
 * customer withdrew from is in no queue at all.
 */

/** No day's batch is near this; the form and the labels' link never carry more. */
export const BATCH_MAX = 100;

export type BatchOrder = {
  id: number;
  number: string;
  tenantName: string;
  deliveryMethod: "courier" | "locker";
  lockerName: string | null;
  dispatchDue: string | null;
  /** Why it cannot be shipped yet; null when it is ready. */
  waiting: { reason: "withdrawal-period"; until: string } | { reason: "locker-unchecked" } | { reason: "awaiting-pickup" } | null;
};

/** The dispatch queue split into the orders ready to ship and those that wait, each by its dispatch date. */
export async function dispatchCandidates(db: AppDatabase, now: Date): Promise<{ ready: BatchOrder[]; waiting: BatchOrder[] }> {
  const today = warsawDay(now);
  const queue = await inDispatchQueue(db.selectFrom("orders"))
    .select([
      "id",
      "number",
      "tenant_name",
      "created_at",
      "paid_at",
      "declaration_type",
      "immediate_performance_consent_at",
      "delivery_method",
      "locker_name",
      "locker_address",
      "shipment_id",
      "tracking_number",
    ])
    .execute();
  const orders: BatchOrder[] = queue.map((order) => {
    const periodEnds = warsawDay(withdrawalPeriodEnd(new Date(order.created_at)));
    const waiting: BatchOrder["waiting"] =
      order.shipment_id && order.tracking_number
        ? { reason: "awaiting-pickup" }
        : !order.immediate_performance_consent_at && today <= periodEnds
          ? { reason: "withdrawal-period", until: periodEnds }
          : order.delivery_method === "locker" && !order.locker_address
            ? { reason: "locker-unchecked" }
            : null;
    return {
      id: order.id,
      number: order.number,
      tenantName: order.tenant_name,
      deliveryMethod: order.delivery_method,
      lockerName: order.locker_name,
      dispatchDue: dispatchDueDay(order),
      waiting,
    };
  });
  orders.sort((a, b) => (a.dispatchDue ?? "").localeCompare(b.dispatchDue ?? "") || a.id - b.id);
  return { ready: orders.filter((order) => !order.waiting), waiting: orders.filter((order) => order.waiting) };
}

export type BatchResult = { id: number; number: string; outcome: ShipOutcome | { ok: false; reason: "not-ready" } };

/**
 * Ships the chosen orders one after another (each safe to retry, each claimed on its own), checking
 * again that each is still ready: an order withdrawn or shipped since the list was shown is not.
 */
export async function shipChosenOrders(
  db: AppDatabase,
  carrier: ShippingCarrier,
  orderIds: readonly number[],
  operator: string,
  now: () => Date,
  timing?: ShipTiming,
): Promise<BatchResult[]> {
  const { ready } = await dispatchCandidates(db, now());
  const results: BatchResult[] = [];
  for (const id of [...new Set(orderIds)].slice(0, BATCH_MAX)) {
    const order = ready.find((each) => each.id === id);
    if (order) {
      results.push({ id, number: order.number, outcome: await shipOrder(db, carrier, id, operator, now, timing) });
      continue;
    }
    const current = await db
      .selectFrom("orders")
      .select(["number", "shipment_id", "tracking_number"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) continue;
    // Its label made already (the page sent again): its shipment, as the order's own button would say.
    const outcome = current.shipment_id && current.tracking_number ? await shipOrder(db, carrier, id, operator, now, timing) : null;
    results.push({ id, number: current.number, outcome: outcome ?? { ok: false, reason: "not-ready" } });
  }
  return results;
}
