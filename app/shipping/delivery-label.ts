import type { PostalAddress } from "~/config/company";
import type { OrderRow } from "~/db/schema";
import { LABEL_TEXT } from "./admin-texts";

type LabelColumns = Pick<OrderRow, "tenant_name" | "phone" | "email" | "delivery_method" | "locker_name" | "locker_address"> &
  AddressColumns;

/**
 * The delivery label as lines to copy. By courier: the name, then the street and "postcode city"
 * (or the address's parts as typed). To a parcel locker: the name, the locker and where it stands,
 * and the phone and e-mail InPost notifies; never the home address, where nothing is delivered.
 */
export function deliveryLabel(order: LabelColumns): string {
  if (order.delivery_method === "locker") {
    const where = order.locker_address ? order.locker_address.split(/,\s*/) : [];
    return [order.tenant_name, `${LABEL_TEXT.locker} ${order.locker_name ?? ""}`, ...where, order.phone, order.email].join("\n");
  }
  const { street, postalCode, city } = postalPartsOf(order, "mailing");
  const address = postalCode ? [street, `${postalCode} ${city}`] : street.split(/,\s*/);
  return [order.tenant_name, ...address].join("\n");
}

/** The delivery of an order in one line, for the list and the CSV: "Kurier", or "Paczkomat InPost KRA010". */
export function deliveryLine(order: Pick<OrderRow, "delivery_method" | "locker_name">): string {
  return order.delivery_method === "locker" ? `${LABEL_TEXT.locker} ${order.locker_name ?? ""}`.trim() : LABEL_TEXT.courier;
}

type AddressColumns = Pick<
  OrderRow,
  | "mailing_address"
  | "mailing_street"
  | "mailing_postal_code"
  | "mailing_city"
  | "property_address"
  | "property_street"
  | "property_postal_code"
  | "property_city"
>;

/**
 * An address as street, postcode and city: as the customer's form split it, or read from the one
 * line an API order sent ("ul. Długa 5/3, 70-001 Szczecin"). A line that does not read so is the
 * street, and the operator fills in the rest.
 */
export function postalPartsOf(order: AddressColumns, which: "mailing" | "property"): PostalAddress {
  const street = order[`${which}_street`];
  const postalCode = order[`${which}_postal_code`];
  const city = order[`${which}_city`];
  if (street && postalCode && city) return { street, postalCode, city };
  const line = order[`${which}_address`];
  const parts = /^(.+?),\s*(\d{2}-\d{3})\s+(.+)$/.exec(line);
  return parts ? { street: parts[1]!, postalCode: parts[2]!, city: parts[3]! } : { street: line, postalCode: "", city: "" };
}
