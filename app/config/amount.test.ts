import { describe, expect, it } from "vitest";
import { parseZlotyAmount } from "./amount";

describe("an amount of złoty from configuration", () => {
  it.each([
    ["5000", 500_000],
    ["5 000", 500_000],
    ["5\u00a0000,00", 500_000],
    ["5000.00", 500_000],
    ["5 000,00 zł", 500_000],
    ["PLN 5000", 500_000],
    ["12500,50", 1_250_050],
    ["1 250 000", 125_000_000],
    [" 7500 ", 750_000],
  ])("reads %j as %i grosze", (text, grosze) => {
    expect(parseZlotyAmount(text)).toBe(grosze);
  });

  it.each(["", "abc", "5,000", "5.000", "5000,5", "5000.001", "50 00", "-5000", "5e3", "5 000 zł zł", "99999999999999999999"])(
    "refuses %j rather than guess",
    (text) => {
      expect(parseZlotyAmount(text)).toBeUndefined();
    },
  );
});
