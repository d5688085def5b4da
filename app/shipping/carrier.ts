/**
 * What the site needs from a parcel carrier (docs/decisions/048), in the shape of the payment
 * gateway (app/payments/gateway.ts): the shipping domain talks to these interfaces only;
 * ./inpost.server.ts implements them against InPost's ShipX and Points APIs.
 */

import type { LockerPoint } from "~/order/delivery";

export interface LockerDirectory {
  /** At most `count` working parcel lockers near a postcode (NN-NNN, nearest first) or in a town (its name as InPost writes it). */
  nearest(place: string, count: number): Promise<LockerPoint[]>;
  /** One locker by its name; null when there is no such parcel locker. */
  byName(name: string): Promise<LockerPoint | null>;
}

export type Receiver = {
  name: string;
  email: string;
  phone: string;
  /** The courier's door; none for a locker. */
  address: { street: string; postalCode: string; city: string } | null;
};

export type ShipmentRequest = {
  /** Our order number: ShipX keeps it as the shipment's `reference`, and we look shipments up by it. */
  reference: string;
  receiver: Receiver;
  /** A parcel locker's name, or null for the courier to the receiver's address. */
  targetPoint: string | null;
};

/** A shipment as the carrier last said. */
export type Shipment = {
  id: string;
  status: string;
  trackingNumber: string | null;
  reference: string | null;
};

export interface ShippingCarrier {
  /** The carrier's name, stored as the order's courier. */
  readonly name: string;
  /** The shipment made for this reference, if any: asked before every create, so a retry never makes a second one. */
  findByReference(reference: string): Promise<Shipment | null>;
  /** Creates a shipment; the carrier confirms it later (`confirmed`), when it has a tracking number. */
  create(request: ShipmentRequest): Promise<Shipment>;
  /** One shipment as the carrier has it now; null when the carrier does not know it (or it is not ours). */
  shipment(id: string): Promise<Shipment | null>;
  /** The label of one shipment, or of several in one document, as a PDF. */
  labels(ids: readonly string[]): Promise<Uint8Array<ArrayBuffer>>;
}

/** The carrier could not be reached, was too slow, or answered in a shape its documentation does not give: try again later. */
export class ShippingUnavailableError extends Error {
  constructor(operation: string, detail: string) {
    super(`carrier unavailable (${operation}): ${detail}`);
    this.name = "ShippingUnavailableError";
  }
}

/**
 * The carrier answered, but in a shape its documentation does not give (a field of the wrong form
 * or length): nothing of it is stored. Housekeeping moves on to the next shipment rather than
 * stopping, as it does when the carrier is down.
 */
export class MalformedAnswerError extends ShippingUnavailableError {
  constructor(operation: string, detail: string) {
    super(operation, `malformed answer: ${detail}`);
    this.name = "MalformedAnswerError";
  }
}

/** The carrier refused the request (a 4xx): its own code and message, for the operator to read. */
export class ShipmentRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly carrierMessage: string,
    readonly details: string | null,
  ) {
    super(`carrier refused (${status} ${code}): ${carrierMessage}`);
    this.name = "ShipmentRefusedError";
  }
}

/** ShipX statuses after which nothing more happens to a parcel. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set([
  "delivered",
  "returned_to_sender",
  "canceled",
  "rejected_by_receiver",
  "undelivered",
  "claimed",
]);

/**
 * ShipX statuses before InPost has the parcel in hand: the shipment is made and its label printed,
 * but the envelope is still ours. Every other status of ShipX's published list (`dispatched_by_sender`
 * into a locker, `collected_from_sender`, `taken_by_courier`, `adopted_at_source_branch`, … up to
 * `delivered` or `returned_to_sender`) comes only after InPost took it: a later status may be the
 * first we read, so the rule names the few before rather than the many after.
 */
export const BEFORE_HANDOVER_STATUSES: ReadonlySet<string> = new Set([
  "created",
  "offers_prepared",
  "offer_selected",
  "confirmed",
  "canceled",
]);

/** Whether InPost has had the parcel: the order counts as dispatched from then (docs/decisions/066). */
export function handedToCarrier(status: string): boolean {
  return !BEFORE_HANDOVER_STATUSES.has(status);
}

/** Statuses the back office's list flags: the parcel came back or is stuck. */
export const TROUBLE_STATUSES: ReadonlySet<string> = new Set([
  "returned_to_sender",
  "rejected_by_receiver",
  "undelivered",
  "avizo",
  "stack_in_customer_service_point",
  "stack_parcel_pickup_time_expired",
  "missing",
]);
