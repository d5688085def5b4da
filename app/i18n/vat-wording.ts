import type { Company } from "~/config/company";

/**
 * Prices in the seller's VAT status (COMPANY_VAT), in one way everywhere: a VAT payer's strings say
 * the prices include VAT; an exempt seller's never do. A string about prices has an `_exempt` form
 * (i18next's context) that says they are final and names the exemption's legal basis as `{{basis}}`:
 * COMPANY_VAT_EXEMPTION_BASIS as set, or art. 113 ust. 1 in the page's language (`common:vat.basis`).
 * A list of copy (the terms, an FAQ) cannot take a context: its item quotes `{{prices}}`, the sentence
 * `pricesSentence` gives.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export type VatWording = { context?: "exempt"; basis?: string };

export function vatWording(vat: Company["vat"], t: (key: string) => string): VatWording {
  return vat.exempt ? { context: "exempt", basis: vat.basis ?? t("common:vat.basis") } : {};
}

/** "Ceny zawierają VAT." or, for an exempt seller, that the prices are final and why. */
export function pricesSentence(vat: Company["vat"], t: Translate): string {
  return t("common:vat.prices", vatWording(vat, t));
}
