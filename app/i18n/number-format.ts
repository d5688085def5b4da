import type { i18n as I18n } from "i18next";

/**
 * The options of Intl.NumberFormat. A `{{value, number(…)}}` that sets one of them is formatted by
 * Intl as before; i18next hands the formatter every option of the `t` call too (count, the
 * delivery numbers…), which Intl ignores.
 */
const NUMBER_FORMAT_OPTIONS = new Set([
  "localeMatcher",
  "numberingSystem",
  "style",
  "currency",
  "currencyDisplay",
  "currencySign",
  "unit",
  "unitDisplay",
  "minimumIntegerDigits",
  "minimumFractionDigits",
  "maximumFractionDigits",
  "minimumSignificantDigits",
  "maximumSignificantDigits",
  "roundingPriority",
  "roundingIncrement",
  "roundingMode",
  "trailingZeroDisplay",
  "notation",
  "compactDisplay",
  "useGrouping",
  "signDisplay",
]);

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * i18next's `number` format (`{{count, number}}`), written as its own formatter writes it
 * (Intl.NumberFormat in the string's language), except that a whole number from 0 to 999 is
 * written as its digits without asking Intl.
 *
 * Why: the copy quotes numbers of days ("w ciągu 1 dnia roboczego") in the first screen of
 * nearly every page, and the first Intl.NumberFormat a page builds loads its language's number
 * data. In Chromium that took 60–250 ms of one task on a busy 2-core host, inside hydration,
 * where React cannot yield: most of the order page's Total Blocking Time on a phone
 * (docs/decisions/053). In the site's four languages a number below 1000 is its Latin digits,
 * with no grouping and no sign (the unit test compares every one with Intl).
 */
export function formatNumber(value: unknown, language: string | undefined, options: Record<string, unknown> = {}): string {
  const formatOptions = Object.fromEntries(Object.entries(options).filter(([name]) => NUMBER_FORMAT_OPTIONS.has(name)));
  const plain = Object.keys(formatOptions).length === 0;
  if (plain && typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  const key = `${language ?? ""} ${JSON.stringify(formatOptions)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, formatOptions);
    formatters.set(key, formatter);
  }
  return formatter.format(value as number);
}

/** Gives an i18next instance (the server's or the browser's, so both write the same words) the `number` format above. */
export function addNumberFormat(i18n: I18n): void {
  i18n.services.formatter?.add("number", formatNumber);
}
