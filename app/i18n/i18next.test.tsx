import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next, Trans, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { DELIVERY_VALUES } from "~/config/delivery";
import { fixedT, getFixedT, i18nextForRender, localeOf, missingKeyLine, pageHeadFor } from "./i18n.server";
import { I18N_OPTIONS } from "./i18next";
import { addPageStrings } from "./page-strings";

describe("the server's i18next", () => {
  it("takes the language from the path prefix only, never from Accept-Language or a cookie", async () => {
    const headers = { "Accept-Language": "en-GB,en;q=0.9", Cookie: "lng=ru; i18next=ru" };
    expect(await localeOf(new Request("http://site.test/kontakt", { headers }))).toBe("pl");
    expect(await localeOf(new Request("http://site.test/?lng=en", { headers }))).toBe("pl");
    expect(await localeOf(new Request("http://site.test/uk/contact", { headers }))).toBe("uk");
    expect(await localeOf(new Request("http://site.test/en"))).toBe("en");
    // A prefix-like first segment that is not a language is a Polish path.
    expect(await localeOf(new Request("http://site.test/english/contact", { headers }))).toBe("pl");
    expect((await getFixedT(new Request("http://site.test/ru/contact", { headers })))("notFound.heading")).toBe(
      fixedT("ru")("notFound.heading"),
    );
  });

  it("picks the plural form of pl, uk and ru for count (one, few, many, other)", () => {
    const turnaround = (locale: "pl" | "uk" | "ru" | "en", counts: number[]) =>
      counts.map((count) => fixedT(locale)("products.turnaround", { count }));
    expect(turnaround("pl", [1, 2, 5, 22, 1.5])).toEqual([
      "1 dzień roboczy",
      "2 dni robocze",
      "5 dni roboczych",
      "22 dni robocze",
      "1,5 dnia roboczego",
    ]);
    expect(turnaround("uk", [1, 3, 11, 21])).toEqual(["1 робочий день", "3 робочі дні", "11 робочих днів", "21 робочий день"]);
    expect(turnaround("ru", [1, 2, 5, 1.5])).toEqual(["1 рабочий день", "2 рабочих дня", "5 рабочих дней", "1,5 рабочего дня"]);
    expect(turnaround("en", [1, 2])).toEqual(["1 business day", "2 business days"]);
  });

  it("quotes the delivery promise's numbers in any string, unless the call gives its own", () => {
    const tagline = fixedT("pl")("footer.tagline");
    expect(tagline).toContain(`w ciągu ${DELIVERY_VALUES.regularDays} dnia roboczego`);
    expect(tagline).toContain(`w ciągu ${DELIVERY_VALUES.notarizedDays} dni roboczych`);
    // The case follows the number given: 9 takes "dni roboczych" (app/i18n/plurals.test.ts has every form).
    expect(fixedT("pl")("footer.tagline", { regularDays: 9 })).toContain("w ciągu 9 dni roboczych");
  });

  it("leaves values unescaped for React and the e-mails to escape where they build markup", () => {
    expect(fixedT("pl", "mail")("cancelled.text", { number: "<b>&1</b>" })).toContain("<b>&1</b>");
  });

  it("throws under test on a key no locale file has, so a typo in the code fails its test", () => {
    expect(() => fixedT("en", "order")("form.noSuchLabel")).toThrow('missing key order:"form.noSuchLabel"');
  });

  it("logs a missing key that came from a client on one line, its line breaks and escape codes written out", () => {
    const line = missingKeyLine(["pl"], "order", "x\n[outbox] message 1 (order_paid) sent: FORGED\u001b[31m");
    expect(line).toBe('[i18n] missing key order:"x\\n[outbox] message 1 (order_paid) sent: FORGED\\u001b[31m" (pl)');
    expect([...line].filter((character) => character < " " || character === "\u007f")).toEqual([]);
  });

  it("gives meta the page's title and description in the path's language, and the 404 page's off the route table", async () => {
    const { default: enOrder } = await import("../../locales/en/order.json");
    const { default: ukCommon } = await import("../../locales/uk/common.json");
    expect(pageHeadFor("en", "/en/order-declaration")).toEqual({
      title: enOrder.meta.title,
      description: enOrder.meta.description,
      errorTitlePrefix: "Error:",
    });
    expect(pageHeadFor("uk", "/uk/nope")).toMatchObject({ title: ukCommon.notFound.title, description: ukCommon.notFound.description });
  });

  it("renders a linked string through Trans, the link from the component and the text escaped", () => {
    function Consent() {
      const { t } = useTranslation("order");
      return <Trans t={t} i18nKey="form.dataProcessingConsent" components={{ privacyLink: <a href="/en/privacy-policy" /> }} />;
    }
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18nextForRender("en")}>
        <Consent />
      </I18nextProvider>,
    );
    expect(html).toMatch(/^I acknowledge .*<a href="\/en\/privacy-policy">privacy policy<\/a>\.$/);
  });
});

describe("the browser's i18next", () => {
  function browserInstance(resources: Record<string, Record<string, unknown>>, locale: "pl" | "en" = "en") {
    const instance = createInstance();
    void instance
      .use(initReactI18next)
      .init({ ...I18N_OPTIONS, lng: locale, ns: Object.keys(resources), resources: { [locale]: resources } });
    return instance;
  }

  it("gets a later page's namespaces as a client-side navigation brings them", () => {
    const instance = browserInstance({ common: { hello: "Hello" } });
    expect(instance.t("order:title")).toBe("");
    addPageStrings(instance, "en", { common: { hello: "Hello" }, order: { title: "Order" } });
    expect(instance.t("order:title")).toBe("Order");
    expect(instance.t("hello")).toBe("Hello");
  });

  it("reads a string missing in the page's language in Polish, and never shows a raw key", () => {
    const instance = createInstance();
    void instance.init({ ...I18N_OPTIONS, lng: "en", resources: { pl: { common: { only: "Tylko po polsku" } }, en: { common: {} } } });
    expect(instance.t("only")).toBe("Tylko po polsku");
    expect(instance.t("nowhere.atAll")).toBe("");
  });

  it("renders a tag that has no component as text, so a locale file cannot inject markup", () => {
    const instance = browserInstance(
      { order: { consent: "Zgoda na <termsLink>regulamin</termsLink>, <img src=x onerror=alert(1)>." } },
      "pl",
    );
    function Consent() {
      const { t } = useTranslation("order");
      return <Trans t={t} i18nKey="consent" components={{ termsLink: <a href="/regulamin" /> }} />;
    }
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={instance}>
        <Consent />
      </I18nextProvider>,
    );
    expect(html).toContain('<a href="/regulamin">regulamin</a>');
    expect(html).not.toContain("<img");
  });
});
