import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { getFixedT } from "~/i18n/i18n.server";
import { apiSchema, orderFormSchema } from "~/order/schema";
import { STANDARD_VARIANT } from "~/order/variants";
import { validOrderForm } from "../../tests/support/valid-order";

const VALID_FORM: Record<string, string> = { ...validOrderForm(), phone: "600100200" };

function parse(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return parseWithZod(data, { schema: orderFormSchema(STANDARD_VARIANT, "details") });
}

describe("the invoice part of the order form", () => {
  it("asks for nothing while the box is unticked, whatever was typed", () => {
    const submission = parse({ ...VALID_FORM, invoiceNip: "12", invoiceBuyerName: "" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.invoice).toBeNull();
  });

  it("keeps the buyer and the NIP's ten digits when the box is ticked", () => {
    const submission = parse({
      ...VALID_FORM,
      invoiceRequested: "on",
      invoiceBuyerName: "Firma Kowalski sp. z o.o.",
      invoiceBuyerAddress: "ul. Polna 2, 70-100 Szczecin",
      invoiceNip: "PL 123-456-32-18",
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value.invoice).toEqual({
        buyerName: "Firma Kowalski sp. z o.o.",
        buyerAddress: "ul. Polna 2, 70-100 Szczecin",
        nip: "1234563218",
      });
  });

  it("names a missing buyer and a wrong NIP in the same answer as the order's own problems", async () => {
    const submission = parse({ ...VALID_FORM, email: "nope", invoiceRequested: "on", invoiceNip: "123-456-32-19" });
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? (submission.error ?? {}) : {};
    const pl = await getFixedT("pl", "order");
    const uk = await getFixedT("uk", "order");
    expect(pl(errors.email?.[0] ?? "")).toBe("Nieprawidłowy adres e-mail");
    expect(pl(errors.invoiceBuyerName?.[0] ?? "")).toBe("Wymagane pole");
    expect(pl(errors.invoiceBuyerAddress?.[0] ?? "")).toMatch("Wymagane pole");
    expect(pl(errors.invoiceNip?.[0] ?? "")).toMatch(/błędną cyfrę kontrolną/);
    expect(uk(errors.invoiceNip?.[0] ?? "")).toMatch(/контрольну цифру/);
  });

  it("says a NIP has ten digits when it has not", async () => {
    const submission = parse({
      ...VALID_FORM,
      invoiceRequested: "on",
      invoiceBuyerName: "A",
      invoiceBuyerAddress: "B",
      invoiceNip: "12345",
    });
    const errors = submission.status === "error" ? (submission.error ?? {}) : {};
    expect((await getFixedT("en", "order"))(errors.invoiceNip?.[0] ?? "")).toMatch(/10 digits/);
  });
});

describe("the invoice in the JSON API", () => {
  const body = {
    imie_nazwisko_najemcy: "Jan Kowalski",
    email: "jan@example.com",
    telefon: "600100200",
    adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
    adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
    rodzaj_oswiadczenia: "regular",
    okres_najmu_dni: 90,
  };

  it("takes faktura with nabywca, adres and an optional nip", () => {
    const result = apiSchema("details").safeParse({
      ...body,
      faktura: { nabywca: "Jan Kowalski", adres: "ul. Krótka 1, 00-001 Warszawa" },
    });
    expect(result.success && result.data.invoice).toEqual({
      buyerName: "Jan Kowalski",
      buyerAddress: "ul. Krótka 1, 00-001 Warszawa",
      nip: null,
    });
    expect(apiSchema("details").safeParse(body).data?.invoice).toBeNull();
  });

  it("names the field of a wrong NIP and of a faktura that is no object", () => {
    const wrongNip = apiSchema("details").safeParse({ ...body, faktura: { nabywca: "X", adres: "Y", nip: "1234563219" } });
    expect(wrongNip.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["faktura.nip", "invoice:validation.nipChecksum"],
    ]);
    const notObject = apiSchema("details").safeParse({ ...body, faktura: "tak" });
    expect(notObject.error?.issues[0]?.message).toBe("invoice:validation.request");
  });
});
