import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV export cells", () => {
  it("neutralises formula-like text with a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("+48 600")).toBe("'+48 600");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
  });

  it("quotes separators, quotes and line breaks, leaves plain text and numbers alone", () => {
    expect(csvCell("Kowalski; Jan")).toBe('"Kowalski; Jan"');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("Łódź")).toBe("Łódź");
    expect(csvCell(-150)).toBe("-150");
    expect(csvCell(null)).toBe("");
  });

  it("starts with a BOM and ends rows with CRLF", () => {
    expect(toCsv([["a", "b"], ["c", "d"]])).toBe("\uFEFFa;b\r\nc;d\r\n");
  });
});
