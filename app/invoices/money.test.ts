import { describe, expect, it } from "vitest";
import { amountsDifference, amountsOfGross } from "./money";

describe("VAT from a gross price", () => {
  it("splits 299 PLN at 23 % into 243.09 net and 55.91 VAT", () => {
    expect(amountsOfGross(29_900, "23")).toEqual({ netGrosze: 24_309, vatGrosze: 5_591, grossGrosze: 29_900 });
  });

  it("splits 399 PLN at 23 % into 324.39 net and 74.61 VAT", () => {
    expect(amountsOfGross(39_900, "23")).toEqual({ netGrosze: 32_439, vatGrosze: 7_461, grossGrosze: 39_900 });
  });

  it("rounds half a grosz up, and net and VAT always add up to the gross", () => {
    // 123 × 23 / 123 = 23 exactly; 1 grosz × 23/123 = 0.187 → 0; 3 grosze → 0.56 → 1.
    expect(amountsOfGross(123, "23").vatGrosze).toBe(23);
    expect(amountsOfGross(3, "23").vatGrosze).toBe(1);
    for (let gross = 1; gross < 5_000; gross += 7) {
      const { netGrosze, vatGrosze } = amountsOfGross(gross, "23");
      expect(netGrosze + vatGrosze).toBe(gross);
      expect(Math.abs(vatGrosze - (gross * 23) / 123)).toBeLessThanOrEqual(0.5);
    }
  });

  it("charges no VAT when the seller is exempt", () => {
    expect(amountsOfGross(29_900, "zw")).toEqual({ netGrosze: 29_900, vatGrosze: 0, grossGrosze: 29_900 });
  });

  it("rounds a negative amount (a correction) as its positive, with the sign turned", () => {
    expect(amountsOfGross(-29_900, "23")).toEqual(amountsDifference(amountsOfGross(0, "23"), amountsOfGross(29_900, "23")));
  });
});
