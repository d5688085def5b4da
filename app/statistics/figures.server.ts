import type { AppDatabase } from "~/db/db.server";
import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import { LOCALES, type Locale } from "~/i18n/locales";
import type { VatRate } from "~/invoices/money";
import { inPeriod, periodBounds, periodsAt, type Period } from "./periods";
import { ordersBetween, type SaleOrder } from "./sales.server";
import { PAYMENT_WAYS, type PaymentWay } from "./payment-way";

/**
 * The figures of one period. Each counts the orders by the moment that concerns it: placed
 * (orders, their kinds and languages), paid (payment ways and money), cancelled, withdrawn from,
 * dispatched (the time from payment to dispatch).
 */
export type PeriodFigures = {
  period: Period;
  placed: number;
  paid: number;
  cancelled: number;
  withdrawn: number;
  byWay: Record<PaymentWay, number>;
  byType: Record<DeclarationType, number>;
  byLocale: Record<Locale, number>;
  dispatched: number;
  /** Warsaw calendar days from the day of payment to the day of dispatch, the median of the period's dispatches; null: none. */
  medianDaysToDispatch: number | null;
  grossGrosze: number;
  netGrosze: number;
  vatGrosze: number;
};

const DAY_MS = 86_400_000;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function countBy<K extends string>(keys: readonly K[], values: readonly K[]): Record<K, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const value of values) counts[value] += 1;
  return counts;
}

export function figuresOf(orders: readonly SaleOrder[], period: Period): PeriodFigures {
  const placed = orders.filter((order) => inPeriod(order.placedDay, period));
  const paid = orders.filter((order) => inPeriod(order.paidDay, period));
  const dispatched = orders.filter((order) => order.paidDay !== null && inPeriod(order.dispatchedDay, period));
  const sum = (pick: (order: SaleOrder) => number) => paid.reduce((total, order) => total + pick(order), 0);
  return {
    period,
    placed: placed.length,
    paid: paid.length,
    cancelled: orders.filter((order) => inPeriod(order.cancelledDay, period)).length,
    withdrawn: orders.filter((order) => inPeriod(order.withdrawnDay, period)).length,
    byWay: countBy(
      PAYMENT_WAYS,
      paid.map((order) => order.paymentWay!),
    ),
    byType: countBy(
      DECLARATION_TYPES,
      placed.map((order) => order.declaration_type),
    ),
    byLocale: countBy(
      LOCALES,
      placed.map((order) => order.locale),
    ),
    dispatched: dispatched.length,
    medianDaysToDispatch: median(dispatched.map((order) => (Date.parse(order.dispatchedDay!) - Date.parse(order.paidDay!)) / DAY_MS)),
    grossGrosze: sum((order) => order.sale!.grossGrosze),
    netGrosze: sum((order) => order.sale!.netGrosze),
    vatGrosze: sum((order) => order.sale!.vatGrosze),
  };
}

export type Statistics = { lastThirtyDays: PeriodFigures; months: PeriodFigures[] };

/** The last 30 days and each of the last 12 months (newest first), read in one pass over the orders of those 12 months. */
export async function statistics(db: AppDatabase, now: Date, sellerVat: VatRate): Promise<Statistics> {
  const { lastThirtyDays, months } = periodsAt(now);
  const { from } = periodBounds(months.at(-1)!);
  const { before } = periodBounds(months[0]!);
  const orders = await ordersBetween(db, {
    from,
    before,
    moments: ["created_at", "paid_at", "dispatched_at", "cancelled_at", "withdrawn_at"],
    sellerVat,
  });
  return { lastThirtyDays: figuresOf(orders, lastThirtyDays), months: months.map((month) => figuresOf(orders, month)) };
}
