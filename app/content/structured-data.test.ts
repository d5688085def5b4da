import { describe, expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { localBusiness, service } from "./structured-data";

const site = {
  company: PLACEHOLDER_COMPANY,
  siteUrl: "https://example.pl",
  locale: "en" as const,
};

describe("structured data", () => {
  it("describes the business with contact details, city and country", () => {
    const business = localBusiness(site, "About us");
    expect(business).toMatchObject({
      "@type": "LocalBusiness",
      telephone: PLACEHOLDER_COMPANY.phone,
      email: PLACEHOLDER_COMPANY.email,
      address: { addressLocality: "Szczecin", addressCountry: "PL" },
      url: "https://example.pl/en",
    });
  });

  it("offers both declarations in PLN at the pricing module's prices, linking to the order page", () => {
    const offers = service(site, "Service", { regular: "Declaration", notarized: "Notarized" }).offers;
    expect(offers).toEqual([
      expect.objectContaining({
        name: "Declaration",
        price: "299.00",
        priceCurrency: "PLN",
        url: "https://example.pl/en/order-declaration?type=regular",
      }),
      expect.objectContaining({
        name: "Notarized",
        price: "399.00",
        priceCurrency: "PLN",
        url: "https://example.pl/en/order-declaration?type=notarized",
      }),
    ]);
  });
});
