import { awaitsAddress } from "~/order/address-later";
import { applyTransitionIn, SYSTEM_ACTOR } from "~/order/lifecycle/order-transitions.server";
import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { INPOST_COURIER } from "~/order/parcel-tracking";
import { orderInvoicing } from "~/invoices/order-invoicing.server";
import { errorFields, log } from "~/log/log.server";
import {
  FINAL_STATUSES,
  handedToCarrier,
  MalformedAnswerError,
  ShipmentRefusedError,
  ShippingUnavailableError,
  type Shipment,
  type ShippingCarrier,
} from "./carrier";

/**
 * Shipping an order through the carrier (docs/decisions/048 and 059), safe to retry at any point:
 * - the order is claimed in one conditional update before the carrier is asked (marked
 *   `requested`, with the moment): of two presses at once, on two desks or two tabs, only the one
 *   whose update changed the row asks the carrier, and the other is told the order is being
 *   shipped. The mark also leaves a trace housekeeping follows after a crash, and a claim whose
 *   press was cut off lapses after SHIP_CLAIM_MS;
 * - before creating, the carrier is asked for a shipment with the order's number as reference:
 *   a retry, or a second operator, finds the first one instead of making another;
 * - the shipment's id is stored as soon as it is known, and its tracking number once the carrier
 *   has confirmed it (the label can be printed then);
 * - the order becomes dispatched, with the customer's e-mail, only when the carrier reports that it
 *   has the parcel (docs/decisions/066): a label is not a dispatch, and the day everything counts
 *   from dispatch (the review request, the stuck-parcel flag) is the day the carrier took it.
 */

/** Marks an order whose shipment was asked for but whose id we have not stored yet. */
export const SHIPMENT_REQUESTED = "requested";

/**
 * How long a claim holds: longer than finding and creating a shipment can take (two ShipX calls of
 * at most 10 s each), so a press in progress is never overtaken; a press a crash cut off frees the
 * order this long after it began.
 */
export const SHIP_CLAIM_MS = 30_000;

export type ShipOutcome =
  /** The shipment is made and its label ready; `alreadyMade` when an earlier press had made it. */
  | { ok: true; shipmentId: string; trackingNumber: string; alreadyMade: boolean }
  | { ok: false; reason: "not-found" | "not-paid" }
  /** The customer withdrew from the agreement: nothing is shipped. */
  | { ok: false; reason: "withdrawn" }
  /** The flat's address is not given yet (docs/decisions/091): nothing is shipped. */
  | { ok: false; reason: "address-pending" }
  /** Another press holds the order's claim: it is being shipped now. */
  | { ok: false; reason: "in-progress" }
  /** The carrier has the shipment but has not confirmed it yet: the operator tries again shortly (housekeeping also will). */
  | { ok: false; reason: "pending"; shipmentId: string }
  | { ok: false; reason: "refused"; refusal: ShipmentRefusedError }
  | { ok: false; reason: "unavailable" };

export type ShipTiming = { pollMs: number; waitMs: number };
const DEFAULT_TIMING: ShipTiming = { pollMs: 500, waitMs: 15_000 };

type ShippableOrder = Pick<
  OrderRow,
  | "id"
  | "number"
  | "status"
  | "tenant_name"
  | "email"
  | "phone"
  | "mailing_street"
  | "mailing_postal_code"
  | "mailing_city"
  | "mailing_address"
  | "delivery_method"
  | "locker_name"
  | "shipment_id"
  | "tracking_number"
  | "withdrawn_at"
  | "address_pending"
>;

const SHIPPABLE_COLUMNS = [
  "id",
  "number",
  "status",
  "tenant_name",
  "email",
  "phone",
  "mailing_street",
  "mailing_postal_code",
  "mailing_city",
  "mailing_address",
  "delivery_method",
  "locker_name",
  "shipment_id",
  "tracking_number",
  "withdrawn_at",
  "address_pending",
] as const;

function loadOrder(db: AppDatabase, orderId: number): Promise<ShippableOrder | undefined> {
  return db.selectFrom("orders").select(SHIPPABLE_COLUMNS).where("id", "=", orderId).executeTakeFirst();
}

/** The API's one line "ul. Długa 5, 31-042 Kraków", for orders that came without the parts. */
function addressParts(order: ShippableOrder): { street: string; postalCode: string; city: string } {
  if (order.mailing_street && order.mailing_postal_code && order.mailing_city)
    return { street: order.mailing_street, postalCode: order.mailing_postal_code, city: order.mailing_city };
  const match = /^(.*),\s*(\d{2}-\d{3})\s+(.+)$/.exec(order.mailing_address);
  return match
    ? { street: match[1]!, postalCode: match[2]!, city: match[3]! }
    : { street: order.mailing_address, postalCode: "", city: "" };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ships one paid order: the shipment the carrier already has for it, or a new one; then waits for its confirmation. */
export async function shipOrder(
  db: AppDatabase,
  carrier: ShippingCarrier,
  orderId: number,
  operator: string,
  now: () => Date,
  timing: ShipTiming = DEFAULT_TIMING,
): Promise<ShipOutcome> {
  const order = await loadOrder(db, orderId);
  if (!order) return { ok: false, reason: "not-found" };
  if (order.withdrawn_at && order.status === "paid") return { ok: false, reason: "withdrawn" };
  if (awaitsAddress(order)) return { ok: false, reason: "address-pending" };
  if ((order.status === "paid" || order.status === "dispatched") && order.shipment_id && order.tracking_number)
    return { ok: true, shipmentId: order.shipment_id, trackingNumber: order.tracking_number, alreadyMade: true };
  if (order.status !== "paid") return { ok: false, reason: "not-paid" };
  // A shipment already made is only read again; making one needs the order's claim.
  if (!order.shipment_id && !(await claimOrder(db, order.id, now()))) {
    const current = await loadOrder(db, orderId);
    return current?.withdrawn_at ? { ok: false, reason: "withdrawn" } : { ok: false, reason: "in-progress" };
  }

  let shipment: Shipment | null = null;
  try {
    shipment = order.shipment_id ? await carrier.shipment(order.shipment_id) : null;
    shipment ??= await carrier.findByReference(order.number);
    shipment ??= await carrier.create({
      reference: order.number,
      receiver: {
        name: order.tenant_name,
        email: order.email,
        phone: order.phone,
        address: order.delivery_method === "locker" ? null : addressParts(order),
      },
      targetPoint: order.delivery_method === "locker" ? order.locker_name : null,
    });
    await recordShipment(db, order.id, shipment, operator, now());
    const started = Date.now();
    while (!shipment.trackingNumber && Date.now() - started < timing.waitMs) {
      await wait(timing.pollMs);
      shipment = (await carrier.shipment(shipment.id)) ?? shipment;
    }
    await recordShipment(db, order.id, shipment, operator, now());
  } catch (error) {
    if (error instanceof ShipmentRefusedError) {
      // Nothing was made: the order is as before, and a later try starts afresh.
      if (!shipment)
        await db
          .updateTable("orders")
          .set({ shipment_status: null })
          .where("id", "=", order.id)
          .where("shipment_id", "is", null)
          .where("shipment_status", "=", SHIPMENT_REQUESTED)
          .execute();
      return { ok: false, reason: "refused", refusal: error };
    }
    if (error instanceof ShippingUnavailableError) {
      // The next press may try at once (it looks the shipment up first); the mark stays for housekeeping.
      if (!shipment) await releaseClaim(db, order.id);
      return { ok: false, reason: "unavailable" };
    }
    throw error;
  }
  if (!shipment.trackingNumber) return { ok: false, reason: "pending", shipmentId: shipment.id };
  return { ok: true, shipmentId: shipment.id, trackingNumber: shipment.trackingNumber, alreadyMade: false };
}

/**
 * Takes the order for one press, in one UPDATE: only a paid order the customer has not withdrawn
 * from, with no shipment stored, and not claimed by another press within SHIP_CLAIM_MS. True when
 * this press has it.
 */
async function claimOrder(db: AppDatabase, orderId: number, now: Date): Promise<boolean> {
  const lapsed = new Date(now.getTime() - SHIP_CLAIM_MS).toISOString();
  const claimed = await db
    .updateTable("orders")
    .set({ shipment_status: SHIPMENT_REQUESTED, shipment_checked_at: now.toISOString() })
    .where("id", "=", orderId)
    .where("status", "=", "paid")
    .where("withdrawn_at", "is", null)
    .where("address_pending", "=", 0)
    .where("shipment_id", "is", null)
    .where((eb) =>
      eb.or([eb("shipment_status", "is", null), eb("shipment_checked_at", "is", null), eb("shipment_checked_at", "<", lapsed)]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Frees a claim whose press could not reach the carrier; the `requested` mark stays, for housekeeping to look the shipment up. */
async function releaseClaim(db: AppDatabase, orderId: number): Promise<void> {
  await db
    .updateTable("orders")
    .set({ shipment_checked_at: null })
    .where("id", "=", orderId)
    .where("shipment_id", "is", null)
    .where("shipment_status", "=", SHIPMENT_REQUESTED)
    .execute();
}

/**
 * Stores what the carrier said about an order's shipment: its id and status; once it has a
 * tracking number, that number (the label's); once the carrier has the parcel, a paid order
 * becomes dispatched (with the customer's e-mail, as a hand-typed number would); once delivered,
 * when. Used by the operator's button, the webhook and housekeeping. ShipX gives no time of a
 * status, so the dispatch is dated when we read it: within seconds with the webhook, within
 * housekeeping's 30 minutes without it.
 */
export async function recordShipment(db: AppDatabase, orderId: number, shipment: Shipment, actor: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").select(["status", "delivered_at"]).where("id", "=", orderId).executeTakeFirst();
    if (!order) return;
    await trx
      .updateTable("orders")
      .set({
        shipment_id: shipment.id,
        shipment_status: shipment.status,
        shipment_checked_at: at,
        ...(shipment.status === "delivered" && !order.delivered_at ? { delivered_at: at } : {}),
        // The label's number, known before InPost has the parcel; the customer is told it with the dispatch.
        ...(order.status === "paid" && shipment.trackingNumber
          ? { tracking_number: shipment.trackingNumber, courier: INPOST_COURIER }
          : {}),
      })
      .where("id", "=", orderId)
      .execute();
    if (order.status === "paid" && shipment.trackingNumber && handedToCarrier(shipment.status))
      await applyTransitionIn(
        trx,
        orderId,
        { transition: "mark_dispatched", trackingNumber: shipment.trackingNumber, courier: INPOST_COURIER },
        actor,
        now,
        orderInvoicing,
      );
  });
}

/** Orders whose shipment may still change, oldest check first, at most this many a pass. */
const POLL_BATCH = 50;
/** A shipment is asked about again after this long (a webhook that was lost, or never configured). */
const POLL_AFTER_MS = 30 * 60_000;

/**
 * Housekeeping's pass: a shipment asked for whose answer we never stored is looked up by its
 * reference; every shipment not yet delivered, returned or cancelled is read again.
 */
export async function pollShipments(db: AppDatabase, carrier: ShippingCarrier, now: Date): Promise<number> {
  const before = new Date(now.getTime() - POLL_AFTER_MS).toISOString();
  const due = await db
    .selectFrom("orders")
    .select(["id", "number", "shipment_id", "shipment_status"])
    .where("status", "in", ["paid", "dispatched"])
    .where("delivered_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("shipment_id", "is", null), eb("shipment_status", "=", SHIPMENT_REQUESTED)]),
        eb.and([eb("shipment_id", "is not", null), eb("shipment_status", "not in", [...FINAL_STATUSES])]),
      ]),
    )
    .where((eb) => eb.or([eb("shipment_checked_at", "is", null), eb("shipment_checked_at", "<=", before)]))
    .orderBy("shipment_checked_at")
    .limit(POLL_BATCH)
    .execute();
  let read = 0;
  for (const order of due) {
    try {
      const shipment = order.shipment_id ? await carrier.shipment(order.shipment_id) : await carrier.findByReference(order.number);
      if (shipment && shipment.reference === order.number) {
        await recordShipment(db, order.id, shipment, SYSTEM_ACTOR, now);
        read += 1;
      } else {
        // Asked for, and the carrier has nothing: the create never reached it, and the next press starts afresh.
        const nothingMade = !order.shipment_id && !shipment;
        await db
          .updateTable("orders")
          .set({ shipment_checked_at: now.toISOString(), ...(nothingMade ? { shipment_status: null } : {}) })
          .where("id", "=", order.id)
          .execute();
      }
    } catch (error) {
      if (error instanceof MalformedAnswerError) {
        // One shipment's answer we cannot take: nothing of it is stored, and the next pass starts with the others.
        log.warn({ ...errorFields(error), orderId: order.id }, "shipment answer refused");
        await db.updateTable("orders").set({ shipment_checked_at: now.toISOString() }).where("id", "=", order.id).execute();
        continue;
      }
      if (error instanceof ShippingUnavailableError || error instanceof ShipmentRefusedError) break;
      throw error;
    }
  }
  return read;
}
