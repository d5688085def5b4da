import Holidays from "date-holidays";
import type { DeclarationType } from "~/config/products";
import { BUSINESS_TIME_ZONE, DISPATCH_BUSINESS_DAYS, SIGNING_BUSINESS_DAYS } from "~/config/delivery";

/**
 * Business-day arithmetic for the delivery promise in app/config/delivery.ts. Server-only because
 * date-holidays carries every country's calendar (about 800 kB): loaders compute the
 * dates and hand them to the page, which formats them with formatDeliveryDay().
 */
/*
 * Days are passed around as Date values at 12:00 UTC of the Warsaw calendar day. Noon UTC
 * is the same calendar day in Warsaw (UTC+1/+2) and in every zone from UTC-11 to UTC+11,
 * so formatting such a value never slips to the day before or after.
 */

const warsawDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** "2026-12-23": the calendar day an instant falls on in Warsaw. */
export function warsawDay(instant: Date): string {
  return warsawDayFormat.format(instant);
}

function noonUtcOf(isoDay: string): Date {
  return new Date(`${isoDay}T12:00:00Z`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

function nextCalendarDay(day: Date): Date {
  return new Date(day.getTime() + DAY_MS);
}

/** The Warsaw calendar day `days` after the one `instant` falls on (that day is not counted: art. 111 § 2 of the civil code). */
export function calendarDaysAfter(instant: Date, days: number): Date {
  return new Date(noonUtcOf(warsawDay(instant)).getTime() + days * DAY_MS);
}

/**
 * The moment a deadline on the Warsaw calendar day of `day` has passed: midnight at the start of the
 * next day in Warsaw (a deadline in days ends with its last day, art. 111 § 1 of the civil code).
 */
export function endOfWarsawDay(day: Date): Date {
  const next = warsawDay(nextCalendarDay(noonUtcOf(warsawDay(day))));
  const [year, month, date] = next.split("-").map(Number) as [number, number, number];
  // Midnight in Warsaw is 23:00 or 22:00 UTC the day before: the one at which that day begins there.
  for (const offsetHours of [1, 2]) {
    const midnight = new Date(Date.UTC(year, month - 1, date) - offsetHours * 60 * 60 * 1000);
    if (warsawDay(midnight) === next && warsawDay(new Date(midnight.getTime() - 1)) !== next) return midnight;
  }
  throw new Error(`no midnight found in Warsaw for ${next}`);
}

const warsawClockFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * The instant a Warsaw wall clock showed "2026-11-27" "10:15" (what an operator reads off a carrier's
 * proof or a letter's envelope); null when that is no real day and time there (a typo, or the hour
 * skipped when the clocks go forward).
 */
export function warsawWallClock(day: string, time: string): Date | null {
  const dayMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dayMatch || !timeMatch) return null;
  const [year, month, date] = dayMatch.slice(1).map(Number) as [number, number, number];
  const [hour, minute] = timeMatch.slice(1).map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  // Warsaw is UTC+1 in winter and UTC+2 in summer: the offset whose reading gives back the same clock is the one.
  for (const offsetHours of [1, 2]) {
    const instant = new Date(asUtc - offsetHours * 60 * 60 * 1000);
    if (warsawClockFormat.format(instant).replace(", ", "T") === `${day}T${time}`) return instant;
  }
  return null;
}

/*
 * Polish public holidays ("dni ustawowo wolne od pracy") come from date-holidays, which
 * follows the statute: it includes Christmas Eve (24 December) from 2025 on, after the
 * 2024 amendment of the act on public holidays, and not before. Sundays among them
 * (Easter, Pentecost) are weekends anyway.
 */
const polishCalendar = new Holidays("PL", { types: ["public"] });
const holidaysByYear = new Map<number, Set<string>>();

function publicHolidaysOf(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(
      (polishCalendar.getHolidays(year) || []).filter((holiday) => holiday.type === "public").map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

/** Whether the Warsaw calendar day of `date` is a Polish public holiday. */
export function isPublicHoliday(date: Date): boolean {
  const day = warsawDay(date);
  return publicHolidaysOf(Number(day.slice(0, 4))).has(day);
}

/** Monday to Friday and not a Polish public holiday, on the Warsaw calendar. */
export function isBusinessDay(date: Date): boolean {
  const weekday = noonUtcOf(warsawDay(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPublicHoliday(date);
}

/**
 * The n-th business day after the Warsaw calendar day of `date` (n ≥ 1): a payment booked
 * on Wednesday 23 December 2026 plus 1 business day is Monday 28 December (24–26 are
 * holidays, 27 a Sunday). With n = 0 it is that day itself, or the next business day when
 * that day is not one.
 */
export function addBusinessDays(date: Date, n: number): Date {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`business days must be a whole number ≥ 0, got ${n}`);
  let day = noonUtcOf(warsawDay(date));
  if (n === 0) {
    while (!isBusinessDay(day)) day = nextCalendarDay(day);
    return day;
  }
  let remaining = n;
  while (remaining > 0) {
    day = nextCalendarDay(day);
    if (isBusinessDay(day)) remaining -= 1;
  }
  return day;
}

/** The last day by which the declaration is signed, for a payment booked at `paidAt`. */
export function signedByDate(type: DeclarationType, paidAt: Date): Date {
  return addBusinessDays(paidAt, SIGNING_BUSINESS_DAYS[type]);
}

/** The last day by which the declaration is handed to the courier: signed-by date + 2 business days. */
export function expectedDispatchDate(type: DeclarationType, paidAt: Date): Date {
  return addBusinessDays(signedByDate(type, paidAt), DISPATCH_BUSINESS_DAYS);
}

/** Days a consumer has to withdraw from the agreement (art. 27 of the consumer rights act). */
export const WITHDRAWAL_PERIOD_DAYS = 14;

/**
 * The last day of the withdrawal period for an agreement concluded at `orderedAt`: 14
 * calendar days after the day of conclusion (that day is not counted), moved to the next
 * business day when it ends on a Saturday or a public holiday (art. 115 of the civil code).
 */
export function withdrawalPeriodEnd(orderedAt: Date): Date {
  return addBusinessDays(calendarDaysAfter(orderedAt, WITHDRAWAL_PERIOD_DAYS), 0);
}

export type DeliveryDates = {
  /**
   * The day the work starts from: the payment day (or the day the flat's address was given, when later), or the day after
   * the withdrawal period when no early start was asked for.
   */
  countedFrom: Date;
  signedBy: Date;
  dispatchBy: Date;
  /** The last day it arrives: dispatch + the transit of the order's delivery method (the courier's or the locker's). */
  deliveredBy: Date;
};

/**
 * The promise for one order. With `earlyStart` (the consumer asked for the work to start
 * within the withdrawal period) the days count from the payment being booked; without it
 * they count from the later of the payment and the end of the withdrawal period (terms,
 * § 5 clause 1). `transitDays` are the business days the order's carrier takes after dispatch:
 * the courier's or the parcel locker's, both settings (transitDaysOf in app/config/env.server.ts).
 */
export function deliveryDates(
  type: DeclarationType,
  {
    paidAt,
    orderedAt,
    earlyStart,
    transitDays,
    addressGivenAt = null,
  }: {
    paidAt: Date;
    orderedAt: Date;
    earlyStart: boolean;
    transitDays: number;
    /** An order placed before the flat was found: the day its address was given, when later than the payment (docs/decisions/091). */
    addressGivenAt?: Date | null;
  },
): DeliveryDates {
  // The work can start only once both the money and the flat's address are there; the withdrawal period still runs from the order.
  const startsAt = addressGivenAt && addressGivenAt.getTime() > paidAt.getTime() ? addressGivenAt : paidAt;
  const paidDay = noonUtcOf(warsawDay(startsAt));
  const periodEnd = withdrawalPeriodEnd(orderedAt);
  const countedFrom = earlyStart || paidDay.getTime() > periodEnd.getTime() ? paidDay : periodEnd;
  const signedBy = addBusinessDays(countedFrom, SIGNING_BUSINESS_DAYS[type]);
  const dispatchBy = addBusinessDays(signedBy, DISPATCH_BUSINESS_DAYS);
  return { countedFrom, signedBy, dispatchBy, deliveredBy: addBusinessDays(dispatchBy, transitDays) };
}

/** When an order was paid; a day the operator typed counts from its noon. Null when unpaid or unreadable. */
export function paymentTime(paidAt: string | null): Date | null {
  if (!paidAt) return null;
  const time = new Date(paidAt.length === 10 ? `${paidAt}T12:00:00Z` : paidAt);
  return Number.isNaN(time.getTime()) ? null : time;
}
