import { describe, expect, it } from "vitest";
import { pdfTextOf } from "../../tests/support/pdf-text";
import { verificationUrl } from "~/order/declaration-code";
import { declarationPdf, type DeclarationOrder } from "./declaration.server";

const flat = { owner: "Przykładowa Firma sp. z o.o.", address: "ul. Zastępcza 7/2, 70-100 Szczecin", city: "Szczecin" };
const order: DeclarationOrder = {
  number: "AE-2026-000042",
  declaration_type: "regular",
  tenant_name: "Olena Kovalenko",
  co_residents: null,
  landlord_name: "Anna Nowak",
  start_date: "2026-12-01",
  property_address: "ul. Długa 5/3, 70-001 Szczecin",
  mailing_address: "ul. Krótka 1, 00-001 Warszawa",
};

const check = { code: "7KQ4M2XD9TRW", url: verificationUrl("https://adres.example", "7KQ4M2XD9TRW") };

describe("the printable declaration", () => {
  it("is pre-filled with the tenant, the rented flat, the substitute flat and a place for the owner's signature", async () => {
    const text = await pdfTextOf(await declarationPdf(order, flat, check));
    expect(text).toContain("Oświadczenie właściciela lokalu o wyrażeniu zgody na zamieszkanie najemcy");
    expect(text).toContain("Imię i nazwisko: Olena Kovalenko");
    expect(text).toContain("Adres lokalu wynajmowanego przez najemcę: ul. Długa 5/3, 70-001 Szczecin");
    expect(text).toContain("Wynajmujący: Anna Nowak");
    expect(text).toContain("Początek najmu: 1 grudnia 2026");
    expect(text).toContain("Adres lokalu zastępczego: ul. Zastępcza 7/2, 70-100 Szczecin");
    expect(text).toContain("art. 19a ust. 2 pkt 3");
    expect(text).toContain("(czytelny podpis właściciela lokalu zastępczego)");
    expect(text).not.toContain("notariusza");
    expect(text).not.toContain("Osoby zamieszkujące z najemcą");
    expect(text).toContain("Strona 1 z 1");
  });

  it("names the co-residents the tenant gave, beside the tenant, in the consent and in the notary's annex", async () => {
    const coResidents = ["Taras Kovalenko", "Mariia Kovalenko"];
    const text = await pdfTextOf(
      await declarationPdf({ ...order, declaration_type: "notarized", co_residents: JSON.stringify(coResidents) }, flat, check),
    );
    expect(text).toContain("Osoby zamieszkujące z najemcą: Taras Kovalenko, Mariia Kovalenko");
    expect(text).toContain("najemcy wskazanego wyżej oraz osób z nim zamieszkujących, w tym osób wymienionych wyżej");
    expect(text).toContain(
      "o zgodzie na zamieszkanie najemcy: Olena Kovalenko, oraz osób z nim zamieszkujących: Taras Kovalenko, Mariia Kovalenko.",
    );
  });

  it("adds the notary's annex page for the notarized type, and leaves out a lease's unknown facts", async () => {
    const text = await pdfTextOf(
      await declarationPdf({ ...order, declaration_type: "notarized", landlord_name: null, start_date: null }, flat, check),
    );
    expect(text).toContain("Załącznik: poświadczenie podpisu przez notariusza");
    expect(text).toContain("Repertorium A nr");
    expect(text).toContain("Strona 2 z 2");
    expect(text).not.toContain("Wynajmujący:");
    expect(text).not.toContain("Początek najmu");
  });

  it("carries its verification code, at the top and beside a QR code whose link is printed with it", async () => {
    const text = await pdfTextOf(await declarationPdf(order, flat, check));
    expect(text).toContain("Zamówienie AE-2026-000042 Kod weryfikacyjny: 7KQ4-M2XD-9TRW");
    expect(text).toContain("Weryfikacja oświadczenia Kod weryfikacyjny: 7KQ4-M2XD-9TRW");
    expect(text).toContain("https://adres.example/weryfikacja/7KQ4-M2XD-9TRW");
  });
});
