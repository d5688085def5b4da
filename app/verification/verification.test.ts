import { describe, expect, it } from "vitest";
import { lookupCountText } from "./admin-texts";
import { cityOf, initialsOf } from "./verification";

describe("what the verification page may say about the tenant and the flat", () => {
  it("gives the first name's initial and the surname's first letter, never more", () => {
    expect(initialsOf("Olena Kovalenko")).toBe("O. K.");
    expect(initialsOf("  anna maria   Nowak-Kowalska ")).toBe("A. N.");
    expect(initialsOf("Łukasz Żak")).toBe("Ł. Ż.");
    expect(initialsOf("Madonna")).toBe("M.");
  });

  it("names the rented flat's town only: the form's field, or the words after a one-line address's postal code", () => {
    expect(cityOf({ property_city: "Szczecin", property_address: "ul. Długa 5/3, 70-001 Szczecin" })).toBe("Szczecin");
    expect(cityOf({ property_city: null, property_address: "ul. Długa 5/3, 70-001 Szczecin" })).toBe("Szczecin");
    expect(cityOf({ property_city: null, property_address: "ul. Polna 1, 05-800 Pruszków, mazowieckie" })).toBe("Pruszków");
    expect(cityOf({ property_city: null, property_address: "ul. Polna 1 m. 2" })).toBeNull();
  });

  it("names no town for an order whose flat's address is not given yet (docs/decisions/091)", () => {
    expect(cityOf({ property_city: null, property_address: "" })).toBeNull();
  });
});

describe("the back office's line about lookups", () => {
  it("says how many times and when last, with the Polish plural (1 raz, 2 razy, 5 razy, 22 razy)", () => {
    const lastAt = "2026-11-22T14:04:00.000Z";
    expect(lookupCountText({ count: 1, lastAt })).toBe("Kod weryfikacyjny oświadczenia: sprawdzono 1 raz, ostatnio 22.11.2026, 15:04.");
    expect(lookupCountText({ count: 3, lastAt })).toContain("sprawdzono 3 razy, ostatnio 22.11.2026, 15:04");
    expect(lookupCountText({ count: 5, lastAt })).toContain("sprawdzono 5 razy");
    expect(lookupCountText({ count: 22, lastAt })).toContain("sprawdzono 22 razy");
    expect(lookupCountText({ count: 0, lastAt: null })).toBe("Kodu weryfikacyjnego oświadczenia jeszcze nie sprawdzano.");
  });
});
