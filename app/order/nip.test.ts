import { describe, expect, it } from "vitest";
import { formatNip, hasValidNipChecksum, nipDigits, readNip } from "./nip";

describe("NIP", () => {
  it("reads ten digits written with dashes, spaces or the PL prefix as the same number", () => {
    for (const typed of ["1234563218", "123-456-32-18", "123-45-63-218", "PL1234563218", "pl 123 456 32 18", " PL123-456-32-18 "])
      expect(readNip(typed), typed).toBe("1234563218");
  });

  it("refuses a wrong check digit", () => {
    expect(hasValidNipChecksum("1234563219")).toBe(false);
    expect(readNip("123-456-32-17")).toBeNull();
    // 5·2 = 10: a remainder of 10 has no check digit, so no NIP begins this way.
    expect(hasValidNipChecksum("0200000000")).toBe(false);
    expect(hasValidNipChecksum("5260250274")).toBe(true);
  });

  it("refuses what is not ten digits", () => {
    for (const typed of ["123456321", "12345632188", "DE1234563218", "123456321x", ""]) expect(nipDigits(typed), typed).toBeNull();
  });

  it("prints the groups invoices use", () => {
    expect(formatNip("1234563218")).toBe("123-456-32-18");
  });
});
