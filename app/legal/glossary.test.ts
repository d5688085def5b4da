import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR, localeTexts, type LocaleText as Text } from "../../tests/support/locale-texts";

/**
 * One name per concept per language (docs/decisions/030): locales/glossary.json lists, per language,
 * the chosen term and the variants that must not appear in any locale file; locales/GLOSSARY.md is
 * its readable form. The back office's Polish words (app/admin/texts.ts and the features' admin-texts.ts) are held to the Polish list.
 */
type GlossaryEntry = { concept: string; use: string; avoid: string[]; matchCase?: boolean; allowIn?: string[] };
type Glossary = Record<string, GlossaryEntry[]>;

const glossary = JSON.parse(readFileSync(join(LOCALES_DIR, "glossary.json"), "utf8")) as Glossary & { $comment?: string };
const LANGUAGES = ["pl", "en", "uk", "ru"] as const;

/** "{{notarizedDays}}" is a placeholder's name, not copy: only a variant that is itself a placeholder looks at them. */
const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/g;

/** Every forbidden variant found, as "where: 'variant' (use 'term')". */
function violations(entries: GlossaryEntry[], texts: Text[]): string[] {
  const found: string[] = [];
  for (const entry of entries) {
    for (const variant of entry.avoid) {
      const needle = entry.matchCase ? variant : variant.toLowerCase();
      for (const { where, text } of texts) {
        if (entry.allowIn?.some((prefix) => where.startsWith(prefix))) continue;
        const copy = variant.includes("{{") ? text : text.replace(PLACEHOLDER, "");
        if ((entry.matchCase ? copy : copy.toLowerCase()).includes(needle)) found.push(`${where}: '${variant}' (use '${entry.use}')`);
      }
    }
  }
  return found;
}

/** The back office's Polish words: its own pages' and each feature's screens'. */
const BACK_OFFICE_TEXTS = [
  "app/admin/texts.ts",
  "app/components/admin/texts.ts",
  "app/order/admin-texts.ts",
  "app/order/lifecycle/admin-texts.ts",
  "app/payments/admin-texts.ts",
  "app/shipping/admin-texts.ts",
  "app/withdrawal/admin-texts.ts",
  "app/reviews/admin-texts.ts",
  "app/invoices/admin-texts.ts",
];

describe("the glossary", () => {
  for (const language of LANGUAGES) {
    it(`${language}: no forbidden variant in locales/${language}/*.json`, () => {
      const backOffice =
        language === "pl" ? BACK_OFFICE_TEXTS.map((where) => ({ where, text: readFileSync(join(process.cwd(), where), "utf8") })) : [];
      expect(violations(glossary[language] ?? [], [...localeTexts(language), ...backOffice])).toEqual([]);
    });
  }

  it("flags a planted variant, respects matchCase and allowIn, and ignores placeholder names", () => {
    const entries: GlossaryEntry[] = [
      { concept: "parties", use: "Klient", avoid: ["Zamawiając"] },
      { concept: "withdrawal", use: "oświadczenie o odstąpieniu", avoid: ["Oświadczenie o odstąpieniu"], matchCase: true },
      { concept: "agreement", use: "agreement", avoid: ["contract"], allowIn: ["terms:withdrawalForm"] },
      { concept: "spelling", use: "notarised", avoid: ["notariz"] },
    ];
    const texts: Text[] = [
      { where: "order:contract.parties.customer", text: "zamawiający: {{name}}" },
      { where: "terms:sections.5.items.1", text: "Konsument może złożyć oświadczenie o odstąpieniu" },
      { where: "terms:withdrawalForm.statement", text: "I withdraw from the contract" },
      { where: "order:preview.lead", text: "Read the contract" },
      { where: "common:footer.tagline", text: "within {{notarizedDays}} business days" },
    ];
    expect(violations(entries, texts)).toEqual([
      "order:contract.parties.customer: 'Zamawiając' (use 'Klient')",
      "order:preview.lead: 'contract' (use 'agreement')",
    ]);
  });

  it("fails on every forbidden variant of the real glossary planted in a real string, in every language", () => {
    for (const language of LANGUAGES) {
      const texts = localeTexts(language);
      for (const entry of glossary[language] ?? []) {
        // A string the entry does not exempt, with the variant written into it as a translator might.
        const target = texts.find(({ where }) => !entry.allowIn?.some((prefix) => where.startsWith(prefix)))!;
        for (const variant of entry.avoid) {
          const planted = texts.map((text) => (text === target ? { ...text, text: `${text.text} ${variant}` } : text));
          // Variants may overlap ("24 godzin" inside "24 godziny"): the planted one must be among those reported.
          expect(violations([entry], planted), `${language}: ${entry.concept} / ${variant}`).toContain(
            `${target.where}: '${variant}' (use '${entry.use}')`,
          );
        }
      }
    }
  });

  it("knows the terms the legal review settled on", () => {
    const uses = (language: string) => (glossary[language] ?? []).map((entry) => entry.use);
    expect(uses("en")).toEqual(
      expect.arrayContaining(["substitute-address declaration / substitute address", "flat", "Compliant with Polish law"]),
    );
    expect(uses("uk")).toEqual(
      expect.arrayContaining(["адреса на випадок виселення", "вимога (заявити вимогу)", "орендар", "орендодавець", "оказіональний найм"]),
    );
    expect(uses("ru")).toEqual(
      expect.arrayContaining([
        "адрес на случай выселения",
        "требование (потребовать)",
        "арендатор",
        "арендодатель",
        "окказиональная аренда",
      ]),
    );
    for (const language of LANGUAGES)
      expect(
        (glossary[language] ?? []).some((entry) => entry.concept === "who signs the declaration"),
        language,
      ).toBe(true);
  });

  it("every language has entries, and GLOSSARY.md shows every term and forbidden variant of glossary.json", () => {
    const readable = readFileSync(join(LOCALES_DIR, "GLOSSARY.md"), "utf8");
    for (const language of LANGUAGES) {
      expect(glossary[language]?.length, language).toBeGreaterThan(0);
      for (const entry of glossary[language] ?? []) {
        expect(readable, `${language}: ${entry.use}`).toContain(entry.use);
        for (const variant of entry.avoid) expect(readable, `${language}: ${variant}`).toContain(variant);
      }
    }
  });
});
