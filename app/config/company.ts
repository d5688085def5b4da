/**
 * The company facts shown on the site. The real legal name, tax id, phone, e-mail,
 * account and social links are withheld from us, so the defaults are obvious
 * placeholders; each can be overridden by an environment variable (see env.server.ts).
 */
export type Company = {
  productName: string;
  legalName: string;
  taxId: string;
  /** National Court Register number; a sp. z o.o. must show it with its share capital (art. 206 KSH). */
  krs: string;
  /** Share capital as registered, in grosze; the pages write it as they write prices (formatPrice). */
  shareCapitalGrosze: number;
  /** The court that keeps the company's register entry. */
  registryCourt: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  countryCode: string;
  phone: string;
  email: string;
  bankName: string;
  bankAccount: string;
  /** BIC/SWIFT of the bank: payers from foreign banks (Ukrainian ones among them) need it beside the IBAN. */
  bankBic: string;
  social: { facebook: string; instagram: string; tiktok: string };
  /** ISO weekdays (1 = Monday) and hours the office answers. */
  openingHours: { days: "Mo-Fr"; opens: string; closes: string };
  /**
   * How prices stand to VAT (COMPANY_VAT): a VAT payer's include it; an exempt seller's are final, and every page,
   * e-mail and the terms name the exemption's legal basis (COMPANY_VAT_EXEMPTION_BASIS; null: art. 113 ust. 1,
   * worded in each language). app/i18n/vat-wording.ts turns it into the words.
   */
  vat: { exempt: false } | { exempt: true; basis: string | null };
  /** What a replacement declaration costs, in grosze (PRICE_REPLACEMENT, docs/decisions/092): the terms, the agreement and the order page name it. */
  replacementPriceGrosze: number;
};

export const PLACEHOLDER_COMPANY: Company = {
  productName: "Adres do eksmisji",
  legalName: "Przykładowa Firma sp. z o.o.",
  taxId: "000-000-00-00",
  krs: "0000000000",
  shareCapitalGrosze: 500_000,
  registryCourt: "Sąd Rejonowy Przykładowy, Wydział Gospodarczy KRS",
  street: "ul. Przykładowa 1",
  postalCode: "70-000",
  city: "Szczecin",
  country: "Polska",
  countryCode: "PL",
  phone: "+48 000 000 000",
  email: "kontakt@example.com",
  bankName: "Bank Przykładowy S.A.",
  bankAccount: "PL00 0000 0000 0000 0000 0000 0000",
  bankBic: "AAAAPLPW",
  social: {
    facebook: "https://www.facebook.com/example",
    instagram: "https://www.instagram.com/example",
    tiktok: "https://www.tiktok.com/@example",
  },
  openingHours: { days: "Mo-Fr", opens: "09:00", closes: "17:00" },
  vat: { exempt: false },
  replacementPriceGrosze: 0,
};

export type PostalAddress = { street: string; postalCode: string; city: string };

/** A Polish address on one line: "ul. Długa 5/3, 70-001 Szczecin". */
export function formatAddress({ street, postalCode, city }: PostalAddress): string {
  return `${street}, ${postalCode} ${city}`;
}

/** The phone number as a tel: URI (digits and a leading plus only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The flat a tenant may be evicted to, and who owns it: the one who signs the declaration. `city`: the town the pages name before payment. */
export type SubstituteFlat = { owner: string; address: string; city: string };
