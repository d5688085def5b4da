import type { LockerPoint } from "./carrier";

/**
 * How the customer receives the signed declaration (docs/decisions/048): by courier to the
 * mailing address, or at an InPost parcel locker. Free of server code: the order form, the
 * preview and the agreement read it.
 */
export type Delivery =
  | { method: "courier" }
  /** `address` as the Points API gave it; null when the API was down and the name was typed by hand. */
  | { method: "locker"; point: string; address: string | null };

export const COURIER: Delivery = { method: "courier" };

/** A parcel locker's name as InPost writes them: three letters of the town, digits, maybe a letter (KRA010, WAW22A, POZ08M). */
export const LOCKER_NAME = /^[A-Z]{3}\d{1,4}[A-Z]{0,3}$/;

/** The order form's fields of the delivery choice, kept through every step like the others. */
export const DELIVERY_FIELDS = ["deliveryMethod", "lockerQuery", "lockerName"] as const;

/** The pressed button that asks for the lockers near the typed postcode or town. */
export const LOCKERS_INTENT = "lockers";

/** A Polish postcode as people type it: "31042", "31 042", "31-042". */
export const POSTCODE = /^(\d{2})\s*[-–]?\s*(\d{3})$/;

/**
 * Whether the typed place is worth asking the Points API about while the visitor types: a whole
 * postcode, or at least three letters of a town. A half-typed postcode would find the wrong lockers.
 */
export function isSearchableQuery(query: string): boolean {
  const trimmed = query.trim();
  return POSTCODE.test(trimmed) || (!/\d/.test(trimmed) && (trimmed.match(/\p{L}/gu)?.length ?? 0) >= 3);
}

/** "Paczkomat KRA010, ul. Floriańska 3, 31-042 Kraków": the locker in one line of the order's language. */
export function lockerLine(delivery: Extract<Delivery, { method: "locker" }>): string {
  return delivery.address ? `${delivery.point}, ${delivery.address}` : delivery.point;
}

/** What the order form shows after "Pokaż paczkomaty" (docs/decisions/048). */
export type LockerSearch =
  | { status: "found"; query: string; points: LockerPoint[] }
  | { status: "none"; query: string }
  /** Nothing typed to search near. */
  | { status: "missing" }
  /** The Points API is down or slower than 3 s: the form offers the courier, or a name typed by hand. */
  | { status: "unavailable"; query: string };
