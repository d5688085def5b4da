import { describe, expect, it } from "vitest";
import { namespacesForPath, resourcesFor } from "./i18n.server";
import { LOCALES } from "./locales";

describe("the strings the browser gets with a page", () => {
  it("the order page gets its form, preview and messages, not the agreement's text nor the API's", () => {
    for (const locale of LOCALES) {
      const { order } = resourcesFor(locale, namespacesForPath("/zamowienie-oswiadczenia"));
      expect(Object.keys(order ?? {}), locale).toEqual(expect.arrayContaining(["form", "preview", "validation", "errors", "placed"]));
      expect(order, locale).not.toHaveProperty("contract");
      expect(order, locale).not.toHaveProperty("api");
    }
  });

  it("other namespaces arrive whole", () => {
    const { common, consent } = resourcesFor("pl", ["common", "consent"]);
    expect(common).toHaveProperty("nav");
    expect(common).toHaveProperty("lateDelivery");
    expect(consent).toHaveProperty("banner");
  });
});
