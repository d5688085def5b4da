import { describe, expect, it } from "vitest";
import { businessInvoice, serviceLine } from "../../tests/support/ksef-invoices";
import { buildFa3Xml, Fa3InputError } from "./fa3";
import { assertValidFa3, Fa3SchemaError, validateFa3Xml } from "./fa3-schema.server";

function text(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
}

describe("buildFa3Xml", () => {
  it("writes a business's invoice that the official FA(3) schema accepts, with the amounts where the schema puts them", async () => {
    const xml = await assertValidFa3(buildFa3Xml(businessInvoice));
    expect(text(xml, "P_2")).toBe("FV/2026/11/0001");
    expect(text(xml, "P_13_1")).toBe("243.09");
    expect(text(xml, "P_14_1")).toBe("55.91");
    expect(text(xml, "P_15")).toBe("299.00");
    expect(text(xml, "RodzajFaktury")).toBe("VAT");
    expect(xml).toContain("<NIP>7791011327</NIP>");
    // The buyer's name is escaped, not cut off at the ampersand.
    expect(xml).toContain("Kowalski &#38; Syn sp. j.");
  });

  it("gives the same bytes for the same invoice, so its hash identifies it", async () => {
    expect(buildFa3Xml(businessInvoice)).toBe(buildFa3Xml({ ...businessInvoice }));
  });

  it("writes an exempt seller's invoice with zw and the legal basis of the exemption", async () => {
    const xml = await assertValidFa3(
      buildFa3Xml({
        ...businessInvoice,
        lines: [
          { ...serviceLine, unitNetGrosze: 29900, netGrosze: 29900, vat: { exempt: true, legalBasis: "art. 113 ust. 1 ustawy o VAT" } },
        ],
        totals: { netGrosze: 29900, vatGrosze: 0, grossGrosze: 29900 },
      }),
    );
    expect(text(xml, "P_12")).toBe("zw");
    expect(text(xml, "P_13_7")).toBe("299.00");
    expect(text(xml, "P_19A")).toBe("art. 113 ust. 1 ustawy o VAT");
    expect(xml).not.toContain("P_13_1");
  });

  it("writes a consumer without a NIP as a buyer with no identifier", async () => {
    const xml = await assertValidFa3(
      buildFa3Xml({ ...businessInvoice, buyer: { ...businessInvoice.buyer, nip: null, name: "Anna Nowak" } }),
    );
    expect(xml).toContain("<BrakID>1</BrakID>");
  });

  it("writes a correcting invoice that references the original's number, date, KSeF number and the reason", async () => {
    const xml = await assertValidFa3(
      buildFa3Xml({
        ...businessInvoice,
        number: "FK/2026/12/0001",
        issueDate: "2026-12-02",
        lines: [{ ...serviceLine, quantity: -1, netGrosze: -24309 }],
        totals: { netGrosze: -24309, vatGrosze: -5591, grossGrosze: -29900 },
        correction: {
          originalNumber: "FV/2026/11/0001",
          originalIssueDate: "2026-11-27",
          originalKsefNumber: "5265877635-20261127-0100001AF629-AF",
          reason: "Odstąpienie od umowy, zwrot całej ceny",
        },
      }),
    );
    expect(text(xml, "RodzajFaktury")).toBe("KOR");
    expect(text(xml, "NrFaKorygowanej")).toBe("FV/2026/11/0001");
    expect(text(xml, "NrKSeFFaKorygowanej")).toBe("5265877635-20261127-0100001AF629-AF");
    expect(text(xml, "PrzyczynaKorekty")).toBe("Odstąpienie od umowy, zwrot całej ceny");
    expect(text(xml, "P_15")).toBe("-299.00");
  });

  it("marks a corrected invoice that was issued outside KSeF", async () => {
    const xml = await assertValidFa3(
      buildFa3Xml({
        ...businessInvoice,
        number: "FK/2026/12/0002",
        lines: [{ ...serviceLine, quantity: -1, netGrosze: -24309 }],
        totals: { netGrosze: -24309, vatGrosze: -5591, grossGrosze: -29900 },
        correction: { originalNumber: "FV/2026/11/0001", originalIssueDate: "2026-11-27", originalKsefNumber: null, reason: "Zwrot" },
      }),
    );
    expect(xml).toContain("<NrKSeFN>1</NrKSeFN>");
  });

  it("refuses amounts that do not add up, before any XML exists", async () => {
    expect(() => buildFa3Xml({ ...businessInvoice, totals: { netGrosze: 24309, vatGrosze: 5590, grossGrosze: 29900 } })).toThrow(
      Fa3InputError,
    );
    expect(() => buildFa3Xml({ ...businessInvoice, totals: { netGrosze: 24300, vatGrosze: 5600, grossGrosze: 29900 } })).toThrow(
      Fa3InputError,
    );
  });
});

describe("one VAT rate per invoice", () => {
  // The site's invoices have one line at the seller's one rate; an invoice with two rates would need a
  // P_13_x/P_14_x pair per rate, which buildFa3Xml does not write, so it refuses rather than send wrong totals.
  const eightPercentLine = { ...serviceLine, name: "Opłata", unitNetGrosze: 1000, netGrosze: 1000, vat: { rate: 8 as const } };

  it("refuses lines at two rates, in the operator's words", () => {
    const twoRates = {
      ...businessInvoice,
      lines: [serviceLine, eightPercentLine],
      totals: { netGrosze: 25309, vatGrosze: 5671, grossGrosze: 30980 },
    };
    expect(() => buildFa3Xml(twoRates)).toThrow(Fa3InputError);
    expect(() => buildFa3Xml(twoRates)).toThrow(
      "Faktury nie da się zapisać jako FA(3): wszystkie pozycje faktury muszą mieć tę samą stawkę VAT",
    );
  });

  it("refuses a taxed line beside an exempt one", () => {
    const exemptLine = { ...serviceLine, vat: { exempt: true as const, legalBasis: "art. 113 ust. 1 ustawy o VAT" } };
    expect(() =>
      buildFa3Xml({
        ...businessInvoice,
        lines: [serviceLine, exemptLine],
        totals: { netGrosze: 48618, vatGrosze: 5591, grossGrosze: 54209 },
      }),
    ).toThrow(/tę samą stawkę VAT/);
  });
});

describe("validateFa3Xml", () => {
  const valid = buildFa3Xml(businessInvoice);

  it("applies the imported base types: a NIP that cannot exist is refused", async () => {
    const result = await validateFa3Xml(valid.replace("<NIP>7791011327</NIP>", "<NIP>0123456789</NIP>"));
    expect(result.valid).toBe(false);
    expect(result.valid === false && result.errors.join(" ")).toContain("NIP");
  });

  it("refuses a missing required element and names it", async () => {
    const withoutKind = valid.replace(/<RodzajFaktury>[^<]*<\/RodzajFaktury>/, "");
    const result = await validateFa3Xml(withoutKind);
    expect(result.valid === false && result.errors.join(" ")).toContain("RodzajFaktury");
    await expect(assertValidFa3(withoutKind)).rejects.toThrow(Fa3SchemaError);
  });

  it("refuses XML that is not well-formed", async () => {
    expect((await validateFa3Xml("<Faktura>")).valid).toBe(false);
  });
});
