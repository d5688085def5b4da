import { createInstance } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedT, i18nextForRender } from "./i18n.server";
import { I18N_OPTIONS } from "./i18next";
import { LOCALES } from "./locales";
import { formatNumber } from "./number-format";

/** Counts the Intl.NumberFormat objects built from here on, until the test ends. */
function countNumberFormats(): { count: number } {
  const built = { count: 0 };
  const original = Intl.NumberFormat;
  const counting = new Proxy(original, {
    construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built.count += 1;
      return new target(...args);
    },
  });
  vi.stubGlobal("Intl", Object.assign(Object.create(Intl) as typeof Intl, { NumberFormat: counting }));
  return built;
}

describe("the number format of the copy", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("writes every number as Intl.NumberFormat does in each language", () => {
    const values = [...Array.from({ length: 1000 }, (_, n) => n), 1000, 1095, 12345, 1234567, 1.5, 0.25, -1, -1500];
    for (const language of LOCALES) {
      const intl = new Intl.NumberFormat(language);
      for (const value of values) expect(formatNumber(value, language, { count: value, regularDays: 1 })).toBe(intl.format(value));
    }
    expect(formatNumber(5, "pl", { minimumFractionDigits: 2 })).toBe("5,00");
    expect(formatNumber(5, "en", { style: "percent" })).toBe("500%");
  });

  it("builds no Intl.NumberFormat for the whole numbers below 1000 that the first screens quote", async () => {
    // A fresh copy of the module: no formatter cached by the other tests.
    vi.resetModules();
    const { addNumberFormat } = await import("./number-format");
    const built = countNumberFormats();
    const i18n = createInstance();
    void i18n.init({
      ...I18N_OPTIONS,
      lng: "uk",
      resources: { uk: { common: { days: "{{count, number}} днів", share: "{{value, number(minimumFractionDigits: 1)}}" } } },
    });
    addNumberFormat(i18n);
    expect(i18n.t("days", { count: 11 })).toBe("11 днів");
    expect(built.count).toBe(0);
    expect(i18n.t("share", { value: 2 })).toBe("2,0");
    expect(built.count).toBe(1);
  });

  it("is the server's format too, so hydration meets the same words", () => {
    const built = countNumberFormats();
    expect(fixedT("pl")("businessDays.within", { count: 3 })).toBe("3 dni roboczych");
    expect(i18nextForRender("ru").t("businessDays.within", { count: 2 })).toBe(fixedT("ru")("businessDays.within", { count: 2 }));
    expect(built.count).toBe(0);
  });
});
