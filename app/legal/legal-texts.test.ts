import { describe, expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { formatPrice } from "~/i18n/money";
import { DISPATCH_BUSINESS_DAYS, SIGNING_BUSINESS_DAYS } from "~/config/delivery";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALES } from "~/i18n/locales";
import { CONTRACT_VERSION } from "~/order/contract";
import { legalText } from "./legal-document";
import { legalValuesOf } from "./legal-values";
import { effectiveDateOf, TERMS_EFFECTIVE_FROM, TERMS_VERSION } from "./terms-version";
import { modelWithdrawalFormAsText, modelWithdrawalFormDocument } from "./model-withdrawal-form";

const company = {
  ...PLACEHOLDER_COMPANY,
  legalName: "Testowa Spółka sp. z o.o.",
  krs: "0000123456",
  shareCapitalGrosze: 750_000,
  email: "biuro@test.example",
};

describe("terms version", () => {
  it("is the contract's version and takes effect on the day it names", () => {
    expect(TERMS_VERSION).toBe(CONTRACT_VERSION);
    expect(TERMS_EFFECTIVE_FROM.toISOString().slice(0, 10)).toBe(CONTRACT_VERSION.slice(0, 10));
    expect(effectiveDateOf("2027-01-04.2").toISOString().slice(0, 10)).toBe("2027-01-04");
  });

  it("refuses a version that does not start with a date", () => {
    expect(() => effectiveDateOf("v2")).toThrow(/YYYY-MM-DD/);
    expect(() => effectiveDateOf("2026-13-45")).toThrow();
  });
});

/** Art. 6(1)(b) GDPR as each language cites it: "6(1)(b)", "art. 6 ust. 1 lit. b", "літ. b ч. 1 ст. 6", "лит. b ч. 1 ст. 6". */
const CONTRACT_BASIS = /6(\(1\)\(b\)| ust\. 1 lit\. b)|(літ|лит)\. b ч\. 1 ст\. 6/;

describe.each(LOCALES.map((locale) => [locale]))("legal texts in %s", (locale) => {
  // The site's own i18next instance with the real locale files: what a reader sees.
  const t = fixedT(locale, "terms");
  const values = legalValuesOf(company, locale);

  it("the model withdrawal form names the company as addressee and has every line to fill in", () => {
    const form = modelWithdrawalFormDocument(t, values);
    expect(form.addressee).toContain(company.legalName);
    expect(form.addressee).toContain(company.email);
    expect(form.addressee).toContain(`${company.postalCode} ${company.city}`);
    expect(form.fields).toHaveLength(5);
    expect(form.footnote).toMatch(/^\(\*\)/);
    const text = modelWithdrawalFormAsText(form);
    for (const line of [form.title, form.addressee, form.statement, ...form.fields]) expect(text).toContain(line);
    expect(text).not.toMatch(/\{\{|terms:/);
  });

  it("the terms quote the register data and the delivery days from configuration", () => {
    const terms = legalText(t, "terms", values);
    const all = JSON.stringify(terms);
    expect(terms.sections[0]?.label).toMatch(/^§ 1\. /);
    expect(all).toContain(company.krs);
    expect(all).toContain(formatPrice(company.shareCapitalGrosze, locale));
    expect(all).not.toMatch(/\{\{/);
    const performance = terms.sections[4]?.items.join(" ") ?? "";
    for (const days of [SIGNING_BUSINESS_DAYS.regular, SIGNING_BUSINESS_DAYS.notarized, DISPATCH_BUSINESS_DAYS])
      expect(performance).toContain(` ${days} `);
  });

  it("the terms' § 5 names both ways of delivery, the locker's pick-up time and hours, and the rule for a parcel that comes back", () => {
    const performance = legalText(t, "terms", values).sections[4]?.items ?? [];
    const dispatch = performance[2] ?? "";
    expect(dispatch).toMatch(/InPost/);
    expect(dispatch).toMatch(/kurier|courier|кур’єр|курьер/i);
    expect(dispatch).toMatch(/48/);
    expect(dispatch).toMatch(/całą dobę|round the clock|цілодобово|круглосуточно/);
    // ust. 6, after ust. 5 which the agreement and the e-mails cite: who contacts whom, when, and the second dispatch's price.
    expect(performance).toHaveLength(8);
    expect(performance[5]).toMatch(/e-mail|електронною поштою|электронной почте/);
    expect(performance[5]).toMatch(/bezpłatna|free of charge|безкоштовне|бесплатна/);
  });

  it("the terms' § 5 ust. 7 describes the replacement declaration: the 21 days, a new code, the old one no longer valid, and its price", () => {
    const replacement = legalText(t, "terms", values).sections[4]?.items[6] ?? "";
    expect(replacement).toMatch(/21/);
    expect(replacement).toMatch(/notariusz|notary|нотаріус|нотариус/);
    // PRICE_REPLACEMENT 0: free; otherwise the amount, in the page's words for money.
    expect(replacement).toMatch(/bezpłatne|free of charge|безкоштовна|бесплатно/);
    const paid = legalText(t, "terms", legalValuesOf({ ...company, replacementPriceGrosze: 4900 }, locale)).sections[4]?.items[6] ?? "";
    expect(paid).toContain(formatPrice(4900, locale));
    expect(paid).not.toMatch(/{{|}}/);
  });

  it("the terms' § 5 ends with the order placed before the flat is found: the periods from the address, withdrawal from the contract (docs/decisions/091)", () => {
    const addressLater = legalText(t, "terms", values).sections[4]?.items[7] ?? "";
    expect(addressLater).toMatch(/ust\. 2 i 3|clauses 2 and 3|п\. 2 і 3|п\. 2 и 3/);
    expect(addressLater).toMatch(/\b7\b.*\b30\b/);
  });

  it("the privacy policy gives contract performance as the basis for order data", () => {
    const privacy = JSON.stringify(legalText(t, "privacy", values));
    expect(privacy).toMatch(CONTRACT_BASIS);
    const consentSection = legalText(t, "privacy", values).sections.find((section) => section.id === "consent");
    expect(consentSection?.paragraphs[0]).toMatch(CONTRACT_BASIS);
  });
});
