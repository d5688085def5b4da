import { warsawDay } from "~/order/delivery-dates.server";
import { warsawDayStart } from "~/order/lifecycle/deadlines.server";

/**
 * The periods the figures are counted in, as the rest of the back office counts: Warsaw calendar
 * days ("2026-11-24") and months ("2026-11"), both ends included.
 */
export type Period = { key: string; firstDay: string; lastDay: string };

function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

function shiftDay(day: string, by: number): string {
  return new Date(new Date(`${day}T12:00:00Z`).getTime() + by * 86_400_000).toISOString().slice(0, 10);
}

export function monthPeriod(month: string): Period {
  return { key: month, firstDay: `${month}-01`, lastDay: shiftDay(`${shiftMonth(month, 1)}-01`, -1) };
}

/** The last 30 days, today included, and the last 12 months, this one included, newest first. */
export function periodsAt(now: Date): { lastThirtyDays: Period; months: Period[] } {
  const today = warsawDay(now);
  const months = Array.from({ length: 12 }, (_, index) => monthPeriod(shiftMonth(today.slice(0, 7), -index)));
  return { lastThirtyDays: { key: "30d", firstDay: shiftDay(today, -29), lastDay: today }, months };
}

/**
 * The instants a period's rows fall between, for a query: from the Warsaw midnight its first day
 * begins at to the one after its last day. Written as ISO strings, they also bound the payment days
 * an operator records ("2026-11-24" sorts after "2026-11-23T23:00:00.000Z", the midnight it begins at).
 */
export function periodBounds(period: Period): { from: string; before: string } {
  return { from: warsawDayStart(period.firstDay), before: warsawDayStart(shiftDay(period.lastDay, 1)) };
}

export function inPeriod(day: string | null, period: Period): boolean {
  return day !== null && day >= period.firstDay && day <= period.lastDay;
}
