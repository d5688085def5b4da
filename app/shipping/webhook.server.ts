import { isIP } from "node:net";
import { SYSTEM_ACTOR } from "~/order/lifecycle/order-transitions.server";
import type { AppDatabase } from "~/db/db.server";
import { errorFields, log } from "~/log/log.server";
import { BodyTooLargeError, dropBody, readBodyLimited } from "~/security/body.server";
import { textResponse } from "~/security/responses.server";
import { SHIPMENT_ID } from "./answer-fields";
import { ShipmentRefusedError, ShippingUnavailableError, type ShippingCarrier } from "./carrier";
import { recordShipment } from "./ship.server";

/**
 * InPost's webhook (docs/decisions/048 and 059). InPost does not sign it, so a notification is
 * only a hint that a shipment changed: it names a shipment, and nothing else of it is believed.
 * - The source may be limited to InPost's networks (INPOST_WEBHOOK_ALLOW; empty: any), checked
 *   before a byte of the body is read; the body is then read as every form's is, 64 KiB at most.
 * - The answer is the same for every shipment id, ours or not, and whatever ShipX says: a caller
 *   learns nothing of which shipments are ours, and no outbound call is made while it waits.
 * - Ours is read again from ShipX after the answer, at most once per shipment every
 *   `minIntervalMs`: a notification within that window is not dropped but brings one read at its
 *   end, so the last change is always read; a read that fails is tried again the same way a few
 *   times, and housekeeping reads every open shipment anyway. Only what ShipX says, for the order
 *   whose number it carries as reference, is stored.
 */

export const WEBHOOK_EVENTS: ReadonlySet<string> = new Set(["shipment_status_changed", "shipment_confirmed"]);
export const WEBHOOK_MIN_INTERVAL_MS = 10_000;
/** Reads that fail are tried again this many times, each at the end of a window; then housekeeping's sweep takes over. */
export const WEBHOOK_READ_RETRIES = 3;
/** Shipments whose last read is remembered; beyond it, those whose window is over are forgotten. */
const REMEMBERED_SHIPMENTS = 10_000;

export type WebhookAnswer = { status: 200 | 400; outcome: "scheduled" | "ignored" | "unknown" | "unreadable" };

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

/**
 * The webhook's POST: its source checked first (403, nothing of the body kept), then its body read
 * within the limit every route has (413 past 64 KiB); a body that is not JSON is null.
 */
export async function readWebhookPost(
  request: Request,
  clientAddress: string,
  allow: readonly string[],
): Promise<{ body: unknown } | Response> {
  if (!addressAllowed(clientAddress, allow)) {
    dropBody(request);
    return textResponse("Forbidden", 403);
  }
  try {
    return { body: JSON.parse(new TextDecoder().decode(await readBodyLimited(request))) as unknown };
  } catch (error) {
    if (error instanceof BodyTooLargeError) return textResponse("Payload Too Large", 413);
    return { body: null };
  }
}

function shipmentIdOf(body: unknown): { event: string; shipmentId: string } | null {
  if (!body || typeof body !== "object") return null;
  const { event, payload } = body as { event?: unknown; payload?: { shipment_id?: unknown } };
  const id = payload?.shipment_id;
  if (typeof event !== "string" || (typeof id !== "number" && typeof id !== "string") || !SHIPMENT_ID.test(String(id))) return null;
  return { event, shipmentId: String(id) };
}

type Reads = { lastAt: number; waiting: boolean; retriesLeft: number };

/** Runs `run` after `ms`; the default never keeps the process alive. Tests pass their own, to run each read when they choose. */
export type WebhookTimer = (ms: number, run: () => void) => void;
const unrefTimer: WebhookTimer = (ms, run) => void setTimeout(run, ms).unref();

export function createWebhookHandler(
  db: AppDatabase,
  carrier: ShippingCarrier,
  settings: { minIntervalMs?: number; onApplied?: () => void; timer?: WebhookTimer } = {},
) {
  const minIntervalMs = settings.minIntervalMs ?? WEBHOOK_MIN_INTERVAL_MS;
  const timer = settings.timer ?? unrefTimer;
  const shipments = new Map<string, Reads>();
  const running = new Set<Promise<void>>();

  /** One read of the shipment, now or at the end of its window; none more while one waits (it will see the latest change). */
  function schedule(shipmentId: string, order: { id: number; number: string }): void {
    const reads = shipments.get(shipmentId) ?? { lastAt: Number.NEGATIVE_INFINITY, waiting: false, retriesLeft: WEBHOOK_READ_RETRIES };
    shipments.set(shipmentId, reads);
    if (reads.waiting) return;
    reads.waiting = true;
    timer(Math.max(0, reads.lastAt + minIntervalMs - Date.now()), () => {
      reads.waiting = false;
      reads.lastAt = Date.now();
      const done: Promise<void> = read(shipmentId, order, reads).finally(() => running.delete(done));
      running.add(done);
    });
  }

  async function read(shipmentId: string, order: { id: number; number: string }, reads: Reads): Promise<void> {
    try {
      const shipment = await carrier.shipment(shipmentId);
      reads.retriesLeft = WEBHOOK_READ_RETRIES;
      if (!shipment || shipment.reference !== order.number) return;
      await recordShipment(db, order.id, shipment, SYSTEM_ACTOR, new Date());
      settings.onApplied?.();
    } catch (error) {
      if (!(error instanceof ShippingUnavailableError || error instanceof ShipmentRefusedError)) {
        log.error({ ...errorFields(error), orderId: order.id }, "webhook read failed");
        return;
      }
      if (reads.retriesLeft <= 0) {
        log.warn({ ...errorFields(error), orderId: order.id }, "webhook read left to housekeeping");
        return;
      }
      reads.retriesLeft -= 1;
      schedule(shipmentId, order);
    }
  }

  function forgetOldReads(): void {
    if (shipments.size <= REMEMBERED_SHIPMENTS) return;
    const before = Date.now() - minIntervalMs;
    for (const [id, reads] of shipments) if (!reads.waiting && reads.lastAt < before) shipments.delete(id);
  }

  async function handleWebhook(body: unknown): Promise<WebhookAnswer> {
    const notice = shipmentIdOf(body);
    if (!notice) return { status: 400, outcome: "unreadable" };
    if (!WEBHOOK_EVENTS.has(notice.event)) return { status: 200, outcome: "ignored" };
    const order = await db.selectFrom("orders").select(["id", "number"]).where("shipment_id", "=", notice.shipmentId).executeTakeFirst();
    if (!order) return { status: 200, outcome: "unknown" };
    forgetOldReads();
    schedule(notice.shipmentId, order);
    return { status: 200, outcome: "scheduled" };
  }

  /** Resolves once no read is running (a read waiting for its window has not started). */
  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.all([...running]);
  }

  return Object.assign(handleWebhook, { idle });
}
