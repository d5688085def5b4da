import { describe, expect, it } from "vitest";
import { csvCell, csvText, toCsv } from "./csv";

describe("CSV export cells", () => {
  it("keeps phones and tracking numbers as text a spreadsheet shows without an apostrophe", () => {
    expect(toCsv([[csvText("0048601234567"), csvText("+48 601 234 567"), csvText("123456789012")]])).toBe(
      '\uFEFF"=""0048601234567""";"=""+48 601 234 567""";"=""123456789012"""\r\n',
    );
    // Anything that could close the quotes is an ordinary cell, formula guard included.
    expect(toCsv([[csvText('1"&HYPERLINK("x")&"'), csvText("=1+1"), csvText(null)]])).toBe(`\uFEFF"1""&HYPERLINK(""x"")&""";'=1+1;\r\n`);
  });

  it("neutralises formula-like text with a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("+48 600")).toBe("'+48 600");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe(`"'\tx"`);
  });

  it("quotes separators, quotes and line breaks, leaves plain text and numbers alone", () => {
    expect(csvCell("Kowalski; Jan")).toBe('"Kowalski; Jan"');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("Łódź")).toBe("Łódź");
    expect(csvCell(-150)).toBe("-150");
    expect(csvCell(null)).toBe("");
  });

  it("quotes a cell holding any separator a spreadsheet may guess, so a formula after a comma never becomes its own cell", () => {
    expect(csvCell("Jan Kowalski,=2+5")).toBe('"Jan Kowalski,=2+5"');
    expect(csvCell("a\tb")).toBe('"a\tb"');
    expect(csvCell('=1+1,"x"')).toBe(`"'=1+1,""x"""`);
    // Read back as RFC 4180 with "," as the separator, the row keeps its cells.
    const row = toCsv([["1", "Jan Kowalski,=2+5", 'cytat "x"; i dalej', "wiersz\ndrugi"]]).slice(1, -2);
    expect(splitRfc4180(row, ",")).toEqual(['1;Jan Kowalski,=2+5;cytat "x"; i dalej;wiersz\ndrugi']);
    expect(splitRfc4180(row, ";")).toEqual(["1", "Jan Kowalski,=2+5", 'cytat "x"; i dalej', "wiersz\ndrugi"]);
  });

  it("starts with a BOM and ends rows with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe("\uFEFFa;b\r\nc;d\r\n");
  });
});

/** A minimal RFC 4180 reader for one record, as a spreadsheet splits it. */
function splitRfc4180(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const character = line[i]!;
    if (quoted) {
      if (character === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === separator) {
      cells.push(cell);
      cell = "";
    } else cell += character;
  }
  return [...cells, cell];
}
