import { describe, expect, it } from "vitest";
import { foldForSearch, orderSearchText, phoneDigits, searchPatterns } from "./search-text";

describe("search folding", () => {
  it("folds case in Latin and Cyrillic and drops the diacritics a Polish operator leaves out", () => {
    expect(foldForSearch("ŁÓDŹ Żółć Gęś")).toBe("lodz zolc ges");
    expect(foldForSearch("КОВАЛЕНКО Олена")).toBe("коваленко олена");
    expect(foldForSearch("Андрій Ковальов Пётр")).toBe("андріи ковальов петр");
    expect(foldForSearch("  Jan\u00a0 KOWALSKI ")).toBe("jan kowalski");
  });

  it("reduces every common spelling of a phone number to the same digits", () => {
    for (const typed of ["601234567", "+48601234567", "601-234-567", "0048601234567", "+48 601 234 567", "(+48) 601 234 567"])
      expect(phoneDigits(typed), typed).toBe("601234567");
    expect(phoneDigits("+380 50 123 4567")).toBe("380501234567");
    expect(phoneDigits("050 123 4567")).toBe("501234567");
    expect(phoneDigits("Kowalski")).toBeNull();
    expect(phoneDigits("12")).toBeNull();
  });

  it("stores each field folded and the phone's digits, which every spelling's digits are part of", () => {
    const stored = orderSearchText({
      number: "AE-2026-000007",
      tenant_name: "Olena Kovalenko",
      tenant_name_original: "Олена Коваленко",
      landlord_name: "Łukasz Żak",
      email: "Olena@Example.COM",
      phone: "+48 601 234 567",
    });
    expect(stored.split("\n")).toEqual([
      "ae-2026-000007",
      "olena kovalenko",
      "олена коваленко",
      "lukasz zak",
      "olena@example.com",
      "+48 601 234 567",
      "48601234567",
    ]);
    for (const typed of [
      "601234567",
      "+48601234567",
      "601-234-567",
      "0048601234567",
      "Коваленко",
      "kovalenko",
      "ŁUKASZ",
      "lukasz",
      "olena@example",
    ])
      expect(
        searchPatterns(typed).some((pattern) => stored.includes(pattern.slice(1, -1))),
        typed,
      ).toBe(true);
    expect(orderSearchText({ number: "AE-1", tenant_name: "x", email: "y", phone: "+380 50 123 4567" })).toContain("380501234567");
  });

  it("drops LIKE's wildcards, so a bare % matches everything rather than something odd", () => {
    expect(searchPatterns("%")).toEqual([]);
    expect(searchPatterns("50%_off")).toEqual(["%50off%"]);
  });
});
