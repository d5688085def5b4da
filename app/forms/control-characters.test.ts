import { describe, expect, it } from "vitest";
import { isMultiLineText, isSingleLineText } from "./control-characters";

/** XML 1.0's `Char` production (§2.2), written from the specification: what a document may hold at all. */
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

describe("the one check of typed text", () => {
  it("lets through no character XML 1.0 forbids, on one line or on many: every code unit, alone and inside a word", () => {
    for (let unit = 0; unit <= 0xffff; unit += 1) {
      const character = String.fromCharCode(unit);
      if (isXmlChar(unit)) continue;
      for (const text of [character, `Firma${character}`, `${character}Kowalski`, `Jan ${character} Kowalski`]) {
        expect(isSingleLineText(text), `U+${unit.toString(16).padStart(4, "0")}`).toBe(false);
        expect(isMultiLineText(text), `U+${unit.toString(16).padStart(4, "0")}`).toBe(false);
      }
    }
  });

  it("refuses U+FFFE, U+FFFF and a surrogate without its partner, which a JSON body can carry as \\ud800", () => {
    for (const text of ["Firma\uFFFE", "Firma\uFFFF", JSON.parse('"Jan \\ud800 Kowalski"') as string, "\uDC00", "\uDC00\uD800"]) {
      expect(isSingleLineText(text), JSON.stringify(text)).toBe(false);
      expect(isMultiLineText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("keeps what people type: letters of any script, a character of another plane (a pair of surrogates), U+FFFD", () => {
    for (const text of ["Zażółć gęślą jaźń", "Олена Шевченко", "Kowalski & Syn sp. j. 😀", "𝒜 \u{10FFFD}", "\uFFFD", "\uE000"]) {
      expect(isSingleLineText(text), text).toBe(true);
      expect(isMultiLineText(`${text}\r\n${text}`), text).toBe(true);
    }
  });

  it("still refuses on one line what it refused before: line breaks, tabs, C1 controls, separators and bidi controls", () => {
    for (const text of ["a\nb", "a\rb", "a\tb", "a\u0085b", "a\u2028b", "\u202eakwoN", "a\u2066b", "a\u007fb"]) {
      expect(isSingleLineText(text), JSON.stringify(text)).toBe(false);
    }
    expect(isMultiLineText("a\nb\r\nc")).toBe(true);
    expect(isMultiLineText("a\tb")).toBe(false);
  });
});
