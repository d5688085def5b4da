import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pdfPageLinesOf, pdfTextOf as textOf } from "../../tests/support/pdf-text";
import { SAMPLE_API_ORDER } from "../../tests/support/sample-order";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { fixedT, getFixedT } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/locales";
import { legalText } from "~/legal/legal-document";
import { legalValuesOf } from "~/legal/legal-values";
import { CONTRACT_VERSION } from "~/order/contract";
import { acceptOrder } from "~/order/order.server";
import type { OrderDetails } from "~/order/schema";
import { agreementPdf, confirmationAttachments, sectionsOfStoredText, termsPdf } from "./order-documents.server";

const details: OrderDetails = {
  ...SAMPLE_API_ORDER,
  declarationType: "notarized",
  tenantName: "Олена Коваленко-Żółć",
  landlordName: "Anna Nowak",
  startDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  email: "olena@example.com",
  phone: "+48 600 100 200",
  rentalPeriodDays: null,
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
    expect(text).toContain("Договір про підготовку й доставку заяви власника житла (адреса на випадок виселення)");
    expect(text).toContain("Польська версія договору, що має юридичну силу");
    expect(text).toContain("Umowa o przygotowanie i dostarczenie oświadczenia właściciela lokalu");
    expect(text).toContain(`Najemca: Олена Коваленко-Żółć`);
    expect(text).toContain(CONTRACT_VERSION);
    expect(text).toContain(order.number);
    // Art. 38 ust. 1 pkt 1: the durable record holds both the early-start request and the acknowledgement of losing the right, with the time.
    const t = fixedT("uk", "mail");
    const time = new Intl.DateTimeFormat("uk-UA", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Warsaw" }).format(
      new Date(order.immediate_performance_consent_at!),
    );
    expect(text.replace(/\s+/g, " ")).toContain(t("pdf.immediateGiven", { time }));
    expect(text.replace(/\s+/g, " ")).toContain(t("pdf.immediateAcknowledged", { time }));
    const total = Number(/Сторінка 1 \/ (\d+)/.exec(text)?.[1]);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Сторінка ${total} / ${total}`);
  });

  it("an order accepted under an earlier version keeps that text and version, whatever the agreement says today", async () => {
    const { order } = await acceptOrder(db, {
      details: { ...details, tenantName: "Jan Kowalski" },
      variant: "standard",
      channel: "form",
      locale: "pl",
      idempotencyKey: "earlier-version",
      dataProcessingConsentAt: new Date(),
      now: new Date(),
    });
    const earlier =
      "Umowa o dostarczenie oświadczenia o adresie do eksmisji (oświadczenie zwykłe)\n\nSzczecin, 24 listopada 2026\n\n§1. Strony\nKlient: Jan Kowalski";
    await db.updateTable("orders").set({ contract_text: earlier, contract_version: "2026-11-24.3" }).where("id", "=", order.id).execute();
    const stored = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    const text = await textOf(await agreementPdf(stored, PLACEHOLDER_COMPANY, await getFixedT("pl", "mail")));
    expect(text).toContain("Umowa o dostarczenie oświadczenia o adresie do eksmisji (oświadczenie zwykłe)");
    expect(text).toContain("2026-11-24.3");
    expect(text).not.toContain(CONTRACT_VERSION);
    expect(text).not.toContain("Umowa o przygotowanie i dostarczenie");
  });

  it("an order placed before the flat is found says the address comes later, then carries it once given (docs/decisions/091)", async () => {
    const { order } = await acceptOrder(db, {
      details: { ...details, tenantName: "Jan Kowalski", propertyAddress: "", addressLater: true },
      variant: "standard",
      channel: "form",
      locale: "pl",
      idempotencyKey: "address-later",
      dataProcessingConsentAt: new Date(),
      now: new Date(),
    });
    const t = await getFixedT("pl", "mail");
    const waiting = (await textOf(await agreementPdf(order, PLACEHOLDER_COMPANY, t))).replace(/\s+/g, " ");
    expect(waiting).toContain("Klient poda go później na stronie zamówienia");
    expect(waiting).toContain("Adres lokalu wynajmowanego przez Najemcę: Klient poda go na stronie zamówienia.");
    const given = {
      ...order,
      address_pending: 0,
      address_given_at: "2026-12-07T10:00:00.000Z",
      property_address: "ul. Nowa 12, 70-250 Szczecin",
    };
    const text = (await textOf(await agreementPdf(given, PLACEHOLDER_COMPANY, t))).replace(/\s+/g, " ");
    expect(text).toContain("podany przez Klienta na stronie zamówienia 7 grudnia 2026");
    expect(text).toContain("ul. Nowa 12, 70-250 Szczecin");
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
            coResidents: coResidents.slice(0, count).map((name) => ({ name, original: null })),
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
    // The terms send the reader to the form as a separate attachment: the same e-mail carries it.
    expect((terms ?? "").replace(/\s+/g, "")).toContain("osobnyzałącznik(plikPDF)doe-mailapotwierdzającegoZamówienie");
    expect(withdrawal).toContain(PLACEHOLDER_COMPANY.legalName);
  });
});

describe("the terms PDF", () => {
  /** Lines wrap anywhere in a PDF, even after a hyphen: compared without whitespace. */
  const squeezed = (text: string) => text.replace(/\s+/g, "");
  /** The parts that are missing, or out of order, in the text. */
  function notInOrder(text: string, parts: string[]): string[] {
    let from = 0;
    return parts.filter((part) => {
      const at = squeezed(text).indexOf(squeezed(part), from);
      if (at < 0) return true;
      from = at + squeezed(part).length;
      return false;
    });
  }
  const termsOf = (locale: Locale) => legalText(fixedT(locale, "terms"), "terms", legalValuesOf(PLACEHOLDER_COMPANY, locale));
  /** § 6(2): how to withdraw, and where the model form is. */
  const withdrawalClause = (locale: Locale) => `2. ${termsOf(locale).sections[5]?.items[1]}`;

  it.each(["en", "uk", "ru"] as const)(
    "in %s is a translation that says it only informs, followed by the binding Polish text",
    async (locale) => {
      const t = fixedT(locale, "mail");
      // A clause may run over a page break: the page's footer and the extractor's page marker are not part of it.
      const pageFooter = new RegExp(
        t("pdf.page", { page: "#", total: "#" })
          .replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
          .replace(/#/g, "\\d+"),
        "g",
      );
      const text = (await textOf(await termsPdf(locale, PLACEHOLDER_COMPANY, t))).replace(pageFooter, "").replace(/-- \d+ of \d+ --/g, "");
      const translated = termsOf(locale);
      const polish = termsOf("pl");
      expect(
        notInOrder(text, [
          translated.title,
          t("pdf.termsTranslationNote"),
          translated.sections[0]?.label ?? "",
          withdrawalClause(locale),
          t("pdf.termsBinding"),
          polish.title,
          polish.sections[0]?.label ?? "",
          withdrawalClause("pl"),
          polish.sections[8]?.label ?? "",
        ]),
      ).toEqual([]);
    },
  );

  it("refers to the model withdrawal form as the separate attachment it is, in English and in the binding Polish text", async () => {
    const text = await textOf(await termsPdf("en", PLACEHOLDER_COMPANY, fixedT("en", "mail")));
    expect(squeezed(text)).toContain(
      squeezed("the Provider also sends it as a separate attachment (PDF file) to the e-mail confirming the Order"),
    );
    expect(squeezed(text)).toContain(squeezed("przesyła go także jako osobny załącznik (plik PDF) do e-maila potwierdzającego Zamówienie"));
    expect(text).not.toMatch(/at the end of these Terms|na końcu Regulaminu/);
  });

  it("in Polish is the Polish text alone", async () => {
    const t = fixedT("pl", "mail");
    const text = await textOf(await termsPdf("pl", PLACEHOLDER_COMPANY, t));
    expect(notInOrder(text, [termsOf("pl").title, termsOf("pl").sections[0]?.label ?? "", withdrawalClause("pl")])).toEqual([]);
    expect(squeezed(text)).toContain(squeezed("osobny załącznik (plik PDF) do e-maila potwierdzającego Zamówienie"));
    expect(text.split(termsOf("pl").sections[0]?.label ?? "")).toHaveLength(2);
    expect(text).not.toContain(t("pdf.termsBinding"));
    expect(text).not.toContain(t("pdf.termsTranslationNote"));
    expect(text).not.toContain(termsOf("en").sections[0]?.label ?? "");
  });
});
