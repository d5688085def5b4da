import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { getFixedT } from "~/i18n/i18n.server";
import { contractDocument, contractText } from "./contract";
import { apiSchema, MESSAGES, orderFormSchema, type OrderDetails } from "./schema";
import { STANDARD_VARIANT } from "./variants";
import { validOrderForm } from "../../tests/support/valid-order";

const FORM: Record<string, string> = { ...validOrderForm(), tenantName: "Olena Kovalenko", email: "olena@example.com", phone: "600100200" };

function parse(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return parseWithZod(data, { schema: orderFormSchema(STANDARD_VARIANT, "details") });
}
function errorOf(values: Record<string, string>, field: string) {
  const submission = parse(values);
  return submission.status === "success" ? undefined : submission.error?.[field]?.[0];
}

describe("names in the form", () => {
  it("take Latin letters with diacritics, spaces, hyphens and apostrophes", () => {
    for (const name of ["Olena Kovalenko", "Łucja Żółć-Świątek", "Seán O’Brien", "D'Artagnan", "Ștefan Brâncuși"]) {
      expect(errorOf({ ...FORM, tenantName: name }, "tenantName"), name).toBeUndefined();
    }
  });

  it("refuse another script, digits and markup with a message that says how to write it", async () => {
    for (const name of ["Олена Коваленко", "Jan Kowalski 2", "Jan <b>Kowalski</b>", "-"]) {
      expect(errorOf({ ...FORM, tenantName: name }, "tenantName"), name).toBe(MESSAGES.latinName);
    }
    expect((await getFixedT("uk", "order"))(MESSAGES.latinName)).toContain("латиницею");
  });

  it("keep the original spelling beside the Latin one, and up to five co-residents one per line, each with theirs in brackets", () => {
    const submission = parse({
      ...FORM,
      tenantNameOriginal: "Олена Коваленко",
      coResidents: "Taras Kovalenko (Тарас  Коваленко)\r\n\r\n  Marta   Kovalenko \n",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      tenantName: "Olena Kovalenko",
      tenantNameOriginal: "Олена Коваленко",
      coResidents: [
        { name: "Taras Kovalenko", original: "Тарас Коваленко" },
        { name: "Marta Kovalenko", original: null },
      ],
    });
    const plain = parse(FORM);
    expect(plain.status === "success" ? plain.value : null).toMatchObject({ tenantNameOriginal: null, coResidents: [] });
  });

  it("refuse a sixth co-resident, and a co-resident only in Cyrillic with a message that shows the pair", async () => {
    expect(errorOf({ ...FORM, coResidents: "A a\nB b\nC c\nD d\nE e\nF f" }, "coResidents")).toBe(MESSAGES.coResidentsTooMany);
    for (const line of ["Марта Коваленко", "(Марта Коваленко)", "Marta Kovalenko (Марта) (Коваленко)", "Marta (https://evil.example)"])
      expect(errorOf({ ...FORM, coResidents: `Taras Kovalenko\n${line}` }, "coResidents"), line).toBe(MESSAGES.coResidentLine);
    expect((await getFixedT("uk", "order"))(MESSAGES.coResidentLine)).toContain("Taras Kovalenko (Тарас Коваленко)");
  });

  it("take only letters, digits, spaces, hyphens and apostrophes as an original spelling: no web address can pose as a name", () => {
    expect(errorOf({ ...FORM, tenantNameOriginal: "Олена Коваленко-Шевчук" }, "tenantNameOriginal")).toBeUndefined();
    for (const original of ["PILNE: dopłata https://evil.example/x", "Олена@evil", "evil.example"])
      expect(errorOf({ ...FORM, tenantNameOriginal: original }, "tenantNameOriginal"), original).toBe(MESSAGES.originalName);
  });
});

describe("names in the JSON API", () => {
  const body = {
    imie_nazwisko_najemcy: "Jan Kowalski",
    email: "jan@example.com",
    telefon: "600100200",
    adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
    adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
    rodzaj_oswiadczenia: "regular",
    okres_najmu_dni: 90,
  };

  it("refuses a Cyrillic tenant name with a field message, and keeps taking what the original site took", () => {
    const refused = apiSchema("accept").safeParse({ ...body, imie_nazwisko_najemcy: "Олена Коваленко" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["imie_nazwisko_najemcy"], message: MESSAGES.nonLatinLetters });
    expect(apiSchema("accept").safeParse({ ...body, imie_nazwisko_najemcy: "Jan Kowalski (2)" }).success).toBe(true);
  });

  it("takes the original spelling and co-residents as optional fields, a co-resident as a name or a name with its original", () => {
    const parsed = apiSchema("accept").parse({
      ...body,
      imie_nazwisko_najemcy_oryginalne: "Олена Коваленко",
      osoby_wspolzamieszkujace: ["Taras Kovalenko", { imie_nazwisko: "Marta Kovalenko", imie_nazwisko_oryginalne: "Марта Коваленко" }],
    });
    expect(parsed).toMatchObject({
      tenantNameOriginal: "Олена Коваленко",
      coResidents: [
        { name: "Taras Kovalenko", original: null },
        { name: "Marta Kovalenko", original: "Марта Коваленко" },
      ],
    });
    const cyrillic = apiSchema("accept").safeParse({ ...body, osoby_wspolzamieszkujace: ["Тарас"] });
    expect(cyrillic.error?.issues[0]).toMatchObject({
      path: ["osoby_wspolzamieszkujace", 0, "imie_nazwisko"],
      message: MESSAGES.latinName,
    });
    expect(apiSchema("accept").safeParse({ ...body, osoby_wspolzamieszkujace: [42] }).error?.issues[0]?.message).toBe(
      MESSAGES.coResidentName,
    );
  });
});

describe("names in the Polish agreement", () => {
  it("use the Latin form, the original in brackets, and list the co-residents the declaration covers", async () => {
    const details = {
      ...(apiSchema("details").parse({ ...body(), imie_nazwisko_najemcy: "Olena Kovalenko" }) as OrderDetails),
      tenantNameOriginal: "Олена Коваленко",
      coResidents: [
        { name: "Taras Kovalenko", original: "Тарас Коваленко" },
        { name: "Marta Kovalenko", original: null },
      ],
    };
    const text = contractText(
      contractDocument({
        details,
        company: PLACEHOLDER_COMPANY,
        locale: "pl",
        date: new Date(),
        paymentDeadlineDays: 7,
        t: await getFixedT("pl", "order"),
      }),
    );
    expect(text).toContain("Najemca: Olena Kovalenko (Олена Коваленко)");
    expect(text).toContain("Osoby zamieszkujące z Najemcą, wymienione w Oświadczeniu: Taras Kovalenko (Тарас Коваленко), Marta Kovalenko");
    expect(text).toContain("Najemcy oraz osób z nim zamieszkujących");
    const alone = contractText(
      contractDocument({
        details: { ...details, tenantNameOriginal: null, coResidents: [] },
        company: PLACEHOLDER_COMPANY,
        locale: "pl",
        date: new Date(),
        paymentDeadlineDays: 7,
        t: await getFixedT("pl", "order"),
      }),
    );
    expect(alone).toContain("Najemca: Olena Kovalenko\n");
    expect(alone).not.toContain("Osoby zamieszkujące");
  });

  function body() {
    return {
      imie_nazwisko_najemcy: "x",
      email: "jan@example.com",
      telefon: "600100200",
      adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
      adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
    };
  }
});
