import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_BITS, CODE_LENGTH, codeFrom, formatCode, normaliseCode, verificationUrl } from "./declaration-code";

describe("the declaration's verification code", () => {
  it("is written in 32 distinct symbols with no look-alike pair: 0 but not O, 1 but not I or L, and no U", () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).toMatch(/^[0-9A-Z]+$/);
    for (const lookAlike of ["O", "I", "L", "U"]) expect(CODE_ALPHABET).not.toContain(lookAlike);
  });

  it("cannot be guessed: twelve symbols of 32 carry 60 bits, at least the 50 the issue asks", () => {
    expect(CODE_BITS).toBe(CODE_LENGTH * Math.log2(32));
    expect(CODE_BITS).toBeGreaterThanOrEqual(50);
    // Drawn from crypto, every symbol in the alphabet, and a thousand codes never meet.
    const codes = Array.from({ length: 1000 }, () => codeFrom(randomInt));
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("is printed in three groups of four", () => {
    expect(formatCode("7KQ4M2XD9TRW")).toBe("7KQ4-M2XD-9TRW");
  });

  it("is found whatever case, spaces, hyphens or look-alikes a person types", () => {
    for (const typed of [
      "7KQ4-M2XD-9TRW",
      "7kq4-m2xd-9trw",
      " 7KQ4 M2XD 9TRW ",
      "7KQ4M2XD9TRW",
      "7KQ4--M2XD–9TRW",
      "7-KQ4M-2XD9-TRW",
      "7kq4.m2xd.9trw",
    ])
      expect(normaliseCode(typed), typed).toBe("7KQ4M2XD9TRW");
    // O is read as 0, I and L as 1; Cyrillic letters a Ukrainian keyboard types for their Latin twins are read as them.
    expect(normaliseCode("OOAB-ILCD-EFGH")).toBe("00AB11CDEFGH");
    expect(normaliseCode("7КQ4-М2ХD-9ТRW")).toBe("7KQ4M2XD9TRW");
  });

  it("refuses what cannot be a code: a wrong length, a symbol outside the alphabet, or a page of text", () => {
    for (const typed of ["", "7KQ4-M2XD-9TR", "7KQ4-M2XD-9TRWX", "7KQ4-M2XD-9TRU", "7KQ4-M2XD-9TR!", "ЖKQ4-M2XD-9TRW", "7".repeat(1000)])
      expect(normaliseCode(typed), typed).toBeNull();
  });

  it("leads its QR code to the Polish verification page of the code, on the site", () => {
    expect(verificationUrl("https://adres.example", "7KQ4M2XD9TRW")).toBe("https://adres.example/weryfikacja/7KQ4-M2XD-9TRW");
  });
});
