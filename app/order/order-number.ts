/**
 * The order number's one spelling, "AE-2026-000123", and the reading of it in what people type:
 * a withdrawal statement's reference, a bank transfer's title. People and banks write it in many
 * ways ("ae 2026 123", "AE2026000123", "AE/2026/000123", a line break in the middle), so the
 * reading allows any spaces, dots, dashes, slashes or underscores between its three parts.
 */
const ORDER_PREFIX = "AE";

/** The number the orders table stores for the year's seq-th order. */
export function orderNumber(year: number, seq: number): string {
  return `${ORDER_PREFIX}-${year}-${String(seq).padStart(6, "0")}`;
}

// No word boundary before the prefix: a bank cuts a title into fixed-width parts, and joined back
// they may read "ZamówienieAE-2026-…". The year (20xx) keeps the pattern specific without it.
const SEPARATORS = String.raw`[\s/_.\-\u2010-\u2015]*`;
const NUMBER_PATTERN = new RegExp(String.raw`${ORDER_PREFIX}${SEPARATORS}(20\d{2})${SEPARATORS}(\d{1,6})(?!\d)`, "gi");

/** Every order number in the text, each once, in the order they appear, in the table's spelling. */
export function orderNumbersIn(text: string): string[] {
  const found = [...text.matchAll(NUMBER_PATTERN)].map((match) => orderNumber(Number(match[1]), Number(match[2])));
  return [...new Set(found)];
}

/** The first order number in whatever the customer typed ("zamówienie nr AE/2026/000123"); null when there is none. */
export function orderNumberIn(text: string): string | null {
  return orderNumbersIn(text)[0] ?? null;
}
