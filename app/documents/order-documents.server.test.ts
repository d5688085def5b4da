import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pdfPageLinesOf, pdfTextOf as textOf } from "../../tests/support/pdf-text";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { getFixedT } from "~/i18n/i18n.server";
import { CONTRACT_VERSION } from "~/order/contract";
import { acceptOrder } from "~/order/order.server";
import type { OrderDetails } from "~/order/schema";
import { agreementPdf, confirmationAttachments, sectionsOfStoredText } from "./order-documents.server";

const details: OrderDetails = {
  declarationType: "notarized",
  tenantName: "Олена Коваленко-Żółć",
  tenantNameOriginal: null,
  coResidents: [],
  landlordName: "Anna Nowak",
  startDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  email: "olena@example.com",
  phone: "+48 600 100 200",
  propertyAddress: "ul. Długa 5/3, 70-001 Szczecin",
  mailingAddress: "ul. Krótka 1, 00-001 Warszawa",
  propertyParts: null,
  mailingParts: null,
  additionalInfo: null,
  rentalPeriodDays: null,
  immediatePerformanceRequested: true,
};

let db: AppDatabase;
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "documents-")), "app.db") });
});
afterEach(() => db.destroy());

describe("the order's PDFs", () => {
  it("the agreement is the stored text, Cyrillic and Polish alike, with consents, version, the binding Polish text and page numbers", async () => {
    const { order } = await acceptOrder(db, {
      details,
      variant: "standard",
      channel: "form",
      locale: "uk",
      idempotencyKey: "pdf",
      dataProcessingConsentAt: new Date(),
      now: new Date(),
    });
    const pdf = await agreementPdf(order, PLACEHOLDER_COMPANY, await getFixedT("uk", "mail"));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOf(pdf);
    expect(text).toContain("Олена Коваленко-Żółć");
    expect(text).toContain("Договір про надання заяви власника житла про адресу для виселення");
    expect(text).toContain("Польська версія договору, що має юридичну силу");
    expect(text).toContain("Umowa o dostarczenie oświadczenia o adresie do eksmisji");
    expect(text).toContain(`Najemca: Олена Коваленко-Żółć`);
    expect(text).toContain(CONTRACT_VERSION);
    expect(text).toContain(order.number);
    const total = Number(/Сторінка 1 \/ (\d+)/.exec(text)?.[1]);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Сторінка ${total} / ${total}`);
  });

  it("the Polish agreement with long names and addresses ends no page with a heading", async () => {
    const t = await getFixedT("pl", "mail");
    const coResidents = [
      "Aleksandra Wiśniewska-Kowalczyk",
      "Bartłomiej Brzęczyszczykiewicz",
      "Katarzyna Nowakowska-Zielińska",
      "Przemysław Szczepański",
      "Zofia Wróblewska",
    ];
    const stranded: string[] = [];
    // Each co-resident moves the text below by part of a line, the landlord's line by a whole one:
    // across the sweep the later headings pass a page's foot.
    for (const landlordName of ["Krzysztof Andrzej Wiśniewski-Kowalczyk", null])
      for (let count = 0; count <= coResidents.length; count++) {
        const { order } = await acceptOrder(db, {
          details: {
            ...details,
            tenantName: "Jan Kowalski",
            coResidents: coResidents.slice(0, count),
            landlordName,
            propertyAddress:
              "ul. Księcia Bogusława X 15/3 (wejście od podwórza, klatka B, domofon 35), 70-001 Szczecin, zachodniopomorskie",
            mailingAddress: "ul. Generała Władysława Andersa 123 lok. 45 (proszę dzwonić domofonem 45), 00-001 Warszawa, mazowieckie",
          },
          variant: "standard",
          channel: "form",
          locale: "pl",
          idempotencyKey: `long-${count}-${landlordName ?? "none"}`,
          dataProcessingConsentAt: new Date(),
          now: new Date(),
        });
        const pages = await pdfPageLinesOf(await agreementPdf(order, PLACEHOLDER_COMPANY, t));
        for (const [index, lines] of pages.entries()) {
          const last = lines.filter((line) => !line.startsWith("Strona ")).at(-1) ?? "";
          if (/^§\d+\. /.test(last) || last === t("pdf.consents"))
            stranded.push(`${count} co-residents, ${landlordName ? "a" : "no"} landlord, page ${index + 1}: ${last}`);
        }
      }
    expect(stranded).toEqual([]);
  });

  it("reads the stored text back into its sections without rewording it", () => {
    const parsed = sectionsOfStoredText(
      "Title\n\nSzczecin, 1 grudnia 2026\n\n§1. Strony\nZamawiający: Jan\nE-mail: j@example.com\n\n§2. Przedmiot\nTekst",
    );
    expect(parsed).toEqual({
      title: "Title",
      sections: [
        { paragraphs: ["Szczecin, 1 grudnia 2026"] },
        { heading: "§1. Strony", paragraphs: ["Zamawiający: Jan", "E-mail: j@example.com"] },
        { heading: "§2. Przedmiot", paragraphs: ["Tekst"] },
      ],
    });
  });

  it("the confirmation carries the agreement, the terms and the withdrawal form, named in the order's language", async () => {
    const { order } = await acceptOrder(db, {
      details: { ...details, immediatePerformanceRequested: false },
      variant: "standard",
      channel: "form",
      locale: "pl",
      idempotencyKey: "att",
      dataProcessingConsentAt: new Date(),
      now: new Date(),
    });
    const attachments = await confirmationAttachments(order, PLACEHOLDER_COMPANY, await getFixedT("pl", "mail"));
    expect(attachments.map((attachment) => attachment.filename)).toEqual([
      `umowa-${order.number}.pdf`,
      "regulamin.pdf",
      "formularz-odstapienia.pdf",
    ]);
    const [agreement, terms, withdrawal] = await Promise.all(attachments.map((attachment) => textOf(attachment.content)));
    expect(agreement).toContain("nie zgłoszono");
    expect(terms).toContain("Regulamin");
    expect(terms).toContain(PLACEHOLDER_COMPANY.krs);
    expect(withdrawal).toContain(PLACEHOLDER_COMPANY.legalName);
  });
});
