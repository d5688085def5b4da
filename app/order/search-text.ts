import { coResidentsOfOrder } from "./co-residents";

/**
 * What the back office's search compares (docs/decisions/032 and 041). Both the stored column and
 * the operator's query go through the same folding, so the database only compares plain text with
 * LIKE: no collation, no ICU, the same answer on SQLite and PostgreSQL.
 */

/**
 * Raise this whenever what orderSearchText writes changes: every row written under a lower number
 * (or by an older process, which leaves it NULL) is rewritten at the next start (refreshSearchText).
 */
export const SEARCH_TEXT_VERSION = 3;

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

/*
 * The sound key: one spelling for the ways a Ukrainian or Russian name reaches the operator. The
 * passport's Latin line follows the national (English-like) transliteration, a Polish operator
 * writes the Polish one, and the customer may give the Cyrillic original: "Shevchenko",
 * "Szewczenko" and "Шевченко" all give "sevcenko". Letters that one of the conventions writes
 * alike fall together (ш/sh/sz and с, ч/ch/cz and ц/ts/c, ж/zh/ż/rz and з, х/kh/h and г/g,
 * в/w/v, and i/y/j with й, и, і, ї, ы), doubled letters count once, and "ie" counts as "e" (є, and
 * the Polish "ie" after a soft consonant). The key only ever adds matches, which cost the operator
 * a glance; it never hides one, because the folded text is searched as well.
 */
const CYRILLIC_KEY: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "h",
  ґ: "h",
  д: "d",
  е: "e",
  є: "ie",
  ж: "z",
  з: "z",
  и: "i",
  і: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "c",
  ч: "c",
  ш: "s",
  щ: "sc",
  ъ: "",
  ы: "i",
  ь: "",
  э: "e",
  ю: "iu",
  я: "ia",
};

/** Latin spellings, longest first; "ch" is ч in the national transliteration and х in the Polish one, so it gives both keys. */
const LATIN_KEY: Array<[string, string[]]> = [
  ["shch", ["sc"]],
  ["szcz", ["sc"]],
  ["sh", ["s"]],
  ["sz", ["s"]],
  ["cz", ["c"]],
  ["ch", ["c", "h"]],
  ["zh", ["z"]],
  ["rz", ["z"]],
  ["kh", ["h"]],
  ["ts", ["c"]],
  ["g", ["h"]],
  ["w", ["v"]],
  ["x", ["ks"]],
  ["q", ["k"]],
  ["y", ["i"]],
  ["j", ["i"]],
];

/** At most this many keys per word: each "ch" doubles them, and names have one or two. */
const MAX_KEYS_PER_WORD = 4;

/** A word of letters only (apostrophes dropped), folded; the other words (numbers, e-mails) have no key. */
const KEYED_WORD = /^\p{L}+$/u;

/** The sound keys of one folded word, or none when it is not a word of letters. */
export function soundKeys(foldedWord: string): string[] {
  const word = foldedWord.replace(/['’ʼ]/g, "");
  if (!KEYED_WORD.test(word)) return [];
  let keys = [""];
  for (let index = 0; index < word.length;) {
    const latin = LATIN_KEY.find(([spelling]) => word.startsWith(spelling, index));
    const letter = word[index]!;
    const options = latin ? latin[1] : [CYRILLIC_KEY[letter] ?? letter];
    index += latin ? latin[0].length : 1;
    const next = options.length > 1 && keys.length * options.length > MAX_KEYS_PER_WORD ? options.slice(0, 1) : options;
    keys = keys.flatMap((key) => next.map((option) => key + option));
  }
  return [...new Set(keys.map((key) => key.replace(/(.)\1+/g, "$1").replace(/ie/g, "e")).filter(Boolean))];
}

/** The words of a name or an address: letter runs, split at spaces, hyphens and punctuation. */
function wordsOf(folded: string): string[] {
  return folded.split(/[^\p{L}'’ʼ]+/u).filter(Boolean);
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

/** The fields an order is found by: its number, the people, the contact and both addresses. */
export type SearchableOrder = {
  number: string;
  tenant_name: string;
  email: string;
  phone: string;
  landlord_name?: string | null;
  /** The name in its original script (Cyrillic, say), which operators type too. */
  tenant_name_original?: string | null;
  /** JSON array of names, as stored. */
  co_residents?: string | null;
  mailing_address?: string | null;
  property_address?: string | null;
  /** Anonymised orders are found by their number only. */
  anonymised_at?: string | null;
};

/**
 * The stored search column: each field folded, one per line; the phone's digits as typed (country
 * code included), so every spelling's digits are a part of it; and last the sound keys of every
 * word of the names and addresses. A query cannot hold a line break (it is refused), so no match
 * spans two fields.
 */
export function orderSearchText(order: SearchableOrder): string {
  if (order.anonymised_at) return foldForSearch(order.number);
  const coResidents = coResidentsOfOrder({ co_residents: order.co_residents ?? null }).flatMap((person) => [
    person.name,
    person.original ?? "",
  ]);
  const people = [order.tenant_name, order.tenant_name_original ?? "", ...coResidents, order.landlord_name ?? ""];
  const places = [order.mailing_address ?? "", order.property_address ?? ""];
  const folded = [order.number, ...people, order.email, order.phone, ...places].map(foldForSearch).filter(Boolean);
  const digits = order.phone.replace(/\D/g, "").replace(/^00/, "");
  const keys = new Set([...people, ...places].flatMap((field) => wordsOf(foldForSearch(field)).flatMap(soundKeys)));
  return [...folded, digits, [...keys].join(" ")].filter(Boolean).join("\n");
}

/** The two columns every write of an order's searchable fields sets together. */
export function searchColumns(order: SearchableOrder): { search_text: string; search_version: number } {
  return { search_text: orderSearchText(order), search_version: SEARCH_TEXT_VERSION };
}

/** More words than a person types to find one order; the rest is ignored rather than built into SQL. */
const MAX_TERMS = 8;

/**
 * What a query matches: a list of terms that must ALL be found, in any order, each as any one of
 * its LIKE patterns (its folded text, or one of its sound keys). "Shevchenko Oleksandr",
 * "Олександр Шевченко" and "Szewczenko" find the same order. A query that reads as a phone number
 * is one term, with its national digits as a second pattern. % and _ are dropped: LIKE's escape
 * differs between the two databases, and no number, name, e-mail or phone needs them.
 */
export function searchTerms(query: string): string[][] {
  const folded = foldForSearch(query).replace(/[%_\\]/g, "");
  if (!folded) return [];
  const digits = phoneDigits(query);
  if (digits) return [unique([folded, digits])];
  const words = folded
    .split(" ")
    // A hyphenated name is two names; a number or an e-mail with hyphens stays whole.
    .flatMap((word) => (/^[\p{L}'’ʼ-]+$/u.test(word) ? word.split("-") : [word]))
    .filter(Boolean);
  return unique(words)
    .slice(0, MAX_TERMS)
    .map((word) => unique([word, ...soundKeys(word)]));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** A term's LIKE patterns. */
export const likePatterns = (term: string[]): string[] => term.map((part) => `%${part}%`);
