import { describe, expect, it } from "vitest";
import routeTable from "./route-table.json";
import { LOCALES } from "./locales";
import { alternatesOf, canonicalPathOf, equivalentPath, hasPathParams, localesOf, matchPage, pathFor, PAGE_IDS } from "./routes";

const SPEC_TABLE: Record<string, [string, string, string, string]> = {
  home: ["/", "/en", "/uk", "/ru"],
  tenant: ["/dla-najemcy", "/en/for-tenant", "/uk/for-tenant", "/ru/for-tenant"],
  landlord: ["/dla-wynajmujacych", "/en/for-landlord", "/uk/for-landlord", "/ru/for-landlord"],
  order: ["/zamowienie-oswiadczenia", "/en/order-declaration", "/uk/order-declaration", "/ru/order-declaration"],
  blog: ["/blog", "/en/blog", "/uk/blog", "/ru/blog"],
  contact: ["/kontakt", "/en/contact", "/uk/contact", "/ru/contact"],
  terms: ["/regulamin", "/en/terms", "/uk/terms", "/ru/terms"],
  privacy: ["/polityka-prywatnosci", "/en/privacy", "/uk/privacy", "/ru/privacy"],
};

describe("route table", () => {
  it("holds the eight pages in four languages, plus the Polish-only second order form", () => {
    for (const [pageId, paths] of Object.entries(SPEC_TABLE)) {
      LOCALES.forEach((locale, index) => expect(pathFor(pageId as never, locale)).toBe(paths[index]));
    }
    expect(localesOf("orderAutomatic")).toEqual(["pl"]);
    expect(pathFor("orderAutomatic", "pl")).toBe("/umowa-automatyczna");
  });

  it("maps every path back to its page and language", () => {
    for (const pageId of PAGE_IDS.filter((id) => !hasPathParams(id))) {
      for (const locale of localesOf(pageId)) {
        expect(matchPage(pathFor(pageId, locale))).toEqual({ pageId, locale, params: {} });
      }
    }
  });

  it("declares no path twice", () => {
    const all = Object.values(routeTable).flatMap((page) => Object.values(page.paths));
    expect(new Set(all).size).toBe(all.length);
  });

  it("ignores a trailing slash and rejects unknown paths", () => {
    expect(matchPage("/en/blog/")).toEqual({ pageId: "blog", locale: "en", params: {} });
    expect(matchPage("/en/unknown")).toBeNull();
    expect(matchPage("/dla-najemcy/extra")).toBeNull();
  });

  it("gives a page's alternates in every language it exists in", () => {
    expect(alternatesOf("contact")).toEqual([
      { locale: "pl", path: "/kontakt" },
      { locale: "en", path: "/en/contact" },
      { locale: "uk", path: "/uk/contact" },
      { locale: "ru", path: "/ru/contact" },
    ]);
    expect(alternatesOf("orderAutomatic")).toEqual([{ locale: "pl", path: "/umowa-automatyczna" }]);
  });
});

describe("language switcher targets", () => {
  it("lead to the same page in the other language", () => {
    expect(equivalentPath("/dla-najemcy", "en")).toBe("/en/for-tenant");
    expect(equivalentPath("/uk/order-declaration", "pl")).toBe("/zamowienie-oswiadczenia");
    expect(equivalentPath("/ru/privacy", "uk")).toBe("/uk/privacy");
    expect(equivalentPath("/en", "ru")).toBe("/ru");
  });

  it("fall back to the target language's home for unknown paths", () => {
    expect(equivalentPath("/nie-ma-takiej-strony", "en")).toBe("/en");
    expect(equivalentPath("/nie-ma-takiej-strony", "pl")).toBe("/");
  });

  it("fall back to the home page when the page does not exist in the target language", () => {
    expect(equivalentPath("/umowa-automatyczna", "uk")).toBe("/uk");
  });
});

describe("URL variants", () => {
  it("lead to the route table's spelling: letter case and trailing slashes", () => {
    expect(canonicalPathOf("/En/Contact")).toBe("/en/contact");
    expect(canonicalPathOf("/DLA-NAJEMCY")).toBe("/dla-najemcy");
    expect(canonicalPathOf("/blog/")).toBe("/blog");
    expect(canonicalPathOf("/UK/")).toBe("/uk");
    expect(canonicalPathOf("/RU/privacy/")).toBe("/ru/privacy");
  });

  it("keep a payment token's case, and leave canonical and unknown paths alone", () => {
    expect(canonicalPathOf("/Platnosc/AbCdEfGhIjKlMnOpQrStUvWxYz012345")).toBe("/platnosc/AbCdEfGhIjKlMnOpQrStUvWxYz012345");
    expect(canonicalPathOf("/platnosc/AbCdEfGhIjKlMnOpQrStUvWxYz012345")).toBeNull();
    expect(canonicalPathOf("/en/contact")).toBeNull();
    expect(canonicalPathOf("/")).toBeNull();
    expect(canonicalPathOf("/nie-ma-takiej-strony")).toBeNull();
  });
});
