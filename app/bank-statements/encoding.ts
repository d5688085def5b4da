import iconv from "iconv-lite";
import type { StatementEncoding } from "./statement-line";

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const POLISH_LETTERS = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/g;
/** Letters and signs a Polish statement does not hold: what a wrong code page turns Polish letters into. */
// eslint-disable-next-line no-control-regex -- the class is everything outside ASCII (control characters included) but these
const UNLIKELY = /[^\x00-\x7fąćęłńóśźżĄĆĘŁŃÓŚŹŻ\u00a0§°–—„”’«»€]/g;
/** CP852's "ą" is CP1250's "Ą": a capital inside a word in small letters ("WĄs", "zajĄc") tells the wrong reading. */
const CAPITAL_INSIDE_WORD = /(?<=\p{Ll})[ĄĆĘŁŃÓŚŹŻ]|(?<=\p{L})[ĄĆĘŁŃÓŚŹŻ](?=\p{Ll})/gu;
/** In this order when two decode the same way (a file with no ą, ś or ź reads the same in CP1250 and ISO-8859-2). */
const SINGLE_BYTE: readonly Exclude<StatementEncoding, "utf-8">[] = ["windows-1250", "iso-8859-2", "cp852"];
const ICONV_NAME: Record<Exclude<StatementEncoding, "utf-8">, string> = {
  "windows-1250": "win1250",
  "iso-8859-2": "iso88592",
  cp852: "cp852",
};

/**
 * The statement's text and the encoding it was in. UTF-8 (with or without a BOM) when the bytes are
 * valid UTF-8; otherwise the single-byte code page in which the most Polish letters and the fewest
 * unlikely characters (and capitals inside words) come out. The three share ASCII and differ in
 * where they put Polish letters.
 */
export function decodeStatement(bytes: Buffer): { text: string; encoding: StatementEncoding } {
  const bom = UTF8_BOM.every((byte, index) => bytes[index] === byte);
  const body = bom ? bytes.subarray(UTF8_BOM.length) : bytes;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "utf-8" };
  } catch {
    // not UTF-8: one of the Polish code pages
  }
  let best: { text: string; encoding: StatementEncoding; score: number } | null = null;
  for (const encoding of SINGLE_BYTE) {
    const text = iconv.decode(bytes, ICONV_NAME[encoding]);
    const score =
      (text.match(POLISH_LETTERS)?.length ?? 0) - (text.match(UNLIKELY)?.length ?? 0) - (text.match(CAPITAL_INSIDE_WORD)?.length ?? 0);
    if (!best || score > best.score) best = { text, encoding, score };
  }
  return { text: best!.text, encoding: best!.encoding };
}
