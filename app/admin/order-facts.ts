import { ADDRESS_LATER_TEXT } from "~/order/admin-texts";
import { awaitsAddress } from "~/order/address-later";
import { coResidentNames, coResidentsOfOrder } from "~/order/co-residents";
import { telHref } from "~/config/company";
import type { FactRow } from "~/components/admin/Facts";
import type { OrderRow } from "~/db/schema";
import { formatPrice } from "~/i18n/money";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { cancelReasonLabel } from "~/order/lifecycle/admin-texts";
import { DECLARATION_LABEL, LOCALE_LABEL, VARIANT_LABEL } from "~/order/admin-texts";

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
    row("Adres lokalu", awaitsAddress(order) ? ADDRESS_LATER_TEXT.pending : order.property_address, "admin-property-address"),
    row("Adres lokalu podany przez klienta", order.address_given_at ? formatWarsawTime(order.address_given_at) : null),
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
