import type { OrderRow } from "~/db/schema";
import { FINAL_STATUSES, TROUBLE_STATUSES } from "./carrier";

/**
 * Days a parcel may travel beyond its promised transit before the back office calls it stuck:
 * the transit counts business days, so this covers a weekend and one more day of slack.
 */
export const STUCK_MARGIN_DAYS = 3;

const DAY_MS = 86_400_000;

/** Why an InPost parcel needs the operator: InPost said it came back or cannot be delivered, or it has been on the way too long. */
export type ShipmentTrouble = { kind: "status"; status: string } | { kind: "stuck"; since: string };

export type TroubleFacts = Pick<OrderRow, "status" | "shipment_id" | "shipment_status" | "dispatched_at" | "delivered_at">;

/**
 * The back office's flag for a dispatched order's InPost shipment. ShipX gives no time of the
 * last movement, so "stuck" counts from the dispatch: a parcel that is neither delivered nor in a
 * final status after the transit plus the margin has not arrived when it should have.
 * Orders sent some other way (no shipment id) carry no status to judge and are never flagged.
 */
export function shipmentTrouble(order: TroubleFacts, transitDays: number, now: Date): ShipmentTrouble | null {
  if (order.status !== "dispatched" || !order.shipment_id || order.delivered_at) return null;
  const status = order.shipment_status;
  if (status && TROUBLE_STATUSES.has(status)) return { kind: "status", status };
  if ((status && FINAL_STATUSES.has(status)) || !order.dispatched_at) return null;
  const dispatched = Date.parse(order.dispatched_at);
  if (Number.isNaN(dispatched)) return null;
  return now.getTime() > dispatched + (transitDays + STUCK_MARGIN_DAYS) * DAY_MS ? { kind: "stuck", since: order.dispatched_at } : null;
}
