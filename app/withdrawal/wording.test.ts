import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALES, type Locale } from "~/i18n/locales";

/**
 * What the customer reads about the right of withdrawal, in every language: the words the law makes
 * binding, held here so that a later edit of one language cannot drop them.
 */

/** The period runs from the day the contract was concluded (art. 27), named in each language. */
const FROM_CONCLUSION: Record<Locale, string> = {
  pl: "14 dni od dnia jej zawarcia",
  en: "14 days from the day it was concluded",
  uk: "14 днів з дня його укладення",
  ru: "14 дней со дня его заключения",
};
/** Art. 38 ust. 1 pkt 1, cited as each language cites it (locales/GLOSSARY.md). */
const ART_38_1_1: Record<Locale, string> = {
  pl: "art. 38 ust. 1 pkt 1",
  en: "art. 38(1)(1)",
  uk: "п. 1 ч. 1 ст. 38",
  ru: "п. 1 ч. 1 ст. 38",
};

describe.each(LOCALES.map((locale) => [locale]))("the withdrawal page's lead in %s", (locale) => {
  const t = fixedT(locale, "withdrawal");

  it("says the 14 days run from the day the contract was concluded", () => {
    expect(t("lead")).toContain(FROM_CONCLUSION[locale]);
  });

  it("gives a sole trader the same right (art. 38a) and says an early start ends it on delivery (art. 38 ust. 1 pkt 1)", () => {
    expect(t("rights.soleTrader")).toContain("38a");
    expect(t("rights.earlyStart")).toContain(ART_38_1_1[locale]);
  });
});

/**
 * Art. 32 as the terms (§ 6 ust. 4) state it: at once and within 14 days of the statement's receipt,
 * by the same means of payment unless the consumer expressly agrees to another that costs nothing.
 */
const ART_32: Record<Locale, string[]> = {
  pl: [
    "niezwłocznie, nie później niż w terminie 14 dni",
    "takiego samego sposobu płatności",
    "wyraźnie zgodził się",
    "żadnymi kosztami",
    "(art. 32 ",
  ],
  en: ["without undue delay, and no later than 14 days", "same means of payment", "expressly agreed", "costs them nothing", "(art. 32 "],
  uk: ["невідкладно, не пізніше ніж через 14 днів", "тим самим способом оплати", "прямо не погодився", "жодних витрат", "(ст. 32 "],
  ru: ["незамедлительно, не позднее 14 дней", "тем же способом оплаты", "прямо не согласился", "никаких расходов", "(ст. 32 "],
};
/** Art. 35: what an early start costs is proportionate to the part performed, computed on the agreed price. */
const ART_35: Record<Locale, string[]> = {
  pl: ["(art. 35 ", "proporcjonalnie do zakresu spełnionego świadczenia", "ceny uzgodnionej w Umowie", "wraz z jej uzasadnieniem"],
  en: ["(art. 35 ", "proportionate to the extent of the service performed", "price agreed in the Agreement", "the reason for it"],
  uk: ["(ст. 35 ", "пропорційно до обсягу наданої послуги", "ціни, погодженої в Договорі", "з її обґрунтуванням"],
  ru: ["(ст. 35 ", "пропорционально объёму оказанной услуги", "цены, согласованной в Договоре", "с её обоснованием"],
};

describe.each(LOCALES.map((locale) => [locale]))("the refund after a withdrawal in %s", (locale) => {
  const how = fixedT(locale, "common")("withdrawalRefund.how");
  const refundClause = fixedT(locale, "terms")("sections.5.items.3");

  it("the terms state art. 32 in full, and how the amount kept after an early start is computed (art. 35)", () => {
    for (const words of [...ART_32[locale], ...ART_35[locale]]) expect(refundClause).toContain(words);
  });

  it("the order page, the acknowledgement e-mail and the withdrawal page's answer promise it in one wording", () => {
    const promises = [
      fixedT(locale, "payment")("next.withdrawnRefund", { date: "D" }),
      fixedT(locale, "payment")("next.withdrawnRefundEarlyStart", { date: "D" }),
      fixedT(locale, "mail")("withdrawal.nextPaid", { refundBy: "D" }),
      fixedT(locale, "withdrawal")("done.refund"),
    ];
    // The terms' first words of art. 32 ("niezwłocznie", "without undue delay", …) open every promise too.
    const atOnce = ART_32[locale][0]!.split(",")[0]!;
    for (const promise of promises) {
      expect(promise).toContain(how);
      expect(promise).toContain(atOnce);
      expect(promise).not.toMatch(/\$t\(|\{\{/);
    }
  });
});
