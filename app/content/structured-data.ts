import type { Company } from "~/config/company";
import { homePath, pathFor } from "~/i18n/routes";
import type { Locale } from "~/i18n/locales";
import { CURRENCY, DECLARATION_TYPES, PRODUCTS, type DeclarationType } from "~/config/products";
import { decimalZloty, priceInZloty } from "~/i18n/money";

/**
 * schema.org descriptions of the business and its service, built from the company
 * configuration and the pricing module so they never drift from what the pages show.
 */
type Site = { company: Company; siteUrl: string; locale: Locale };

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

function businessId(siteUrl: string) {
  return `${siteUrl}/#business`;
}

export function localBusiness({ company, siteUrl, locale }: Site, description: string) {
  return {
    "@type": "LocalBusiness",
    "@id": businessId(siteUrl),
    name: company.productName,
    legalName: company.legalName,
    taxID: company.taxId,
    description,
    url: `${siteUrl}${homePath(locale)}`,
    image: `${siteUrl}/og-image.png`,
    telephone: company.phone,
    email: company.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: company.street,
      postalCode: company.postalCode,
      addressLocality: company.city,
      addressCountry: company.countryCode,
    },
    areaServed: { "@type": "Country", name: company.country },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: WEEKDAYS,
      opens: company.openingHours.opens,
      closes: company.openingHours.closes,
    },
    priceRange: `${Math.min(...DECLARATION_TYPES.map(priceInZloty))}–${Math.max(...DECLARATION_TYPES.map(priceInZloty))} ${CURRENCY}`,
  };
}

export function service(site: Site, description: string, productNames: Record<DeclarationType, string>) {
  const { company, siteUrl, locale } = site;
  return {
    "@type": "Service",
    name: company.productName,
    description,
    provider: { "@id": businessId(siteUrl) },
    areaServed: { "@type": "Country", name: company.country },
    offers: DECLARATION_TYPES.map((type) => ({
      "@type": "Offer",
      name: productNames[type],
      price: decimalZloty(PRODUCTS[type].priceGrosze),
      priceCurrency: CURRENCY,
      url: `${siteUrl}${pathFor("order", locale)}?type=${type}`,
    })),
  };
}

export function graph(...nodes: object[]) {
  return { "@context": "https://schema.org", "@graph": nodes };
}
