import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALES, type Locale } from "~/i18n/locales";
import { legalText } from "~/legal/legal-document";
import { legalValuesOf } from "~/legal/legal-values";
import { composeMessage } from "~/mail/compose.server";
import { contractDocument } from "~/order/contract";
import { placeSampleOrder, SAMPLE_API_ORDER } from "../../tests/support/sample-order";
import { queuedMessage } from "../../tests/support/queued-message";
import { PLACEHOLDER_COMPANY, type Company } from "~/config/company";
import { formatPrice } from "~/i18n/money";
import { pricesSentence, vatWording } from "./vat-wording";

/**
 * An exempt seller (COMPANY_VAT=zw) says everywhere that its prices are final and why, and nowhere
 * that they include VAT: the terms, the agreement, the order form's summary, the order page, the
 * confirmation e-mail and the pages' copy. A VAT payer's words stay as they were.
 */
const EXEMPT: Company = { ...PLACEHOLDER_COMPANY, vat: { exempt: true, basis: null } };
const OWN_BASIS: Company = { ...PLACEHOLDER_COMPANY, vat: { exempt: true, basis: "art. 43 ust. 1 pkt 37 ustawy o VAT" } };

const EXEMPTION: Record<Locale, string> = {
  pl: "Usługodawca korzysta ze zwolnienia z VAT",
  en: "the Provider is exempt from VAT",
  uk: "Виконавець користується звільненням від ПДВ",
  ru: "Исполнитель применяет освобождение от НДС",
};
const DEFAULT_BASIS: Record<Locale, string> = {
  pl: "art. 113 ust. 1 ustawy o VAT",
  en: "Article 113(1) of the Polish VAT Act",
  uk: "ч. 1 ст. 113 польського Закону про податок на товари та послуги",
  ru: "ч. 1 ст. 113 польского Закона о налоге на товары и услуги",
};
/** "VAT included", "gross" and their kin in each language: what an exempt seller may never say. */
const INCLUDES_VAT: Record<Locale, RegExp> = {
  pl: /zawiera(ją)? (podatek )?VAT|\(z VAT\)|brutto/i,
  en: /include[sd]? VAT|VAT included|VAT is included|gross/i,
  uk: /з ПДВ|ПДВ уже|брутто/i,
  ru: /с НДС|НДС уже|брутто/i,
};

let db: AppDatabase;
beforeAll(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "vat-wording-")), "app.db") });
});
afterAll(() => db.destroy());

/** Every text that words the price, as the site builds it for `company` in `locale`. */
async function pricedTexts(company: Company, locale: Locale): Promise<Record<string, string>> {
  const t = fixedT(locale, "common");
  const vat = vatWording(company.vat, t);
  const terms = legalText(fixedT(locale, "terms"), "terms", legalValuesOf(company, locale));
  const contract = contractDocument({
    details: SAMPLE_API_ORDER,
    company,
    locale,
    date: new Date("2026-11-23T09:00:00Z"),
    paymentDeadlineDays: 7,
    t: fixedT(locale, "order"),
  });
  const { order } = await placeSampleOrder(db, new Date("2026-11-23T09:00:00Z"), { locale, idempotencyKey: `${locale}-${Math.random()}` });
  const mail = await composeMessage(await queuedMessage(db, order.id, "order_confirmation"), order, {
    company,
    siteUrl: "https://adres.example",
    operatorEmail: "operator@adres.example",
    paymentDeadlineDays: 7,
    confirmationAttachments: async () => [],
    now: new Date("2026-11-23T09:00:00Z"),
  });
  const prices = pricesSentence(company.vat, t);
  return {
    terms: terms.sections[3]!.items[0]!,
    agreement: contract.sections[2]!.paragraphs[0]!,
    orderFormSummary: t("order:preview.summary", { type: "X", price: "299 zł", ...vat }),
    // As the order page prints it: the amount, then the words in brackets.
    orderPage: `299 zł (${t("payment:summary.vatIncluded", vat)})`,
    pricingCard: t("products.vatIncluded", vat),
    pricingLead: t("home:pricing.lead", { prices }),
    whyUs: (t("home:whyUs.items", { returnObjects: true, prices }) as Array<{ text: string }>)[3]!.text,
    tenantFaq: (
      t("tenant:faq.items", { returnObjects: true, prices, regularPrice: "299 zł", notarizedPrice: "399 zł" }) as Array<{ answer: string }>
    )
      .map((item) => item.answer)
      .find((answer) => answer.includes("399 zł"))!,
    // The summary's amount row: its label, then the amount.
    confirmationText: mail.text.split("\n").find((line) => line.startsWith(fixedT(locale, "mail")("summary.amount", vat)))!,
  };
}

describe.each(LOCALES.map((locale) => [locale]))("the price's words in %s", (locale) => {
  it('for an exempt seller: final prices and the exemption\'s basis (art. 113 ust. 1 by default), never "VAT included"', async () => {
    const texts = await pricedTexts(EXEMPT, locale);
    for (const [place, text] of Object.entries(texts)) {
      expect(text, place).not.toMatch(INCLUDES_VAT[locale]);
      expect(text, place).not.toMatch(/\{\{|\$t\(/);
    }
    for (const place of ["terms", "agreement", "orderFormSummary", "orderPage", "pricingLead", "whyUs", "tenantFaq", "confirmationText"]) {
      expect(texts[place], place).toContain(EXEMPTION[locale]);
      expect(texts[place], place).toContain(DEFAULT_BASIS[locale]);
    }
  });

  it("for an exempt seller with COMPANY_VAT_EXEMPTION_BASIS: that basis, as set", async () => {
    const texts = await pricedTexts(OWN_BASIS, locale);
    for (const place of ["terms", "agreement", "orderPage", "confirmationText"])
      expect(texts[place], place).toContain("art. 43 ust. 1 pkt 37 ustawy o VAT");
  });

  it("for a VAT payer: prices include VAT, and the terms and the agreement read as before", async () => {
    const texts = await pricedTexts(PLACEHOLDER_COMPANY, locale);
    for (const place of ["terms", "agreement", "orderFormSummary", "orderPage", "pricingLead", "whyUs", "tenantFaq"])
      expect(texts[place], place).toMatch(INCLUDES_VAT[locale]);
    if (locale === "pl") {
      const [regular, notarized] = [formatPrice(29_900, "pl"), formatPrice(39_900, "pl")];
      expect(texts.terms).toBe(
        `Ceny podane w serwisie są cenami brutto w złotych polskich i zawierają podatek VAT: Oświadczenie zwykłe – ${regular}, Oświadczenie z podpisem poświadczonym notarialnie – ${notarized}.`,
      );
      expect(texts.agreement).toBe(`Rodzaj oświadczenia: oświadczenie zwykłe. Cena: ${regular} brutto (z VAT).`);
      expect(texts.pricingLead).toBe("Wybierz rodzaj oświadczenia, jakiego oczekuje Twój wynajmujący. Ceny zawierają VAT.");
    }
  });
});
