import { warsawDay } from "~/order/delivery-dates.server";
import type { AppDatabase } from "~/db/db.server";
import { zlotyDigits } from "~/i18n/money";
import { coResidentNames, coResidentsOfOrder } from "~/order/co-residents";
import { csvText, toCsv } from "~/render/csv";
import { deliveryLine } from "~/shipping/delivery-label";
import { dispatchDueDay, paymentDueDay } from "~/order/lifecycle/deadlines.server";
import { dispatchQueue, filtered, troubleCandidates, troubleOf, type OrderFilter } from "./order-list.server";
import { cancelReasonLabel } from "~/order/lifecycle/admin-texts";
import { DECLARATION_LABEL, LOCALE_LABEL, STATUS_LABEL, VARIANT_LABEL } from "~/order/admin-texts";

/** "2026-11-24 10:15" in Warsaw: the shape every spreadsheet reads as a date and time. */
const warsawMinute = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Warsaw",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

export function spreadsheetTime(iso: string | null): string | null {
  if (!iso) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : warsawMinute.format(date);
}

/**
 * "2026-11-24": the Warsaw day of a payment. The operator records a transfer by its day and an
 * online payment is stamped to the millisecond; one column holds one kind of value, so both are days.
 */
export function spreadsheetDay(iso: string | null): string | null {
  if (!iso || /^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : warsawDay(date);
}

const money = (grosze: number | null) => (grosze === null ? null : zlotyDigits(grosze));

export const CSV_HEADER = [
  "Numer",
  "Złożono",
  "Status",
  "Rodzaj",
  "Formularz",
  "Kwota (zł)",
  "Najemca",
  "Pisownia oryginalna",
  "Osoby zamieszkujące z najemcą",
  "E-mail",
  "Telefon",
  "Język klienta",
  "Adres do wysyłki",
  "Dostawa",
  "Adres lokalu",
  "Wynajmujący",
  "Początek najmu",
  "Termin płatności",
  "Opłacono (dzień)",
  "Otrzymano (zł)",
  "Termin wysyłki",
  "Wysłano",
  "Numer przesyłki",
  "Przewoźnik",
  "Odstąpiono",
  "Anulowano",
  "Powód anulowania",
  "Zwrócono (zł)",
];

/** The filtered list (every page) as CSV for Polish Excel, with the panel's words for status and type. */
export async function ordersCsv(db: AppDatabase, filter: OrderFilter, deadlineDays: number, now = new Date()): Promise<string> {
  let query = (filter.trouble ? troubleCandidates(db, filter) : filter.due ? dispatchQueue(db, filter) : filtered(db, filter)).selectAll();
  if (filter.status && !filter.due) query = query.where("status", "=", filter.status);
  const all = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  const rows = filter.trouble ? all.filter((order) => troubleOf(order, now) !== null) : all;
  return toCsv([
    CSV_HEADER,
    ...rows.map((r) => [
      r.number,
      spreadsheetTime(r.created_at),
      STATUS_LABEL[r.status],
      DECLARATION_LABEL[r.declaration_type],
      VARIANT_LABEL[r.variant],
      money(r.price_grosze),
      r.tenant_name,
      r.tenant_name_original,
      coResidentNames(coResidentsOfOrder(r)) || null,
      r.email,
      csvText(r.phone),
      LOCALE_LABEL[r.locale],
      r.mailing_address,
      [deliveryLine(r), r.delivery_method === "locker" ? r.locker_address : null].filter(Boolean).join(", "),
      r.property_address,
      r.landlord_name,
      r.start_date,
      r.status === "awaiting_payment" ? paymentDueDay(r, deadlineDays) : null,
      spreadsheetDay(r.paid_at),
      money(r.received_grosze),
      r.status === "paid" ? dispatchDueDay(r) : null,
      spreadsheetTime(r.dispatched_at),
      csvText(r.tracking_number),
      r.courier,
      spreadsheetTime(r.withdrawn_at),
      spreadsheetTime(r.cancelled_at),
      r.cancel_reason === null ? null : cancelReasonLabel(r.cancel_reason),
      money(r.refunded_grosze),
    ]),
  ]);
}
