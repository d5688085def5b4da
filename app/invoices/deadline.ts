/**
 * How long a customer who did not ask at the order may still ask for an invoice: three months from
 * the end of the month in which the payment came (art. 106b ust. 3 of the VAT act). Returns the last
 * day on which asking is allowed, YYYY-MM-DD, from the payment's day in Warsaw.
 */
export function lastDayToAsk(paymentDay: string): string {
  const [year, month] = paymentDay.split("-").map(Number) as [number, number];
  // Day 0 of a month is the last day of the month before: the end of the third month after the payment's.
  const last = new Date(Date.UTC(year, month - 1 + 4, 0));
  return last.toISOString().slice(0, 10);
}

export function mayStillAsk(paymentDay: string, today: string): boolean {
  return today <= lastDayToAsk(paymentDay);
}
