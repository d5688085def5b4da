import { describe, expect, it } from "vitest";
import { apiSchema } from "~/order/schema";
import { SAMPLE_API_ORDER } from "../../tests/support/sample-order";
import { ShipmentRefusedError } from "./carrier";
import { refusalInPolish } from "./ship-form.server";

describe("ShipX's refusal for the operator", () => {
  it("names the refused data in Polish, never InPost's English message alone", () => {
    const refusal = new ShipmentRefusedError(
      400,
      "validation_failed",
      "There are some validation errors.",
      '{"receiver":[{"phone":["invalid"]}]}',
    );
    expect(refusalInPolish(refusal)).toBe(
      "InPost odmówił nadania: nieprawidłowe dane przesyłki (telefon odbiorcy); popraw je w danych klienta. Nic nie zostało nadane.",
    );
    expect(refusalInPolish(new ShipmentRefusedError(401, "token_invalid", "Token is missing or invalid.", null))).toContain(
      "INPOST_API_TOKEN",
    );
  });
});

describe("the JSON API's paczkomat", () => {
  const body = {
    imie_nazwisko_najemcy: SAMPLE_API_ORDER.tenantName,
    email: SAMPLE_API_ORDER.email,
    telefon: SAMPLE_API_ORDER.phone,
    adres_najemcy: SAMPLE_API_ORDER.mailingAddress,
    adres_eksmisji: SAMPLE_API_ORDER.propertyAddress,
    rodzaj_oswiadczenia: "regular",
    okres_najmu_dni: 90,
  };

  it("old clients without the field get the courier", () => {
    const parsed = apiSchema("accept").safeParse(body);
    expect(parsed.success && parsed.data.delivery).toBeUndefined();
  });

  it("takes a locker's name, and refuses one that is not", () => {
    const parsed = apiSchema("accept").safeParse({ ...body, paczkomat: "kra010" });
    expect(parsed.success && parsed.data.delivery).toEqual({ method: "locker", point: "KRA010", address: null });
    const wrong = apiSchema("accept").safeParse({ ...body, paczkomat: "ul. Długa 5" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]).toMatchObject({ path: ["paczkomat"], message: "shipping:validation.lockerName" });
  });
});
