import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { getFixedT } from "~/i18n/i18n.server";
import { apiSchema, orderFormSchema } from "./schema";
import { AUTOMATIC_VARIANT, STANDARD_VARIANT } from "./variants";
import { validOrderForm } from "../../tests/support/valid-order";

const VALID_FORM: Record<string, string> = { ...validOrderForm(), declarationType: "notarized", phone: "600100200" };
const IN_TEN_DAYS = VALID_FORM.startDate!;

function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

function errorsOf(values: Record<string, string>, variant = STANDARD_VARIANT, stage: "details" | "accept" = "details") {
  const submission = parseWithZod(formData(values), { schema: orderFormSchema(variant, stage) });
  return submission.status === "success"
    ? {}
    : Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
}

describe("order form schema", () => {
  it("accepts a complete form and joins each address into one line", () => {
    const submission = parseWithZod(formData(VALID_FORM), { schema: orderFormSchema(STANDARD_VARIANT, "details") });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      declarationType: "notarized",
      tenantName: "Jan Kowalski",
      landlordName: "Anna Nowak",
      propertyAddress: "ul. Długa 5/3, 70-001 Szczecin",
      mailingAddress: "ul. Krótka 1, 00-001 Warszawa",
      rentalPeriodDays: null,
    });
  });

  it("gives every rule of the order form its message, in Polish and English", async () => {
    const errors = errorsOf({ declarationType: "gold", email: "not-an-email", phone: "12345678" });
    const pl = await getFixedT("pl", "order");
    const en = await getFixedT("en", "order");
    const expected: Record<string, [string, string]> = {
      declarationType: ["Wybierz rodzaj oświadczenia", "Select declaration type"],
      landlordName: ["Wymagane pole", "Required field"],
      tenantName: ["Wymagane pole", "Required field"],
      startDate: ["Wymagane pole", "Required field"],
      email: ["Nieprawidłowy adres e-mail", "Invalid e-mail address"],
      phone: ["Nieprawidłowy numer telefonu", "Invalid phone number"],
      propertyAddress: ["Wymagane pole", "Required field"],
      propertyPostalCode: ["Wymagane pole", "Required field"],
      propertyCity: ["Wymagane pole", "Required field"],
      mailingAddress: ["Wymagane pole", "Required field"],
      mailingPostalCode: ["Wymagane pole", "Required field"],
      mailingCity: ["Wymagane pole", "Required field"],
      dataProcessingConsent: [
        "Zaznacz, że przyjmujesz do wiadomości informację o przetwarzaniu danych osobowych",
        "Tick the box to acknowledge the information on personal data processing",
      ],
    };
    expect(Object.keys(errors).sort()).toEqual(Object.keys(expected).sort());
    for (const [field, [polish, english]] of Object.entries(expected)) {
      expect(pl(errors[field]!), field).toBe(polish);
      expect(en(errors[field]!), field).toBe(english);
    }
  });

  it("treats whitespace as empty, and an empty e-mail as a missing field", () => {
    expect(errorsOf({ ...VALID_FORM, tenantName: "   " }).tenantName).toBe("order:validation.required");
    expect(errorsOf({ ...VALID_FORM, email: "" }).email).toBe("order:validation.required");
    expect(errorsOf({ ...VALID_FORM, email: "jan@" }).email).toBe("order:validation.email");
  });

  it("refuses control, line-break and bidi characters in every one-line field, in the page's language", async () => {
    const oneLine = [
      "tenantName",
      "landlordName",
      "email",
      "propertyAddress",
      "propertyPostalCode",
      "propertyCity",
      "mailingAddress",
      "mailingCity",
      "phone",
    ];
    for (const bad of [
      "Jan\u0000",
      "Jan\nBcc: evil@example.com",
      "Jan\rX",
      "Jan\tX",
      "Jan\u007f",
      "Jan\u0085",
      "\u202eikslawoK naJ",
      "Jan\u2066X\u2069",
      "Jan\u2028X",
    ]) {
      for (const field of oneLine)
        expect(errorsOf({ ...VALID_FORM, [field]: `${VALID_FORM[field]}${bad}` })[field], `${field} ${JSON.stringify(bad)}`).toBe(
          "order:validation.controlCharacters",
        );
    }
    // A line break around the text is trimmed away like a space; Latin names with any diacritics stay welcome.
    expect(errorsOf({ ...VALID_FORM, tenantName: "\nJan Kowalski\r\n", mailingCity: "Łódź", landlordName: "Olena Ševčenko" })).toEqual({});
    for (const locale of ["pl", "en", "uk", "ru"] as const) {
      const t = await getFixedT(locale, "order");
      expect(t("order:validation.controlCharacters")).not.toBe("validation.controlCharacters");
      expect(t("order:validation.controlCharactersMultiline")).not.toBe("validation.controlCharactersMultiline");
    }
  });

  it("keeps the line breaks of variant 2's extra information and refuses the other controls there", () => {
    const { declarationType: _type, phone: _phone, landlordName: _landlord, startDate: _date, ...rest } = VALID_FORM;
    const values = { ...rest, rodzaj_oswiadczenia: "regular", telefon: "600100200" };
    const parse = (additionalInfo: string) =>
      parseWithZod(formData({ ...values, additionalInfo }), { schema: orderFormSchema(AUTOMATIC_VARIANT, "details") });
    const kept = parse("Pierwszy wiersz\r\nDrugi wiersz\nTrzeci");
    expect(kept.status === "success" && kept.value.additionalInfo).toBe("Pierwszy wiersz\r\nDrugi wiersz\nTrzeci");
    for (const bad of ["a\u0000b", "a\tb", "a\u202eb", "a\u2067b", "a\u001bb"]) {
      expect(errorsOf({ ...values, additionalInfo: bad }, AUTOMATIC_VARIANT).additionalInfo, JSON.stringify(bad)).toBe(
        "order:validation.controlCharactersMultiline",
      );
    }
  });

  it("takes a phone of 9 to 15 digits written with spaces, +, - or parentheses", () => {
    for (const ok of ["600100200", "600 100 200", "+48 600-100-200", "(22) 123 45 67", "+380 67 123 4567"])
      expect(errorsOf({ ...VALID_FORM, phone: ok }).phone, ok).toBeUndefined();
    for (const bad of ["60010020", "600100200 wew. 12", "1234567890123456", "+48 600/100/200", "---------"])
      expect(errorsOf({ ...VALID_FORM, phone: bad }).phone, bad).toBe("order:validation.phone");
  });

  it("takes Polish postal codes as NN-NNN, adding the hyphen a phone's number pad lacks", () => {
    expect(errorsOf({ ...VALID_FORM, propertyPostalCode: "7000", mailingPostalCode: "7-0001" })).toEqual({
      propertyPostalCode: "order:validation.postalCode",
      mailingPostalCode: "order:validation.postalCode",
    });
    expect(errorsOf({ ...VALID_FORM, propertyPostalCode: " 70-001 " })).toEqual({});
    const typed = parseWithZod(formData({ ...VALID_FORM, propertyPostalCode: "70250", mailingPostalCode: "00 950" }), {
      schema: orderFormSchema(STANDARD_VARIANT, "details"),
    });
    expect(typed.status === "success" && [typed.value.propertyParts?.postalCode, typed.value.mailingParts?.postalCode]).toEqual([
      "70-250",
      "00-950",
    ]);
    expect(typed.status === "success" && typed.value.propertyAddress).toBe("ul. Długa 5/3, 70-250 Szczecin");
  });

  it("takes a real start date within a year of today, written any way that means one day; an ambiguous one is asked for again", () => {
    expect(errorsOf({ ...VALID_FORM, startDate: "2026-02-30" }).startDate).toBe("order:validation.date");
    expect(errorsOf({ ...VALID_FORM, startDate: "jutro" }).startDate).toBe("order:validation.date");
    // Day first or month first: "12/01/2027" could be either, and the message says which form to use.
    expect(errorsOf({ ...VALID_FORM, startDate: "12/01/2027" }).startDate).toBe("order:validation.dateAmbiguous");
    const farAway = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    expect(errorsOf({ ...VALID_FORM, startDate: farAway }).startDate).toBe("order:validation.dateRange");
    expect(errorsOf({ ...VALID_FORM, startDate: longAgo }).startDate).toBe("order:validation.dateRange");
    const [year, month, day] = IN_TEN_DAYS.split("-");
    const monthInUkrainian = new Intl.DateTimeFormat("uk", { day: "numeric", month: "long", timeZone: "UTC" })
      .formatToParts(new Date(`${IN_TEN_DAYS}T12:00:00Z`))
      .find((part) => part.type === "month")!.value;
    for (const typed of [
      `${Number(day)}.${Number(month)}.${year}`,
      `${Number(day)} ${monthInUkrainian} ${year} р.`,
      `${day}${month}${year}`,
    ]) {
      const submission = parseWithZod(formData({ ...VALID_FORM, startDate: typed }), {
        schema: orderFormSchema(STANDARD_VARIANT, "details"),
      });
      expect(submission.status === "success" && submission.value.startDate, typed).toBe(IN_TEN_DAYS);
    }
  });

  it("requires the terms at the accept stage; the request to start at once stays a free choice", () => {
    expect(errorsOf(VALID_FORM, STANDARD_VARIANT, "details")).toEqual({});
    expect(errorsOf(VALID_FORM, STANDARD_VARIANT, "accept")).toEqual({ acceptTerms: "order:validation.acceptTerms" });
    expect(errorsOf({ ...VALID_FORM, acceptTerms: "on" }, STANDARD_VARIANT, "accept")).toEqual({});
    const parse = (values: Record<string, string>) =>
      parseWithZod(formData(values), { schema: orderFormSchema(STANDARD_VARIANT, "accept") });
    const without = parse({ ...VALID_FORM, acceptTerms: "on" });
    const withWaiver = parse({ ...VALID_FORM, acceptTerms: "on", immediatePerformanceConsent: "on" });
    expect(without.status === "success" && without.value.immediatePerformanceRequested).toBe(false);
    expect(withWaiver.status === "success" && withWaiver.value.immediatePerformanceRequested).toBe(true);
  });

  it("uses variant 2's field names, no landlord or date, and the fixed 90 days", () => {
    const { declarationType: _type, phone: _phone, landlordName: _landlord, startDate: _date, ...rest } = VALID_FORM;
    const values = { ...rest, rodzaj_oswiadczenia: "regular", telefon: "600100200", additionalInfo: "" };
    const submission = parseWithZod(formData(values), { schema: orderFormSchema(AUTOMATIC_VARIANT, "details") });
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toMatchObject({
        declarationType: "regular",
        phone: "600100200",
        landlordName: null,
        startDate: null,
        rentalPeriodDays: 90,
        additionalInfo: null,
      });
    expect(errorsOf({ ...values, rodzaj_oswiadczenia: "", telefon: "1" }, AUTOMATIC_VARIANT)).toEqual({
      rodzaj_oswiadczenia: "order:validation.declarationType",
      telefon: "order:validation.phone",
    });
  });
});

describe("the flat's address given later (docs/decisions/091)", () => {
  const { propertyAddress: _a, propertyPostalCode: _p, propertyCity: _c, ...withoutFlat } = VALID_FORM;

  it("requires the flat's address unless the box is ticked; ticked, the three fields may stay empty", () => {
    expect(errorsOf(withoutFlat)).toEqual({
      propertyAddress: "order:validation.required",
      propertyPostalCode: "order:validation.required",
      propertyCity: "order:validation.required",
    });
    const submission = parseWithZod(formData({ ...withoutFlat, addressLater: "on" }), {
      schema: orderFormSchema(STANDARD_VARIANT, "details"),
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ addressLater: true, propertyAddress: "", propertyParts: null });
  });

  it("still checks a part typed with the box ticked, and then asks for the rest: a half address is never dropped", () => {
    expect(errorsOf({ ...withoutFlat, addressLater: "on", propertyPostalCode: "7025" })).toEqual({
      propertyAddress: "order:validation.required",
      propertyPostalCode: "order:validation.postalCode",
      propertyCity: "order:validation.required",
    });
    const submission = parseWithZod(formData({ ...VALID_FORM, addressLater: "on" }), {
      schema: orderFormSchema(STANDARD_VARIANT, "details"),
    });
    expect(submission.status === "success" && submission.value).toMatchObject({
      addressLater: false,
      propertyAddress: "ul. Długa 5/3, 70-001 Szczecin",
    });
  });

  it("takes adres_lokalu_pozniej in the API; a body without it still needs adres_eksmisji", () => {
    const api = {
      imie_nazwisko_najemcy: "Jan Kowalski",
      email: "jan@example.com",
      telefon: "600100200",
      adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
    };
    const later = apiSchema("details").safeParse({ ...api, adres_lokalu_pozniej: true });
    expect(later.success && later.data).toMatchObject({ addressLater: true, propertyAddress: "" });
    const old = apiSchema("details").safeParse(api);
    expect(old.success ? [] : old.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["adres_eksmisji", "order:validation.required"],
    ]);
    const both = apiSchema("details").safeParse({ ...api, adres_lokalu_pozniej: true, adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin" });
    expect(both.success && both.data).toMatchObject({ addressLater: false, propertyAddress: "ul. Długa 5/3, 70-001 Szczecin" });
    const wrong = apiSchema("details").safeParse({ ...api, adres_lokalu_pozniej: "tak" });
    expect(wrong.success ? [] : wrong.error.issues.map((issue) => issue.message)).toContain("order:validation.addressLater");
  });
});

describe("API schema", () => {
  const body = {
    imie_nazwisko_najemcy: "Jan Kowalski",
    imie_nazwisko_wynajmujacego: "Anna Nowak",
    email: "jan@example.com",
    telefon: "600100200",
    adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
    adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
    rodzaj_oswiadczenia: "regular",
    data_zawarcia: IN_TEN_DAYS,
    dodatkowe_informacje: "",
  };

  it("accepts the old site's documented API body for variant 1 and variant 2", () => {
    expect(apiSchema("details").safeParse(body).success).toBe(true);
    const { imie_nazwisko_wynajmujacego: _l, data_zawarcia: _d, dodatkowe_informacje: _i, ...variant2 } = body;
    const parsed = apiSchema("details").safeParse({ ...variant2, okres_najmu_dni: 90 });
    expect(parsed.success && parsed.data.rentalPeriodDays).toBe(90);
  });

  it("rejects wrong types and missing fields with field messages", () => {
    const parsed = apiSchema("details").safeParse({
      ...body,
      telefon: 600100200,
      imie_nazwisko_wynajmujacego: undefined,
      okres_najmu_dni: 30,
    });
    expect(parsed.success).toBe(false);
    const fields = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["telefon", "okres_najmu_dni"]));
  });

  it("refuses a NUL, a line break or a bidi override in any text of the body, keeping line breaks in the extra information", () => {
    const fields = (extra: Record<string, unknown>) => {
      const parsed = apiSchema("accept").safeParse({ ...body, ...extra });
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
    };
    expect(fields({ imie_nazwisko_najemcy: "Jan\u0000Kowalski" })).toEqual({ imie_nazwisko_najemcy: "order:validation.controlCharacters" });
    expect(fields({ adres_najemcy: "ul. Krótka 1\r\nBcc: x@example.com" })).toEqual({
      adres_najemcy: "order:validation.controlCharacters",
    });
    expect(fields({ email: "jan\u202e@example.com" })).toEqual({ email: "order:validation.controlCharacters" });
    expect(fields({ dodatkowe_informacje: "a\u0000" })).toEqual({ dodatkowe_informacje: "order:validation.controlCharactersMultiline" });
    expect(fields({ dodatkowe_informacje: "wiersz\nwiersz" })).toEqual({});
  });

  it("takes the old site's exact API body to accept; the immediate start is recorded only when the body asks for it", () => {
    const plain = apiSchema("accept").safeParse(body);
    expect(plain.success && plain.data.immediatePerformanceRequested).toBe(false);
    const asked = apiSchema("accept").safeParse({ ...body, zgoda_na_natychmiastowe_wykonanie: true });
    expect(asked.success && asked.data.immediatePerformanceRequested).toBe(true);
    expect(apiSchema("accept").safeParse({ ...body, akceptacja_warunkow: "yes" }).success).toBe(false);
  });
});
