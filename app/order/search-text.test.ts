import { describe, expect, it } from "vitest";
import { foldForSearch, orderSearchText, phoneDigits, searchTerms, soundKeys } from "./search-text";

/** Whether a query finds a stored column as the list's SQL does: every term, each by one of its patterns. */
const finds = (stored: string, query: string) => searchTerms(query).every((term) => term.some((pattern) => stored.includes(pattern)));

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

  it("stores each field folded, the phone's digits and the sound keys; every common spelling finds them", () => {
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
      "olena kovalenko lukas zak",
    ]);
    for (const typed of [
      "601234567",
      "+48601234567",
      "601-234-567",
      "0048601234567",
      "Коваленко",
      "kovalenko",
      "Kowalenko",
      "ŁUKASZ",
      "lukasz",
      "olena@example",
      "AE-2026-000007",
    ])
      expect(finds(stored, typed), typed).toBe(true);
    expect(orderSearchText({ number: "AE-1", tenant_name: "x", email: "y", phone: "+380 50 123 4567" })).toContain("380501234567");
  });

  it("gives Ukrainian and Russian names one key in Cyrillic, the national transliteration and the Polish one", () => {
    const spellings = [
      ["Шевченко", "Shevchenko", "Szewczenko"],
      ["Олександр", "Oleksandr", "Ołeksandr"],
      ["Хмельницький", "Khmelnytskyi", "Chmielnicki"],
      ["Юлія", "Yuliia", "Julija"],
      ["Євгенія", "Yevheniia", "Jewhenija"],
      ["Щербак", "Shcherbak", "Szczerbak"],
      ["Журавльов", "Zhuravlov", "Żurawlow"],
      ["Сергей", "Sergey", "Siergiej"],
      ["Наталья", "Natalya", "Natalja"],
    ];
    for (const [cyrillic, national, polish] of spellings) {
      const [key] = soundKeys(foldForSearch(cyrillic!));
      expect(soundKeys(foldForSearch(national!)), national).toContain(key);
      expect(soundKeys(foldForSearch(polish!)), polish).toContain(key);
    }
    expect(soundKeys("kowalski@example.com")).toEqual([]);
    expect(soundKeys("2026")).toEqual([]);
  });

  it("matches word by word in any order, over co-residents, the original spelling and both addresses", () => {
    const stored = orderSearchText({
      number: "AE-2026-000008",
      tenant_name: "Oleksandr Shevchenko",
      tenant_name_original: "Олександр Шевченко",
      // One co-resident as stored now (with the original spelling), one as orders before that stored them.
      co_residents: JSON.stringify([{ name: "Mariia Shevchenko", original: "Марія Шевченко" }, "Ivan Bondarenko"]),
      email: "a@example.com",
      phone: "600100200",
      mailing_address: "ul. Piotrkowska 12, 90-001 Łódź",
      property_address: "ul. Wojska Polskiego 5/3, 70-001 Szczecin",
    });
    for (const typed of [
      "Shevchenko Oleksandr",
      "Шевченко Олександр",
      "Szewczenko",
      "Ołeksandr Szewczenko",
      "Bondarenko",
      "Бондаренко Іван",
      "Марія Шевченко",
      "Piotrkowska",
      "wojska polskiego",
      "Lodz Piotrkowska 12",
    ])
      expect(finds(stored, typed), typed).toBe(true);
    for (const typed of ["Shevchenko Petro", "Kowalski", "Piotrkowska 13"]) expect(finds(stored, typed), typed).toBe(false);
    // An anonymised order keeps only its number.
    expect(orderSearchText({ number: "AE-2026-000008", tenant_name: "—", email: "—", phone: "—", anonymised_at: "2028-01-01" })).toBe(
      "ae-2026-000008",
    );
  });

  it("drops LIKE's wildcards, so a bare % matches everything rather than something odd", () => {
    expect(searchTerms("%")).toEqual([]);
    expect(searchTerms("50%_off")).toEqual([["50off"]]);
  });
});
