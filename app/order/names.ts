/*
 * Names go into the binding Polish text as in the passport's Latin line: Latin letters (with any
 * diacritics: Ł, Ž, Ă…), spaces, hyphens and apostrophes. The original spelling, Cyrillic say,
 * is asked for separately and only shown beside it (docs/decisions/031).
 */
const LATIN_NAME = /^[\p{Script=Latin}\p{M}' ’-]+$/u;
const LATIN_LETTER = /\p{Script=Latin}/u;
/** A letter of any script but Latin. */
const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/u;

/** A name as the passport's Latin line writes it: at least one Latin letter, nothing but letters, spaces, hyphens and apostrophes. */
export function isLatinName(value: string): boolean {
  return LATIN_NAME.test(value) && LATIN_LETTER.test(value);
}

/**
 * A name in its original spelling: letters of any script, digits, spaces, hyphens and apostrophes.
 * Without ".", ":", "/" or "@", no web or e-mail address can stand where a name is shown (the
 * agreement, the e-mails, the back office). Digits pass, as in the JSON API's Latin name.
 */
const ORIGINAL_NAME = /^[\p{L}\p{M}\p{Nd}' ’-]+$/u;
const ANY_LETTER = /\p{L}/u;

export function isOriginalName(value: string): boolean {
  return ORIGINAL_NAME.test(value) && ANY_LETTER.test(value);
}

/** What the JSON API refuses in a name: a letter of another script (digits and punctuation pass, as on the original site). */
export function hasNonLatinLetter(value: string): boolean {
  return NON_LATIN_LETTER.test(value);
}

/** "Olena Kovalenko (Олена Коваленко)": the Latin form, with the original spelling beside it when it differs. */
export function nameWithOriginal(latin: string, original: string | null | undefined): string {
  return original && original !== latin ? `${latin} (${original})` : latin;
}
