/**
 * How long an order may stay unpaid (PAYMENT_DEADLINE_DAYS, default 7 calendar days from
 * the order). Two days before the deadline the customer is reminded; after it the order is
 * cancelled. The payment page, the e-mails and the housekeeping job all count from here.
 */
export const REMINDER_DAYS_BEFORE_DEADLINE = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

export function paymentDeadline(orderedAt: Date, deadlineDays: number): Date {
  return new Date(orderedAt.getTime() + deadlineDays * DAY_MS);
}

export function reminderDueAt(orderedAt: Date, deadlineDays: number): Date {
  return new Date(paymentDeadline(orderedAt, deadlineDays).getTime() - REMINDER_DAYS_BEFORE_DEADLINE * DAY_MS);
}
