import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_PUBLISHED, REQUEST_AFTER_DISPATCH_DAYS } from "~/reviews/reviews.server";
import { leaves, LOCALES_DIR, localeTexts, type LocaleText } from "../../tests/support/locale-texts";
import { fixedT } from "./i18n.server";
import { LOCALES } from "./locales";

/**
 * Wording rules of the locale files that a glossary substring cannot state (locales/GLOSSARY.md,
 * "Fixed points"): each is a pattern, or a fact of the code the copy must say.
 */
const offending = (texts: LocaleText[], rule: RegExp) => texts.filter(({ text }) => rule.test(text)).map(({ where }) => where);

/**
 * The company's name cannot be declined, so it never follows a bare preposition ("z Testowa sp. z o.o."):
 * "z firmą {{legalName}}", "з компанією {{legalName}}", "с компанией {{legalName}}".
 */
const NAME_AFTER_PREPOSITION =
  /(^|[\s(„«"])(z|ze|od|do|dla|przez|u|przy|o|w|na|з|із|зі|від|для|при|у|в|на|с|со|от|к|о|об)\s+\{\{legalName\}\}/iu;

/** uk and ru cite from the smallest unit up, "п. 1 ч. 1 ст. 38" (pl "art. 38 ust. 1 pkt 1"), never "ст. 38 ч. 1 п. 1" or "ст. 6(1)(b)". */
const ARTICLE_FIRST = /ст\.\s*\d+[a-zа-яі¹]*\s*(\(\d|ч\.|п\.|пп\.|абз\.|літ\.|лит\.)/u;

/** The review request's delay typed as a number of days, in any of the four languages. */
const typedDelay = (days: number) => new RegExp(`(?<![\\d,.])${days}\\s*(dni|dzie|day|днів|дні|дня|дней)`, "iu");

/** Namespaces whose every key the code names literally; a key nobody reads is a sentence nobody checks. */
const LITERAL_NAMESPACES = ["shipping"] as const;

function appSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [readFileSync(path, "utf8")] : [];
  });
}

describe("copy rules", () => {
  for (const language of ["pl", "uk", "ru"] as const) {
    it(`${language}: the company's name never follows a bare preposition`, () => {
      expect(offending(localeTexts(language), NAME_AFTER_PREPOSITION)).toEqual([]);
    });
  }

  for (const language of ["uk", "ru"] as const) {
    it(`${language}: provisions are cited from the smallest unit up`, () => {
      expect(offending(localeTexts(language), ARTICLE_FIRST)).toEqual([]);
    });
  }

  it("the rules catch what they are for", () => {
    const planted = (text: string) => [{ where: "planted", text }];
    for (const text of ["zawartej z {{legalName}} za pośrednictwem", "укладеного з {{legalName}}", "заключённого с {{legalName}}"])
      expect(offending(planted(text), NAME_AFTER_PREPOSITION), text).toEqual(["planted"]);
    for (const text of ["zawartej z firmą {{legalName}}", "з компанією {{legalName}}", "Адрес {{legalName}}", "oraz {{legalName}}"])
      expect(offending(planted(text), NAME_AFTER_PREPOSITION), text).toEqual([]);
    for (const text of ["(ст. 38 ч. 1 п. 1 закону)", "(ст. 6(1)(b) GDPR)", "ст. 19a ч. 2 п. 3"])
      expect(offending(planted(text), ARTICLE_FIRST), text).toEqual(["planted"]);
    for (const text of ["(п. 1 ч. 1 ст. 38 закону)", "(літ. b ч. 1 ст. 6 GDPR)", "§ 1 ст. 70 Податкового кодексу", "ст. 118 Кодексу"])
      expect(offending(planted(text), ARTICLE_FIRST), text).toEqual([]);
  });

  describe("the review request's timing is said once, as the code does it", () => {
    const KEY = "common:reviewRequest.when";

    it(`${KEY} names the code's ${REQUEST_AFTER_DISPATCH_DAYS} days in every language, and no other string types them`, () => {
      for (const language of LOCALES) {
        const texts = localeTexts(language);
        expect(texts.find(({ where }) => where === KEY)?.text, language).toMatch(typedDelay(REQUEST_AFTER_DISPATCH_DAYS));
        expect(
          offending(
            texts.filter(({ where }) => where !== KEY),
            typedDelay(REQUEST_AFTER_DISPATCH_DAYS),
          ),
          language,
        ).toEqual([]);
      }
    });

    it("the home page, the review form and the privacy policy quote it, and it reads as a sentence there", () => {
      for (const language of LOCALES) {
        const t = fixedT(language);
        const when = t(KEY);
        for (const key of ["home:testimonials.reviews.verification", "review:notYet"]) {
          expect(t(key), `${language} ${key}`).toContain(when);
          expect(t(key)).not.toContain("$t(");
        }
        const privacy = JSON.stringify(t("privacy:sections", { returnObjects: true, email: "x", phone: "y" }));
        expect(privacy, language).toContain(when);
      }
    });
  });

  it(`the home page says it shows the newest approved reviews, at most the code's ${MAX_PUBLISHED}`, () => {
    for (const language of LOCALES)
      expect(fixedT(language)("home:testimonials.reviews.verification"), language).toMatch(new RegExp(`\\b${MAX_PUBLISHED}\\b`));
  });

  for (const namespace of LITERAL_NAMESPACES) {
    it(`every key of ${namespace}.json is read by the code`, () => {
      const code = appSources(join(process.cwd(), "app")).join("\n");
      const keys = leaves(JSON.parse(readFileSync(join(LOCALES_DIR, "pl", `${namespace}.json`), "utf8")), `${namespace}:`).map(
        ({ where }) => where,
      );
      expect(keys.filter((key) => !code.includes(`"${key}"`) && !code.includes(`"${key.split(":")[1]}"`))).toEqual([]);
    });
  }
});
