import type { DeclarationType } from "~/config/products";

/**
 * The delivery promise, defined once (docs/decisions/010 and 030). The copy, pricing
 * cards, terms, contract, payment page and e-mails all read these numbers; no locale
 * string types a number of days itself.
 *
 * - regular declaration: signed within 1 business day of the payment being booked;
 * - notarized declaration: signed within 3 business days of the payment being booked;
 * - either way, sent by courier within 2 business days after it is signed;
 * - the carrier delivers within 1 business day of dispatch (COURIER_TRANSIT_BUSINESS_DAYS); the dates
 *   themselves add the order's method's transit, the settings COURIER_TRANSIT_DAYS and LOCKER_TRANSIT_DAYS.
 *
 * The copy never says "within 24 hours": a business day is not 24 hours (a Friday afternoon
 * payment is signed on Monday), so it names business days only (docs/decisions/030).
 *
 * The numbers reach every locale string as i18next default variables (app/i18n/i18next.ts);
 * the dates are computed in delivery-dates.server.ts.
 */
export const SIGNING_BUSINESS_DAYS: Record<DeclarationType, number> = {
  regular: 1,
  notarized: 3,
};

/** Business days between signing and handing the declaration to the courier. */
export const DISPATCH_BUSINESS_DAYS = 2;

/**
 * Business days the courier takes from dispatch to the door, as the terms and the general copy state
 * it. The dates each page compares with the lease start add the order's own transit instead
 * (transitDaysOf in env.server.ts), which pages with a known method pass to the copy as `transitDays`.
 */
export const COURIER_TRANSIT_BUSINESS_DAYS = 1;

/**
 * Business days the terms (§ 5 ust. 6) give for a parcel that came back or was left uncollected:
 * to contact the customer after the carrier's notice, and to send it again after their answer.
 */
export const RETURNED_PARCEL_BUSINESS_DAYS = 2;

/** Every number of the promise, named for interpolation into locale strings (`{{regularDays}}` …). */
export const DELIVERY_VALUES = {
  regularDays: SIGNING_BUSINESS_DAYS.regular,
  notarizedDays: SIGNING_BUSINESS_DAYS.notarized,
  dispatchDays: DISPATCH_BUSINESS_DAYS,
  transitDays: COURIER_TRANSIT_BUSINESS_DAYS,
  returnDays: RETURNED_PARCEL_BUSINESS_DAYS,
} as const;

/** Business days are counted in the company's time zone, whatever the server's. */
export const BUSINESS_TIME_ZONE = "Europe/Warsaw";

/**
 * "26 listopada (czwartek)" / "26 November (Thursday)": a delivery day in the reader's language.
 * Day and month come first, in the form the language uses after a number ("26 listopada",
 * "26 листопада"), and the weekday follows in brackets, so the day reads right after any
 * preposition ("najpóźniej", "не пізніше", "не позднее", "by"): a weekday in front would need
 * a case the formatter cannot give ("najpóźniej czwartek").
 * The dates themselves come from delivery-dates.server.ts (the holiday calendar stays on the server).
 */
export function formatDeliveryDay(date: Date, localeTag: string): string {
  let formatters = deliveryDayFormatters.get(localeTag);
  if (!formatters) {
    const options = { timeZone: BUSINESS_TIME_ZONE } as const;
    formatters = {
      day: new Intl.DateTimeFormat(localeTag, { ...options, day: "numeric", month: "long" }),
      weekday: new Intl.DateTimeFormat(localeTag, { ...options, weekday: "long" }),
    };
    deliveryDayFormatters.set(localeTag, formatters);
  }
  return `${formatters.day.format(date)} (${formatters.weekday.format(date)})`;
}
/** Building an Intl formatter costs far more than using one: two per language. */
const deliveryDayFormatters = new Map<string, { day: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat }>();

/** "1 grudnia 2026" / "1 December 2026" / "1 грудня 2026 року": a calendar day (YYYY-MM-DD) in words, as the reader's language writes it. */
export function formatCalendarDate(isoDay: string, localeTag: string): string {
  return formatLongDate(new Date(`${isoDay}T12:00:00Z`), localeTag, "UTC");
}

/**
 * The year's word in full where the formatter abbreviates it: Ukrainian "2027 р." and Russian "2027 г."
 * put a full stop inside a date, and a sentence that ends with the date then ends with two ("2027 р..").
 * Running text writes "2027 року" / "2027 года" anyway, so a date never ends with a full stop.
 */
const YEAR_WORDS: Record<string, { abbreviation: RegExp; word: string }> = {
  uk: { abbreviation: /^\s*р\.$/, word: " року" },
  ru: { abbreviation: /^\s*г\.$/, word: " года" },
};

/** "6 stycznia 2027", "6 January 2027", "6 січня 2027 року": the day, month and year of `date` in `timeZone`, for any sentence. */
export function formatLongDate(date: Date, localeTag: string, timeZone: string): string {
  const cacheKey = `${localeTag} ${timeZone}`;
  let formatter = longDateFormatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(localeTag, { timeZone, day: "numeric", month: "long", year: "numeric" });
    longDateFormatters.set(cacheKey, formatter);
  }
  const year = YEAR_WORDS[localeTag.slice(0, 2)];
  const parts = formatter.formatToParts(date);
  return parts
    .map((part, index) =>
      year && index > 0 && parts[index - 1]!.type === "year" && year.abbreviation.test(part.value) ? year.word : part.value,
    )
    .join("");
}
/** Building an Intl formatter costs far more than using one: one per language and time zone. */
const longDateFormatters = new Map<string, Intl.DateTimeFormat>();
