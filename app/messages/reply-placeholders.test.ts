import { describe, expect, it } from "vitest";
import { fillPlaceholders, placeholdersLeft } from "./reply-placeholders";

const ORDER = { numer: "AE-2026-000123", termin: "26 листопада (четвер)", kwota: "299 zł" };

describe("a reply template's placeholders", () => {
  it("fills the order's number, promise and price wherever they appear, as often as they appear", () => {
    expect(fillPlaceholders("Замовлення {{numer}}: {{kwota}}, не пізніше {{termin}}. Ще раз: {{numer}}.", ORDER)).toBe(
      "Замовлення AE-2026-000123: 299 zł, не пізніше 26 листопада (четвер). Ще раз: AE-2026-000123.",
    );
  });

  it("takes a placeholder typed with spaces inside the braces", () => {
    expect(fillPlaceholders("Nr {{ numer }}", ORDER)).toBe("Nr AE-2026-000123");
  });

  it("leaves an unknown placeholder visible rather than blank, and one the order cannot fill as written", () => {
    const text = "Zamówienie {{numre}} wyślemy {{termin}}; cena {{kwota}}.";
    expect(fillPlaceholders(text, { numer: "AE-1", kwota: "399 zł" })).toBe("Zamówienie {{numre}} wyślemy {{termin}}; cena 399 zł.");
  });

  it("lists what is left to replace, each once, in the order it appears", () => {
    expect(placeholdersLeft("{{termin}} a {{ x }} i {{termin}} {{}}")).toEqual(["{{termin}}", "{{ x }}", "{{}}"]);
    expect(placeholdersLeft(fillPlaceholders("{{numer}} {{termin}} {{kwota}}", ORDER))).toEqual([]);
  });

  it("does not treat single braces or a value that itself looks like a placeholder as one to fill again", () => {
    expect(fillPlaceholders("{numer} {{numer}}", { numer: "{{kwota}}", kwota: "299 zł" })).toBe("{numer} {{kwota}}");
  });
});
