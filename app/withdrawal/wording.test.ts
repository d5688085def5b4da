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
  uk: "14 днів від дня його укладення",
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
