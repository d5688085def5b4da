/**
 * Characters that no name, address, e-mail or phone number contains, and that do harm where
 * the text goes next: a line break adds fake lines to the operator's plain-text notice (a
 * "Bcc:" line, say), a bidi override (U+202A–U+202E, U+2066–U+2069) makes a name read
 * backwards in the back office and the PDF, PostgreSQL refuses a NUL in any text, and a
 * character XML 1.0 forbids makes the invoice's FA(3) file one KSeF cannot read.
 * Shared by the browser and the server, so both refuse the same characters.
 *
 * Refused on one line: C0 controls (U+0000–U+001F, tab and line breaks included), DEL, the
 * C1 controls (U+0080–U+009F, NEL among them), the Unicode line and paragraph separators, the
 * bidi embeddings, overrides and isolates, and what XML 1.0 does not allow in a document at all
 * (its `Char` production): a surrogate standing alone (a JSON body's "\ud800"; a pair is one
 * character of another plane, and fine) and the non-characters U+FFFE and U+FFFF. A multi-line
 * field allows CR and LF alone.
 */
const BIDI_AND_SEPARATORS = "\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069";
/** With the `u` flag a class sees code points: this range matches only a surrogate without its partner. */
const NOT_XML = "\\uD800-\\uDFFF\\uFFFE\\uFFFF";

/** A whole text that fits a single-line field (a pattern, for zod's .regex: it runs in order with the length checks). */
export const SINGLE_LINE_TEXT = new RegExp(`^[^\\u0000-\\u001F\\u007F-\\u009F${BIDI_AND_SEPARATORS}${NOT_XML}]*$`, "u");
/** A whole text that fits a multi-line field: CR and LF are allowed, nothing else of the above. */
export const MULTI_LINE_TEXT = new RegExp(
  `^[^\\u0000-\\u0009\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_AND_SEPARATORS}${NOT_XML}]*$`,
  "u",
);

export function isSingleLineText(value: string): boolean {
  return SINGLE_LINE_TEXT.test(value);
}

export function isMultiLineText(value: string): boolean {
  return MULTI_LINE_TEXT.test(value);
}

/**
 * A multi-line text kept as typed, with what MULTI_LINE_TEXT refuses taken out instead of refused
 * (a message to the operator, where a stray character from a paste should not lose the text):
 * line breaks become LF, a tab a space, and the rest of those characters go. Its pattern is made
 * here, not beside the others: a pattern made at the module's top stays in every browser bundle
 * that imports the checks above, and only the server takes characters out.
 */
export function withoutControlCharacters(value: string): string {
  const refusedOnManyLines = new RegExp(
    `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_AND_SEPARATORS}${NOT_XML}]`,
    "gu",
  );
  return value.replace(/\r\n?/g, "\n").replace(/\t/g, " ").replace(refusedOnManyLines, "");
}
