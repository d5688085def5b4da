import { describe, expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { fixedT } from "~/i18n/i18n.server";
import { pathFor } from "~/i18n/routes";
import { structuredDataFor } from "./page-structured-data.server";

const siteIn = (locale: "pl" | "uk") => ({ company: PLACEHOLDER_COMPANY, siteUrl: "https://example.pl", locale });
const typesOf = (data: unknown) => (data as { "@graph": Array<{ "@type": string }> })["@graph"].map((node) => node["@type"]);

describe("a page's structured data", () => {
  it("on the home page: the business and the service with both offers, in the page's language", () => {
    const data = structuredDataFor(siteIn("uk"), pathFor("home", "uk")) as { "@graph": Array<Record<string, unknown>> };
    expect(typesOf(data)).toEqual(["LocalBusiness", "Service"]);
    const [business, service] = data["@graph"];
    expect(business!.description).toBe(fixedT("uk", "common")("footer.tagline"));
    expect(service!.description).toBe(fixedT("uk", "home")("meta.description"));
    expect((service!.offers as Array<{ name: string }>).map((offer) => offer.name)).toEqual([
      fixedT("uk", "common")("products.regular.name"),
      fixedT("uk", "common")("products.notarized.name"),
    ]);
  });

  it("on the other content pages: the business alone", () => {
    for (const path of [pathFor("order", "pl"), pathFor("orderAutomatic", "pl"), pathFor("terms", "pl"), pathFor("contact", "pl")]) {
      expect(typesOf(structuredDataFor(siteIn("pl"), path)), path).toEqual(["LocalBusiness"]);
    }
  });

  it("none on the private payment page or on a path that is no page", () => {
    expect(structuredDataFor(siteIn("pl"), pathFor("payment", "pl", { token: "abc" }))).toBeNull();
    expect(structuredDataFor(siteIn("pl"), "/no-such-page")).toBeNull();
  });
});
