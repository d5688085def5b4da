import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedT } from "./i18n.server";
import { LOCALES, type Locale } from "./locales";

/**
 * Every plural key of the locale files, rendered through the site's own i18next at 1, 2, 5 and 1.5:
 * the noun must take the form the number asks for in that language and grammatical case (Polish
 * "1 dzień / 2 dni / 5 dni / 1,5 dnia", after "w ciągu" "1 dnia / 2 dni / 5 dni / 1,5 dnia"), and a
 * fraction is written with the language's decimal separator. A new plural key must be added here.
 */
const COUNTS = [1, 2, 5, 1.5] as const;

const EXPECTED: Record<string, Record<Locale, readonly [string, string, string, string]>> = {
  "common:products.turnaround": {
    pl: ["1 dzień roboczy", "2 dni robocze", "5 dni roboczych", "1,5 dnia roboczego"],
    en: ["1 business day", "2 business days", "5 business days", "1.5 business days"],
    uk: ["1 робочий день", "2 робочі дні", "5 робочих днів", "1,5 робочого дня"],
    ru: ["1 рабочий день", "2 рабочих дня", "5 рабочих дней", "1,5 рабочего дня"],
  },
  "common:businessDays.within": {
    pl: ["1 dnia roboczego", "2 dni roboczych", "5 dni roboczych", "1,5 dnia roboczego"],
    en: ["1 business day", "2 business days", "5 business days", "1.5 business days"],
    uk: ["1 робочого дня", "2 робочих днів", "5 робочих днів", "1,5 робочого дня"],
    ru: ["1 рабочего дня", "2 рабочих дней", "5 рабочих дней", "1,5 рабочего дня"],
  },
  "order:contract.subject.rentalPeriod": {
    pl: ["Okres najmu: 1 dzień", "Okres najmu: 2 dni", "Okres najmu: 5 dni", "Okres najmu: 1,5 dnia"],
    en: ["Lease period: 1 day", "Lease period: 2 days", "Lease period: 5 days", "Lease period: 1.5 days"],
    uk: ["Строк найму: 1 день", "Строк найму: 2 дні", "Строк найму: 5 днів", "Строк найму: 1,5 дня"],
    ru: ["Срок аренды: 1 день", "Срок аренды: 2 дня", "Срок аренды: 5 дней", "Срок аренды: 1,5 дня"],
  },
  "order:contract.price.deadline": {
    pl: ["wynosi 1 dzień od", "wynosi 2 dni od", "wynosi 5 dni od", "wynosi 1,5 dnia od"],
    en: ["is 1 day after", "is 2 days after", "is 5 days after", "is 1.5 days after"],
    uk: ["становить 1 день з дня", "становить 2 дні з дня", "становить 5 днів з дня", "становить 1,5 дня з дня"],
    ru: ["составляет 1 день с", "составляет 2 дня с", "составляет 5 дней с", "составляет 1,5 дня с"],
  },
  "order:contract.delivery.time": {
    pl: ["w ciągu 1 dnia roboczego od", "w ciągu 2 dni roboczych od", "w ciągu 5 dni roboczych od", "w ciągu 1,5 dnia roboczego od"],
    en: ["within 1 business day of", "within 2 business days of", "within 5 business days of", "within 1.5 business days of"],
    uk: [
      "протягом 1 робочого дня після",
      "протягом 2 робочих днів після",
      "протягом 5 робочих днів після",
      "протягом 1,5 робочого дня після",
    ],
    ru: [
      "в течение 1 рабочего дня после",
      "в течение 2 рабочих дней после",
      "в течение 5 рабочих дней после",
      "в течение 1,5 рабочего дня после",
    ],
  },
  "payment:deadline.text": {
    pl: ["to 1 dzień od", "to 2 dni od", "to 5 dni od", "to 1,5 dnia od"],
    en: ["is 1 day after", "is 2 days after", "is 5 days after", "is 1.5 days after"],
    uk: ["тобто 1 день від", "тобто 2 дні від", "тобто 5 днів від", "тобто 1,5 дня від"],
    ru: ["то есть 1 день с", "то есть 2 дня с", "то есть 5 дней с", "то есть 1,5 дня с"],
  },
};

/** "order:contract.price.deadline" for every key with an _one/_few/_many/_other family in any locale file. */
function pluralKeys(): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, path: string) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const plural = /^(.+)_(zero|one|two|few|many|other)$/.exec(key);
      if (plural && typeof child === "string") found.add(`${path}${plural[1]}`);
      else walk(child, `${path}${key}.`);
    }
  };
  for (const locale of LOCALES)
    for (const file of readdirSync(join(process.cwd(), "locales", locale)).filter((name) => name.endsWith(".json")))
      walk(JSON.parse(readFileSync(join(process.cwd(), "locales", locale, file), "utf8")), `${file.replace(/\.json$/, "")}:`);
  return [...found].sort();
}

describe("plural keys", () => {
  it("this test knows every plural key of the locale files", () => {
    expect(pluralKeys()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [key, byLocale] of Object.entries(EXPECTED)) {
    for (const locale of LOCALES) {
      it(`${key} in ${locale} at ${COUNTS.join(", ")}`, () => {
        const t = fixedT(locale);
        const rendered = COUNTS.map((count) => t(key, { count, date: "30 listopada (poniedziałek)" }));
        rendered.forEach((text, index) => expect(text, `${key} ${locale} ${COUNTS[index]}`).toContain(byLocale[locale][index]));
        for (const text of rendered) expect(text).not.toMatch(/\{\{|\$t\(|1\.5.*(dnia|дня)/);
      });
    }
  }

  it("a sentence with two numbers declines each one for itself", () => {
    const tagline = (locale: Locale, regularDays: number, notarizedDays: number) =>
      fixedT(locale)("footer.tagline", { regularDays, notarizedDays });
    expect(tagline("pl", 1, 3)).toContain("w ciągu 1 dnia roboczego, a z podpisem poświadczonym notarialnie – w ciągu 3 dni roboczych");
    expect(tagline("pl", 2, 5)).toContain("w ciągu 2 dni roboczych, a z podpisem poświadczonym notarialnie – w ciągu 5 dni roboczych");
    expect(tagline("pl", 1.5, 22)).toContain(
      "w ciągu 1,5 dnia roboczego, a z podpisem poświadczonym notarialnie – w ciągu 22 dni roboczych",
    );
    expect(tagline("uk", 21, 2)).toContain("протягом 21 робочого дня, з нотаріально засвідченим підписом – протягом 2 робочих днів");
    expect(tagline("ru", 1, 5)).toContain(
      "в течение 1 рабочего дня, с нотариально засвидетельствованной подписью – в течение 5 рабочих дней",
    );
    expect(tagline("en", 1, 3)).toContain("within 1 business day, and one with a notarially certified signature within 3 business days");
    // Without values the delivery promise's own numbers (app/config/delivery.ts) are used.
    expect(fixedT("pl")("footer.tagline")).toContain(
      "w ciągu 1 dnia roboczego, a z podpisem poświadczonym notarialnie – w ciągu 3 dni roboczych",
    );
  });
});
