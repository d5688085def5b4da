import { describe, expect, it } from "vitest";
import { isSearchableQuery } from "./delivery";

describe("isSearchableQuery: when typing is worth a locker search (with JavaScript)", () => {
  it("takes a whole postcode, alone or with its town either side", () => {
    for (const query of ["31042", "31-042", " 31 042 ", "31–042", "31-042 Kraków", "Kraków 31-042"])
      expect(isSearchableQuery(query), query).toBe(true);
  });
  it("waits for the rest of a half-typed postcode", () => {
    for (const query of ["3", "3104", "31-04", "310422"]) expect(isSearchableQuery(query), query).toBe(false);
  });
  it("takes three letters of a town or a street in any alphabet, and a locker's name", () => {
    for (const query of ["Kra", "Kraków", "Łód", "Nowy Sącz", "Краків", "KRA010", "kra 10", "Floriańska 3"])
      expect(isSearchableQuery(query), query).toBe(true);
    for (const query of ["", "Kr", " Ł ", "Kr 3"]) expect(isSearchableQuery(query), query).toBe(false);
  });
});
