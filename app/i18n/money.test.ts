import { describe, expect, it } from "vitest";
import { formatAmount, formatPrice, parseStatementAmount, priceInZloty } from "./money";

describe("pricing", () => {
  it("has the prices the site sells at, 299 and 399 PLN", () => {
    expect(priceInZloty("regular")).toBe(299);
    expect(priceInZloty("notarized")).toBe(399);
  });

  it("formats prices in each language's convention", () => {
    expect(formatPrice(29_900, "pl").replace(/\s/g, " ")).toBe("299 zł");
    expect(formatPrice(39_900, "en").replace(/\s/g, " ")).toBe("PLN 399");
    expect(formatPrice(29_950, "pl").replace(/\s/g, " ")).toBe("299,50 zł");
  });

  it("writes amounts the Polish way", () => {
    expect(formatAmount(24_309)).toBe("243,09");
    expect(formatAmount(-5_591)).toBe("-55,91");
    expect(formatAmount(123_456_7)).toBe("12\u00a0345,67");
  });
});

describe("amounts in a bank statement", () => {
  it("reads the ways the banks write them, with their sign, in grosze", () => {
    expect(parseStatementAmount("299,00")).toBe(29900);
    expect(parseStatementAmount("-3 168,00")).toBe(-316800);
    expect(parseStatementAmount("-3\u00a0168,00")).toBe(-316800);
    expect(parseStatementAmount("+299.00")).toBe(29900);
    expect(parseStatementAmount("299,")).toBe(29900);
    expect(parseStatementAmount("0,5")).toBe(50);
  });

  it("refuses what is not one amount", () => {
    for (const text of ["", "abc", "1.234,56", "12,345", "--5"]) expect(parseStatementAmount(text), text).toBeNull();
  });
});
