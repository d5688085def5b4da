import { LOCALE_TAGS, type Locale } from "~/i18n/locales";

/**
 * The one source of the products' prices; their delivery times are in delivery.ts.
 * Prices are integers in grosze (1/100 PLN), VAT included.
 */
export const DECLARATION_TYPES = ["regular", "notarized"] as const;
export type DeclarationType = (typeof DECLARATION_TYPES)[number];

export const CURRENCY = "PLN";

export const PRODUCTS: Record<DeclarationType, { priceGrosze: number }> = {
  regular: { priceGrosze: 29_900 },
  notarized: { priceGrosze: 39_900 },
};

export function isDeclarationType(value: unknown): value is DeclarationType {
  return typeof value === "string" && (DECLARATION_TYPES as readonly string[]).includes(value);
}

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
