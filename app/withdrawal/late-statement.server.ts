import { formatDeliveryDay } from "~/i18n/date-format";
import { warsawDay, withdrawalPeriodEnd } from "~/order/delivery-dates.server";
import type { AppDatabase } from "~/db/db.server";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { receivedAtText } from "~/order/receipt-time.server";

/** The day a statement was sent, at noon UTC so that it formats as the same calendar day anywhere. */
export function sentDayOf(withdrawal: { sent_on: string | null; received_at: string }): Date {
  return new Date(`${withdrawal.sent_on ?? warsawDay(new Date(withdrawal.received_at))}T12:00:00Z`);
}

/** What the customer's order page says of a statement sent after the withdrawal period: when it came, when it was sent, when the period ended. */
export type LateStatementView = { receivedAt: string; sentOn: string; periodEnd: string };

/**
 * The newest statement about the order (found by its payment token) that came after the period ended
 * (docs/decisions/063), while the order is not withdrawn: the customer's page says so in one neutral line.
 */
export async function lateStatementOf(db: AppDatabase, token: string, locale: Locale): Promise<LateStatementView | null> {
  const row = await db
    .selectFrom("withdrawals")
    .innerJoin("orders", "orders.id", "withdrawals.order_id")
    .select(["withdrawals.received_at", "withdrawals.sent_on", "orders.created_at"])
    .where("orders.payment_token", "=", token)
    .where("orders.withdrawn_at", "is", null)
    .where("withdrawals.late", "=", 1)
    .orderBy("withdrawals.received_at", "desc")
    .executeTakeFirst();
  if (!row) return null;
  const tag = LOCALE_TAGS[locale];
  return {
    receivedAt: await receivedAtText(row.received_at, locale),
    sentOn: formatDeliveryDay(sentDayOf(row), tag),
    periodEnd: formatDeliveryDay(withdrawalPeriodEnd(new Date(row.created_at)), tag),
  };
}
