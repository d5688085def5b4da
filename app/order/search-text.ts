/**
 * What the back office's search compares (docs/decisions/032). Both the stored column and the
 * operator's query go through the same folding, so the database only compares plain text with
 * LIKE: no collation, no ICU, the same answer on SQLite and PostgreSQL.
 */

/** Letters NFD does not split into a base letter and a mark, folded as a Polish reader would. */
const UNSPLIT_LETTERS: Record<string, string> = { ł: "l", ø: "o", đ: "d", ß: "ss", æ: "ae", œ: "oe" };

/**
 * Lower case in every script, then without diacritics: "Łódź" → "lodz", "ŻÓŁĆ" → "zolc",
 * "КОВАЛЕНКО" → "коваленко", "Ковальов" → "ковальов". Cyrillic marks fold too (й → и, ё → е,
 * ї → і): an operator typing without them, as on a Polish keyboard, still finds the customer.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[łøđßæœ]/g, (letter) => UNSPLIT_LETTERS[letter] ?? letter)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The digits that identify a phone number in any common spelling: "+48 601 234 567",
 * "0048601234567", "48 601-234-567" and "601234567" all give "601234567" (a Polish number
 * without its country code); "+380 50 123 4567" and "0501234567" give "501234567" for a
 * Ukrainian national number with its trunk 0 dropped, which the stored "380501234567" contains.
 * Null for text that is not a phone number.
 */
export function phoneDigits(text: string): string | null {
  if (!/^[\d\s\-+()./]+$/.test(text.trim())) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  if (digits.length === 11 && digits.startsWith("48")) digits = digits.slice(2);
  return digits.length >= 3 ? digits : null;
}

/** The fields an order is found by; null fields (an anonymised order) are left out. */
export type SearchableOrder = {
  number: string;
  tenant_name: string;
  email: string;
  phone: string;
  landlord_name?: string | null;
  /** The name in its original script (Cyrillic, say), which operators type too. */
  tenant_name_original?: string | null;
};

/**
 * The stored search column: each field folded, one per line, and the phone's digits as typed
 * (country code included) so every spelling's digits are a part of it. A query cannot hold a
 * line break (it is refused), so no match spans two fields.
 */
export function orderSearchText(order: SearchableOrder): string {
  const fields = [order.number, order.tenant_name, order.tenant_name_original ?? "", order.landlord_name ?? "", order.email, order.phone];
  const digits = order.phone.replace(/\D/g, "").replace(/^00/, "");
  return [...fields.map(foldForSearch), digits].filter(Boolean).join("\n");
}

/**
 * The LIKE patterns a query matches with (any of them): its folded text, and its phone digits
 * when it reads as a phone number. % and _ are dropped: LIKE's escape differs between the two
 * databases, and no number, name, e-mail or phone needs them.
 */
export function searchPatterns(query: string): string[] {
  const folded = foldForSearch(query).replace(/[%_\\]/g, "");
  const digits = phoneDigits(query);
  const patterns = [folded, digits].filter((part): part is string => Boolean(part)).map((part) => `%${part}%`);
  return [...new Set(patterns)];
}
