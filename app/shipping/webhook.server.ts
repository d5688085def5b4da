import { isIP } from "node:net";
import { SYSTEM_ACTOR } from "~/admin/order-transitions.server";
import type { AppDatabase } from "~/db/db.server";
import { ShipmentRefusedError, ShippingUnavailableError, type ShippingCarrier } from "./carrier";
import { recordShipment } from "./ship.server";

/**
 * InPost's webhook (docs/decisions/048). InPost does not sign it, so a notification is only a
 * hint that a shipment changed: it names a shipment, and nothing else of it is believed.
 * - The source may be limited to InPost's networks (INPOST_WEBHOOK_ALLOW; empty: any).
 * - A shipment we never made for an order is ignored without asking anyone.
 * - Ours is read again from ShipX, at most once per shipment every `minIntervalMs` (a flood of
 *   notifications becomes few reads; housekeeping reads every open shipment anyway), and only what
 *   ShipX says, for the order whose number it carries as reference, is stored.
 */

export const WEBHOOK_EVENTS: ReadonlySet<string> = new Set(["shipment_status_changed", "shipment_confirmed"]);
export const WEBHOOK_MIN_INTERVAL_MS = 10_000;

export type WebhookAnswer = {
  status: 200 | 400 | 403 | 503;
  outcome: "applied" | "ignored" | "not-ours" | "throttled" | "forbidden" | "unreadable" | "unavailable";
};

function ipv4Number(address: string): number | null {
  if (isIP(address) !== 4) return null;
  return address.split(".").reduce((total, part) => total * 256 + Number(part), 0);
}

/** Whether an address is in the list: exact addresses, or IPv4 blocks written as CIDR (91.216.25.0/24). */
export function addressAllowed(address: string, allow: readonly string[]): boolean {
  if (allow.length === 0) return true;
  const plain = address.replace(/^::ffff:/, "");
  const value = ipv4Number(plain);
  return allow.some((entry) => {
    const [network, bits] = entry.split("/");
    if (bits === undefined) return network === plain;
    const base = ipv4Number(network ?? "");
    const prefix = Number(bits);
    if (value === null || base === null || !(prefix >= 0 && prefix <= 32)) return false;
    const size = 2 ** (32 - prefix);
    return Math.floor(value / size) === Math.floor(base / size);
  });
}

function shipmentIdOf(body: unknown): { event: string; shipmentId: string } | null {
  if (!body || typeof body !== "object") return null;
  const { event, payload } = body as { event?: unknown; payload?: { shipment_id?: unknown } };
  const id = payload?.shipment_id;
  if (typeof event !== "string" || (typeof id !== "number" && typeof id !== "string") || !/^\d{1,20}$/.test(String(id))) return null;
  return { event, shipmentId: String(id) };
}

export function createWebhookHandler(
  db: AppDatabase,
  carrier: ShippingCarrier,
  settings: { allow: readonly string[]; minIntervalMs?: number },
) {
  const minIntervalMs = settings.minIntervalMs ?? WEBHOOK_MIN_INTERVAL_MS;
  const lastRead = new Map<string, number>();
  return async function handleWebhook(body: unknown, clientAddress: string, now: Date): Promise<WebhookAnswer> {
    if (!addressAllowed(clientAddress, settings.allow)) return { status: 403, outcome: "forbidden" };
    const notice = shipmentIdOf(body);
    if (!notice) return { status: 400, outcome: "unreadable" };
    if (!WEBHOOK_EVENTS.has(notice.event)) return { status: 200, outcome: "ignored" };
    const order = await db.selectFrom("orders").select(["id", "number"]).where("shipment_id", "=", notice.shipmentId).executeTakeFirst();
    if (!order) return { status: 200, outcome: "not-ours" };

    const at = now.getTime();
    const previous = lastRead.get(notice.shipmentId);
    if (previous !== undefined && at - previous < minIntervalMs) return { status: 200, outcome: "throttled" };
    lastRead.set(notice.shipmentId, at);
    if (lastRead.size > 10_000) for (const [id, time] of lastRead) if (at - time >= minIntervalMs) lastRead.delete(id);

    try {
      const shipment = await carrier.shipment(notice.shipmentId);
      if (!shipment || shipment.reference !== order.number) return { status: 200, outcome: "not-ours" };
      await recordShipment(db, order.id, shipment, SYSTEM_ACTOR, now);
      return { status: 200, outcome: "applied" };
    } catch (error) {
      if (error instanceof ShippingUnavailableError || error instanceof ShipmentRefusedError) {
        // Asked again at the next notification, or by housekeeping.
        lastRead.delete(notice.shipmentId);
        return { status: 503, outcome: "unavailable" };
      }
      throw error;
    }
  };
}
