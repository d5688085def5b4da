import { describe, expect, it } from "vitest";
import { lockerQueryOf, onStreetFirst, shownQuery } from "./locker-query";

describe("what the locker search asks InPost for", () => {
  it("a town in Ukrainian, Russian, or Polish without its letters: the Polish name InPost knows", () => {
    for (const [typed, town] of [
      ["Краків", "Kraków"],
      ["Краков", "Kraków"],
      ["Варшава", "Warszawa"],
      ["krakow", "Kraków"],
      ["KRAKÓW", "Kraków"],
      ["lodz", "Łódź"],
      ["Лодзь", "Łódź"],
      ["Вроцлав", "Wrocław"],
      ["Гданськ", "Gdańsk"],
      ["Щецин", "Szczecin"],
      ["Білосток", "Białystok"],
      ["Ченстохова", "Częstochowa"],
      ["zielona gora", "Zielona Góra"],
      ["Бельсько-Бяла", "Bielsko-Biała"],
    ] as const)
      expect(lockerQueryOf(typed), typed).toEqual({ kind: "town", town, street: null });
  });

  it("a postcode anywhere, before the town or after it, with or without the hyphen", () => {
    for (const typed of [
      "31-042",
      "31042",
      "31 042",
      "31-042 Kraków",
      "Kraków 31-042",
      "Kraków, 31 042",
      "ul. Floriańska 3, 31-042 Kraków",
    ])
      expect(lockerQueryOf(typed), typed).toEqual({ kind: "postcode", postcode: "31-042" });
    expect(shownQuery("  Kraków   31042 ")).toBe("Kraków 31-042");
  });

  it("a locker's name, in any case and with spaces", () => {
    for (const typed of ["KRA010", "kra010", "kra 010", "WAW22A", "poz08m"])
      expect(lockerQueryOf(typed), typed).toEqual({ kind: "code", name: typed.replace(/\s/g, "").toUpperCase() });
  });

  it("a street with its town, either way round; the street's lockers are shown first", () => {
    for (const typed of ["Floriańska, Kraków", "ul. Floriańska 3 Kraków", "Kraków, ul. Floriańska"])
      expect(lockerQueryOf(typed), typed).toEqual({ kind: "town", town: "Kraków", street: "florianska" });
    const points = [{ address: "Długa 3, 31-053 Kraków" }, { address: "Floriańska 3, 31-042 Kraków" }];
    expect(onStreetFirst(points, "florianska")).toEqual([points[1], points[0]]);
  });

  it("a town it does not know is asked as typed, in Latin letters and as InPost writes towns; nothing to search is nothing", () => {
    expect(lockerQueryOf("nowa dęba")).toEqual({ kind: "town", town: "Nowa Dęba", street: null });
    expect(lockerQueryOf("Вадовіце")).toEqual({ kind: "town", town: "Wadowice", street: null });
    expect(lockerQueryOf(" ")).toBeNull();
    expect(lockerQueryOf("-")).toBeNull();
  });
});
