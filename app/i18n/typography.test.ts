import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "~/i18n/date-format";
import { LOCALE_TAGS, LOCALES } from "./locales";

/** Typography the locale files must keep, checked over every string of every namespace. */
const LOCALES_DIR = join(process.cwd(), "locales");

function stringsOf(locale: string): Array<{ where: string; text: string }> {
  const leaves = (value: unknown, path: string): Array<{ where: string; text: string }> => {
    if (typeof value === "string") return [{ where: path, text: value }];
    if (value && typeof value === "object") return Object.entries(value).flatMap(([key, child]) => leaves(child, `${path}.${key}`));
    return [];
  };
  return readdirSync(join(LOCALES_DIR, locale)).flatMap((file) =>
    leaves(JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), "utf8")), `${locale}/${file.replace(/\.json$/, "")}`),
  );
}

describe("typography of the locale files", () => {
  it("uk: the apostrophe inside a word is always ’ (U+2019), never ' or ʼ or `", () => {
    const mixed = stringsOf("uk")
      .filter(({ text }) => /[\u0400-\u04ff]['ʼ`‘][\u0400-\u04ff]/u.test(text))
      .map(({ where, text }) => `${where}: ${text}`);
    expect(mixed).toEqual([]);
    // And it is used: the rule above would pass on a file that lost every apostrophe.
    expect(stringsOf("uk").some(({ text }) => /[\u0400-\u04ff]’[\u0400-\u04ff]/u.test(text))).toBe(true);
  });

  it('a date with its year ends no sentence with two full stops ("2027 р..", "2027 г.."), in any language', () => {
    for (const locale of LOCALES) {
      const date = formatCalendarDate("2027-01-06", LOCALE_TAGS[locale]);
      const doubled = stringsOf(locale)
        .filter(({ text }) => /\{\{\w+\}\}\./.test(text))
        .map(({ where, text }) => ({ where, text: text.replace(/\{\{\w+\}\}/g, date) }))
        .filter(({ text }) => /[^.]\.\.(?!\.)/.test(text))
        .map(({ where, text }) => `${where}: ${text}`);
      expect(doubled, locale).toEqual([]);
    }
    expect(formatCalendarDate("2027-01-06", "uk-UA")).toBe("6 січня 2027 року");
    expect(formatCalendarDate("2027-01-06", "ru-RU")).toBe("6 января 2027 года");
    expect(formatCalendarDate("2027-01-06", "pl-PL")).toBe("6 stycznia 2027");
  });
});
