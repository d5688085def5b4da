import { BUSINESS_TIME_ZONE } from "~/config/delivery";

/*
 * Dates in words, as the reader's language writes them: the delivery promise's days
 * (app/config/delivery.ts), calendar days and the dates of texts.
 */

/**
 * "26 listopada (czwartek)" / "26 November (Thursday)": a delivery day in the reader's language.
 * Day and month come first, in the form the language uses after a number ("26 listopada",
 * "26 листопада"), and the weekday follows in brackets, so the day reads right after any
 * preposition ("najpóźniej", "не пізніше", "не позднее", "by"): a weekday in front would need
 * a case the formatter cannot give ("najpóźniej czwartek").
 * The dates themselves come from app/order/delivery-dates.server.ts (the holiday calendar stays on the server).
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
