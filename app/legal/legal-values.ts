import { formatAddress, type Company } from "~/config/company";
import type { Locale } from "~/i18n/locales";
import { PRODUCTS } from "~/config/products";
import { formatPrice } from "~/i18n/money";

/**
 * The company facts and prices the legal texts quote (`{{legalName}}`, `{{krs}}`…), all from
 * configuration and the pricing module, and the seller's VAT status, which the terms word as
 * `{{prices}}` (legal-document.ts). Delivery days reach every string as i18next's default
 * variables (app/config/delivery.ts), so they are not repeated here.
 */
export function legalValuesOf(company: Company, locale: Locale) {
  return {
    productName: company.productName,
    legalName: company.legalName,
    taxId: company.taxId,
    krs: company.krs,
    shareCapital: formatPrice(company.shareCapitalGrosze, locale),
    registryCourt: company.registryCourt,
    address: formatAddress(company),
    email: company.email,
    phone: company.phone,
    regularPrice: formatPrice(PRODUCTS.regular.priceGrosze, locale),
    notarizedPrice: formatPrice(PRODUCTS.notarized.priceGrosze, locale),
    vat: company.vat,
    /** What a replacement declaration costs (PRICE_REPLACEMENT): the terms' clause words 0 as free. */
    replacementPriceGrosze: company.replacementPriceGrosze,
    replacementPrice: formatPrice(company.replacementPriceGrosze, locale),
  };
}

export type LegalValues = ReturnType<typeof legalValuesOf>;
