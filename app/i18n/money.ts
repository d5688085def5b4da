import { CURRENCY, PRODUCTS, type DeclarationType } from "~/config/products";
import { LOCALE_TAGS, type Locale } from "./locales";

/**
 * The one module that writes and reads amounts of money. Amounts are whole grosze (1/100 PLN)
 * everywhere in the app; this is where they become text and where typed text becomes grosze.
 * (VAT arithmetic on an invoice's amounts is the invoices' own, in invoices/money.ts.)
 */

/** A product's price in złoty, as a number: 299 (schema.org offers, the Conversions API's value). */
export function priceInZloty(type: DeclarationType): number {
  return PRODUCTS[type].priceGrosze / 100;
}

/**
 * Both products' prices as the page shows them. The order page's loader sends these, so the
 * browser does not build a currency formatter (ICU's locale data, about 10 ms of main thread
 * on a fast machine) while it hydrates the form (docs/decisions/027).
 */
export function formattedPrices(locale: Locale): Record<DeclarationType, string> {
  return { regular: formatPrice(PRODUCTS.regular.priceGrosze, locale), notarized: formatPrice(PRODUCTS.notarized.priceGrosze, locale) };
}

/** "299 zł", "PLN 299", "299 PLN"… in each language's own convention. */
export function formatPrice(grosze: number, locale: Locale): string {
  const wholeZloty = grosze % 100 === 0;
  const key = `${locale}:${wholeZloty}`;
  let formatter = priceFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE_TAGS[locale], {
      style: "currency",
      currency: CURRENCY,
      minimumFractionDigits: wholeZloty ? 0 : 2,
      maximumFractionDigits: 2,
    });
    priceFormatters.set(key, formatter);
  }
  return formatter.format(grosze / 100);
}
/** Building an Intl formatter costs far more than using one: one per language and shape. */
const priceFormatters = new Map<string, Intl.NumberFormat>();

/** Whole grosze as złoty with two decimals, the sign in front and the thousands grouped by `groupSeparator`. */
function zlotyWithDecimals(grosze: number, decimalMark: string, groupSeparator: string): string {
  const sign = grosze < 0 ? "-" : "";
  const absolute = Math.abs(grosze);
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
  return `${sign}${whole}${decimalMark}${String(absolute % 100).padStart(2, "0")}`;
}

/** 24309 → "243,09", 1234567 → "12 345,67": the Polish way invoices write an amount (the currency is printed once, beside). */
export function formatAmount(grosze: number): string {
  return zlotyWithDecimals(grosze, ",", "\u00a0");
}

/** 17850 → "178,50": an amount as a person types it into a form or copies it into a bank transfer, and as the CSVs write it. */
export function zlotyDigits(grosze: number): string {
  return zlotyWithDecimals(grosze, ",", "");
}

/** 29900 → "299.00": a machine's decimal (KSeF's TKwotowy, schema.org's price). */
export function decimalZloty(grosze: number): string {
  return zlotyWithDecimals(grosze, ".", "");
}

/**
 * An amount of złoty a person types into a form, in grosze: "12", "12.5", "1 200,05" (spaces
 * anywhere, a comma or a dot before one or two decimals, at most 999 999 zł); null for anything
 * else. `currencySuffix` also takes a trailing "zł" ("299 zł"); `positive` refuses 0.
 */
export function parseZloty(text: string, { currencySuffix = false, positive = false } = {}): number | null {
  const bare = text.replace(/\s/g, "");
  const match = /^(\d{1,6})(?:[,.](\d{1,2}))?$/.exec(currencySuffix ? bare.replace(/zł$/i, "") : bare);
  if (!match) return null;
  const grosze = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return positive && grosze <= 0 ? null : grosze;
}

/**
 * An amount as a bank statement writes it, in grosze, with its sign: "299,00", "-3 168,00",
 * "+299.00", MT940's "299," (a comma and no decimals). Spaces group thousands; a dot or a comma is
 * the decimal mark, never a thousands separator. Null for anything else.
 */
export function parseStatementAmount(text: string): number | null {
  const match = /^([+-]?)(\d{1,12})(?:[,.](\d{0,2}))?$/.exec(text.replace(/[\s\u00a0\u202f]/g, ""));
  if (!match) return null;
  const grosze = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] === "-" ? -grosze : grosze;
}
