import type { OrderRow } from "~/db/schema";

/**
 * How the customer receives the signed declaration (docs/decisions/048): by courier to the
 * mailing address, or at an InPost parcel locker. Free of server code: the order form, the
 * preview and the agreement read it.
 */
export type Delivery =
  | { method: "courier" }
  /**
   * `address` as the Points API gave it; null when the API was down and the name was typed by hand.
   * `description` (where it stands) and `open247` as the API said, when it was asked.
   */
  | { method: "locker"; point: string; address: string | null; description?: string | null; open247?: boolean };

/** A parcel locker as the customer picks it (the carrier's directory, ~/shipping/carrier.ts, answers with these). */
export type LockerPoint = {
  /** InPost's name of the point (KRA010): what the shipment targets. */
  name: string;
  /** One line: street and number, postcode and town. */
  address: string;
  /** Where the machine stands ("Przy wejściu do sklepu"), when InPost says. */
  description: string | null;
  /** From the postcode searched for, in metres; null when the search was not by distance. */
  distanceMetres: number | null;
  /** Open round the clock. */
  open247: boolean;
};

export const COURIER: Delivery = { method: "courier" };

/** A parcel locker's name as InPost writes them: three letters of the town, digits, maybe a letter (KRA010, WAW22A, POZ08M). */
export const LOCKER_NAME = /^[A-Z]{3}\d{1,4}[A-Z]{0,3}$/;

/** The order form's fields of the delivery choice, kept through every step like the others. */
export const DELIVERY_FIELDS = ["deliveryMethod", "lockerQuery", "lockerName"] as const;

/** The pressed button that asks for the lockers near the typed postcode or town. */
export const LOCKERS_INTENT = "lockers";

/** A Polish postcode as people type it, anywhere in the text: "31042", "31 042", "31-042", "Kraków 31-042". */
export const POSTCODE_IN_TEXT = /(?<!\d)(\d{2})\s*[-–]?\s*(\d{3})(?!\d)/;

/**
 * Whether the typed place is worth asking the Points API about while the visitor types: a whole
 * postcode (with a town or without), a locker's name (KRA010), or at least three letters of a town
 * or a street in any alphabet. A half-typed postcode would find the wrong lockers. The server reads
 * the query the same way whether it came from this or from the button (./locker-query.ts).
 */
export function isSearchableQuery(query: string): boolean {
  const trimmed = query.trim();
  if (POSTCODE_IN_TEXT.test(trimmed)) return true;
  const compact = trimmed.replace(/[\s-]/g, "").toUpperCase();
  if (/\d/.test(compact) && LOCKER_NAME.test(compact)) return true;
  // Digits first are a postcode still being typed.
  return !/^\d/.test(trimmed) && (trimmed.match(/\p{L}/gu)?.length ?? 0) >= 3;
}

/** "Paczkomat KRA010, ul. Floriańska 3, 31-042 Kraków": the locker in one line of the order's language. */
export function lockerLine(delivery: Extract<Delivery, { method: "locker" }>): string {
  return delivery.address ? `${delivery.point}, ${delivery.address}` : delivery.point;
}

/** The chosen parcel locker as the customer's order page names it (docs/decisions/066); `open247` null when unknown. */
export type OrderLocker = { name: string; address: string | null; description: string | null; open247: boolean | null };

/** The stored order's locker; null for a courier order. */
export function orderLocker(
  order: Pick<OrderRow, "delivery_method" | "locker_name" | "locker_address" | "locker_description" | "locker_open_247">,
): OrderLocker | null {
  if (order.delivery_method !== "locker" || !order.locker_name) return null;
  return {
    name: order.locker_name,
    address: order.locker_address,
    description: order.locker_description,
    open247: order.locker_open_247 === null ? null : order.locker_open_247 === 1,
  };
}

/** What the order form shows after "Pokaż paczkomaty" (docs/decisions/048). */
export type LockerSearch =
  | { status: "found"; query: string; points: LockerPoint[] }
  | { status: "none"; query: string }
  /** Nothing typed to search near. */
  | { status: "missing" }
  /** The Points API is down or slower than 3 s: the form offers the courier, or a name typed by hand. */
  | { status: "unavailable"; query: string };
