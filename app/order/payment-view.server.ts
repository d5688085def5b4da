import { env } from "~/config/env.server";
import { formatDeliveryDay } from "~/config/delivery";
import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { dispatchDatesOf, type DispatchDates } from "./delivery-promise.server";
import { paymentDeadline } from "./payment-deadline";

/** What the payment page may show: no personal data, only what the transfer and the next steps need. */
export type PaymentView = {
  number: string;
  status: OrderRow["status"];
  declarationType: OrderRow["declaration_type"];
  priceGrosze: number;
  /** The last day to pay, formatted for the reader. */
  deadline: string;
  deadlineDays: number;
  immediatePerformanceRequested: boolean;
  /** When the declaration goes out if the payment is booked today (only while unpaid). */
  dispatchIfPaidToday: DispatchDates | null;
  /** The courier's shipment, once the operator has dispatched the order. */
  shipment: { trackingNumber: string; courier: string | null } | null;
};

const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export async function findPaymentView(db: AppDatabase, paymentToken: string, locale: Locale, now: Date = new Date()): Promise<PaymentView | null> {
  if (!PAYMENT_TOKEN.test(paymentToken)) return null;
  const row = await db
    .selectFrom("orders")
    .select(["number", "status", "declaration_type", "price_grosze", "created_at", "immediate_performance_consent_at", "tracking_number", "courier"])
    .where("payment_token", "=", paymentToken)
    .executeTakeFirst();
  if (!row) return null;
  const orderedAt = new Date(row.created_at);
  return {
    number: row.number,
    status: row.status,
    declarationType: row.declaration_type,
    priceGrosze: row.price_grosze,
    deadline: formatDeliveryDay(paymentDeadline(orderedAt, env.PAYMENT_DEADLINE_DAYS), LOCALE_TAGS[locale]),
    deadlineDays: env.PAYMENT_DEADLINE_DAYS,
    immediatePerformanceRequested: row.immediate_performance_consent_at !== null,
    dispatchIfPaidToday: row.status === "awaiting_payment" ? dispatchDatesOf(row.declaration_type, orderedAt, now, locale) : null,
    shipment: row.status === "dispatched" && row.tracking_number ? { trackingNumber: row.tracking_number, courier: row.courier } : null,
  };
}
