/**
 * The one source of the products' prices; their delivery times are in delivery.ts.
 * Prices are integers in grosze (1/100 PLN), VAT included; i18n/money.ts writes them.
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
