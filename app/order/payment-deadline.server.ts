import { addBusinessDays, calendarDaysAfter, endOfWarsawDay, warsawDay } from "~/order/delivery-dates.server";

/**
 * How long an order may stay unpaid (PAYMENT_DEADLINE_DAYS, default 7 calendar days from the order).
 * Two days before the deadline the customer is reminded; after it the order is cancelled. The payment
 * page, the e-mails, the back office and the housekeeping job all count from here.
 *
 * The deadline is the customer's to meet, so it follows the civil code (docs/decisions/061): its last
 * day is the N-th calendar day after the day of the order, which is not counted (art. 111 § 2); when
 * that day is a Saturday, a Sunday or a public holiday, the deadline moves to the next business day
 * (art. 115); and it passes at the end of its last day in Warsaw (art. 111 § 1), not at the hour of the order.
 */
export const REMINDER_DAYS_BEFORE_DEADLINE = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PaymentDeadline = {
  /** The last day to pay, a business day (a Warsaw calendar day, as the dates of delivery-dates.server.ts). */
  day: Date;
  /** The moment the deadline passes: the end of `day` in Warsaw. */
  endsAt: Date;
  /** The N-th day, when it fell on a Saturday, a Sunday or a public holiday and the deadline moved to `day`; null when it did not. */
  movedFrom: Date | null;
};

export function paymentDeadline(orderedAt: Date, deadlineDays: number): PaymentDeadline {
  const counted = calendarDaysAfter(orderedAt, deadlineDays);
  const day = addBusinessDays(counted, 0);
  return { day, endsAt: endOfWarsawDay(day), movedFrom: warsawDay(day) === warsawDay(counted) ? null : counted };
}

/** The reminder is due two calendar days before the deadline's last day, at the hour the order was placed. */
export function reminderDueAt(orderedAt: Date, deadlineDays: number): Date {
  const { day } = paymentDeadline(orderedAt, deadlineDays);
  const daysToDeadline = Math.round((day.getTime() - calendarDaysAfter(orderedAt, 0).getTime()) / DAY_MS);
  return new Date(orderedAt.getTime() + (daysToDeadline - REMINDER_DAYS_BEFORE_DEADLINE) * DAY_MS);
}
