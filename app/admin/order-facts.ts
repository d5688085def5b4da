import { coResidentNames, coResidentsOfOrder } from "~/order/co-residents";
import { telHref, type PostalAddress } from "~/config/company";
import type { OrderRow } from "~/db/schema";
import { formatPrice } from "~/i18n/money";
import { formatWarsawTime } from "./format";
import { cancelReasonLabel, DECLARATION_LABEL, LABEL_TEXT, LOCALE_LABEL, VARIANT_LABEL } from "./texts";

/** One row of an order's facts: label, value, a link where the value is one (tap to write or call), and a test id where a test reads it. */
export type FactRow = { label: string; value: string; href?: string; testId?: string };

/** Rows with nothing to say are left out: an empty row makes the operator look twice for nothing. */
function present(rows: Array<FactRow | null>): FactRow[] {
  return rows.filter((row): row is FactRow => row !== null && row.value !== "" && row.value !== "—");
}

const row = (label: string, value: string | number | null | undefined, testId?: string, href?: string): FactRow | null =>
  value === null || value === undefined ? null : { label, value: String(value), ...(testId ? { testId } : {}), ...(href ? { href } : {}) };

/** Who the customer is and what the declaration is for: add a row here for a new customer fact. */
export function customerFacts(order: OrderRow): FactRow[] {
  return present([
    row("Najemca (jak w paszporcie)", order.tenant_name, "admin-tenant-name"),
    row("Pisownia oryginalna", order.tenant_name_original, "admin-tenant-name-original"),
    row("Osoby zamieszkujące z najemcą", coResidentNames(coResidentsOfOrder(order)) || null, "admin-co-residents"),
    row("E-mail", order.email, "admin-email", `mailto:${order.email}`),
    row("Telefon", order.phone, "admin-phone", telHref(order.phone)),
    row("Adres lokalu", order.property_address),
    row("Wynajmujący", order.landlord_name),
    row("Początek najmu", order.start_date ? formatWarsawTime(order.start_date) : null),
    row("Okres najmu (dni)", order.rental_period_days),
    row("Dodatkowe informacje", order.additional_info),
    row("Język klienta", LOCALE_LABEL[order.locale]),
  ]);
}

/** What was bought and what has happened to it. */
export function orderFacts(order: OrderRow): FactRow[] {
  return present([
    row("Numer", order.number),
    row("Złożone", formatWarsawTime(order.created_at)),
    row("Rodzaj", DECLARATION_LABEL[order.declaration_type]),
    row("Wariant zamówienia", VARIANT_LABEL[order.variant]),
    row("Kwota", formatPrice(order.price_grosze, "pl")),
    row("Data wpłaty", order.paid_at ? formatWarsawTime(order.paid_at) : null, "admin-paid-at"),
    row("Otrzymano", order.received_grosze === null ? null : formatPrice(order.received_grosze, "pl"), "admin-received"),
    row("Wysłano", order.dispatched_at ? formatWarsawTime(order.dispatched_at) : null),
    row("Numer przesyłki", order.tracking_number, "admin-tracking-number"),
    row("Przewoźnik", order.courier),
    row("Anulowano", order.cancelled_at ? formatWarsawTime(order.cancelled_at) : null),
    row("Powód anulowania", order.cancel_reason === null ? null : cancelReasonLabel(order.cancel_reason)),
    row(
      "Zwrócono",
      order.refunded_grosze === null ? null : `${formatPrice(order.refunded_grosze, "pl")} (${formatWarsawTime(order.refunded_at)})`,
      "admin-refunded",
    ),
    row("Dane zanonimizowano", order.anonymised_at ? formatWarsawTime(order.anonymised_at) : null),
  ]);
}

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
