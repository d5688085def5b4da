/**
 * The FA(3) structure of a Polish VAT invoice (the Ministry of Finance's schema, kept in
 * app/ksef/schema/), built from what the invoice says. KSeF takes nothing else: every invoice sent
 * to it is this XML, checked against the schema first (fa3-schema.server.ts).
 *
 * Amounts are integers in grosze, as everywhere in the site; the XML writes them in złoty with two
 * decimals. The invoice module computes the amounts (gross prices, VAT rounded per invoice): this
 * module only checks that they add up and writes them where the schema puts them.
 */
import { decimalZloty } from "~/i18n/money";

/** The namespace of FA(3), schema version 1-0E (`targetNamespace` of schemat_FA(3)_v1-0E.xsd). */
export const FA3_NAMESPACE = "http://crd.gov.pl/wzor/2025/06/25/13775/";
/** What a session that sends FA(3) invoices declares when it opens (KSeF's `formCode`). */
export const FA3_FORM_CODE = { systemCode: "FA (3)", schemaVersion: "1-0E", value: "FA" } as const;

export type Fa3Party = {
  /** Ten digits, no prefix or dashes. A buyer without one (a consumer) is written as having no identifier. */
  nip: string | null;
  name: string;
  /** The street and number. */
  addressLine1: string;
  /** The postal code and town. */
  addressLine2?: string;
  /** ISO 3166 code of the country; Poland when not given. */
  countryCode?: string;
  email?: string;
};

/** A rate of the schema's `TStawkaPodatku`, or an exemption, which must name its legal basis (art. 106e ust. 1 pkt 19). */
export type Fa3Vat = { rate: 23 | 8 | 5 } | { exempt: true; legalBasis: string };

export type Fa3Line = {
  name: string;
  /** The unit (szt., usł.); optional in the schema. */
  unit?: string;
  /** Negative in a correction's lines that take something back. */
  quantity: number;
  unitNetGrosze: number;
  netGrosze: number;
  vat: Fa3Vat;
};

export type Fa3Correction = {
  originalNumber: string;
  originalIssueDate: string;
  /** The corrected invoice's KSeF number, or null when it was issued outside KSeF. */
  originalKsefNumber: string | null;
  reason: string;
};

export type Fa3Invoice = {
  number: string;
  /** YYYY-MM-DD (P_1). */
  issueDate: string;
  issuePlace?: string;
  /** When the payment was received (P_6 and the payment section): a prepaid service's tax point. */
  paymentDate: string;
  /** When the XML is produced (DataWytworzeniaFa). It is part of the file, so it is fixed once and stored with it. */
  createdAt: Date;
  seller: Fa3Party & { nip: string };
  buyer: Fa3Party;
  lines: readonly Fa3Line[];
  totals: { netGrosze: number; vatGrosze: number; grossGrosze: number };
  /** Present on a correcting invoice (faktura korygująca, RodzajFaktury KOR). */
  correction?: Fa3Correction;
};

/** An invoice FA(3) cannot describe. Its message is the operator's (in Polish): the invoice is then kept for sending by hand. */
export class Fa3InputError extends Error {
  constructor(message: string) {
    super(`Faktury nie da się zapisać jako FA(3): ${message}`);
    this.name = "Fa3InputError";
  }
}

const RATE_FIELDS = { 23: ["P_13_1", "P_14_1"], 8: ["P_13_2", "P_14_2"], 5: ["P_13_3", "P_14_3"] } as const;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function element(name: string, content: string | number): string {
  return `<${name}>${typeof content === "number" ? content : escapeXml(content)}</${name}>`;
}

/** Grosze as the schema's TKwotowy: złoty with two decimals, a minus sign when negative. */
export function formatGrosze(grosze: number): string {
  if (!Number.isInteger(grosze)) throw new Fa3InputError(`kwota w groszach musi być liczbą całkowitą, a jest ${grosze}`);
  return decimalZloty(grosze);
}

function sameVat(a: Fa3Vat, b: Fa3Vat): boolean {
  return "rate" in a ? "rate" in b && a.rate === b.rate : "exempt" in b && a.legalBasis === b.legalBasis;
}

function checkInput(invoice: Fa3Invoice): Fa3Vat {
  const { lines, totals } = invoice;
  const [first] = lines;
  if (!first) throw new Fa3InputError("faktura musi mieć co najmniej jedną pozycję");
  const vat = first.vat;
  // The VAT of each rate is rounded once per invoice; with one rate that is the invoice's VAT.
  if (!lines.every((line) => sameVat(line.vat, vat)))
    throw new Fa3InputError("wszystkie pozycje faktury muszą mieć tę samą stawkę VAT; faktury z kilkoma stawkami serwis nie wystawia");
  if (!/^\d{10}$/.test(invoice.seller.nip)) throw new Fa3InputError("NIP sprzedawcy (COMPANY_TAX_ID) musi mieć 10 cyfr");
  if (invoice.buyer.nip !== null && !/^\d{10}$/.test(invoice.buyer.nip)) throw new Fa3InputError("NIP nabywcy musi mieć 10 cyfr");
  const net = lines.reduce((sum, line) => sum + line.netGrosze, 0);
  if (net !== totals.netGrosze) throw new Fa3InputError(`suma netto pozycji (${net}) różni się od netto faktury (${totals.netGrosze})`);
  if (totals.netGrosze + totals.vatGrosze !== totals.grossGrosze) throw new Fa3InputError("netto + VAT musi być równe brutto");
  if ("exempt" in vat && totals.vatGrosze !== 0) throw new Fa3InputError("faktura zwolniona z VAT nie może mieć kwoty VAT");
  return vat;
}

function party(tag: "Podmiot1" | "Podmiot2", data: Fa3Party, extra = ""): string {
  const identifier = data.nip === null ? element("BrakID", 1) : element("NIP", data.nip);
  const address =
    element("KodKraju", data.countryCode ?? "PL") +
    element("AdresL1", data.addressLine1) +
    (data.addressLine2 ? element("AdresL2", data.addressLine2) : "");
  const contact = data.email ? `<DaneKontaktowe>${element("Email", data.email)}</DaneKontaktowe>` : "";
  return `<${tag}><DaneIdentyfikacyjne>${identifier}${element("Nazwa", data.name)}</DaneIdentyfikacyjne><Adres>${address}</Adres>${contact}${extra}</${tag}>`;
}

function quantity(value: number): string {
  if (!Number.isFinite(value)) throw new Fa3InputError("ilość musi być liczbą");
  return String(Number(value.toFixed(6)));
}

/**
 * The invoice as FA(3) XML, UTF-8 without a byte-order mark, as KSeF requires. The same input
 * gives the same bytes, so the file's SHA-256 identifies the invoice (the verification link and
 * a retry that must not send it twice both rely on that).
 */
export function buildFa3Xml(invoice: Fa3Invoice): string {
  const vat = checkInput(invoice);
  const { totals, correction } = invoice;
  const rateCode = "rate" in vat ? String(vat.rate) : "zw";

  const amounts =
    "rate" in vat
      ? element(RATE_FIELDS[vat.rate][0], formatGrosze(totals.netGrosze)) +
        element(RATE_FIELDS[vat.rate][1], formatGrosze(totals.vatGrosze))
      : element("P_13_7", formatGrosze(totals.netGrosze));

  // Every other annotation of art. 106e does not apply to this seller's services: each gets its "no".
  const exemption = "exempt" in vat ? element("P_19", 1) + element("P_19A", vat.legalBasis) : element("P_19N", 1);
  const annotations =
    "<Adnotacje>" +
    element("P_16", 2) +
    element("P_17", 2) +
    element("P_18", 2) +
    element("P_18A", 2) +
    `<Zwolnienie>${exemption}</Zwolnienie>` +
    `<NoweSrodkiTransportu>${element("P_22N", 1)}</NoweSrodkiTransportu>` +
    element("P_23", 2) +
    `<PMarzy>${element("P_PMarzyN", 1)}</PMarzy>` +
    "</Adnotacje>";

  const corrected = correction
    ? element("PrzyczynaKorekty", correction.reason) +
      "<DaneFaKorygowanej>" +
      element("DataWystFaKorygowanej", correction.originalIssueDate) +
      element("NrFaKorygowanej", correction.originalNumber) +
      (correction.originalKsefNumber
        ? element("NrKSeF", 1) + element("NrKSeFFaKorygowanej", correction.originalKsefNumber)
        : element("NrKSeFN", 1)) +
      "</DaneFaKorygowanej>"
    : "";

  const lines = invoice.lines
    .map(
      (line, index) =>
        "<FaWiersz>" +
        element("NrWierszaFa", index + 1) +
        element("P_7", line.name) +
        (line.unit ? element("P_8A", line.unit) : "") +
        element("P_8B", quantity(line.quantity)) +
        element("P_9A", formatGrosze(line.unitNetGrosze)) +
        element("P_11", formatGrosze(line.netGrosze)) +
        element("P_12", rateCode) +
        "</FaWiersz>",
    )
    .join("");

  const payment = `<Platnosc>${element("Zaplacono", 1)}${element("DataZaplaty", invoice.paymentDate)}</Platnosc>`;

  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<Faktura xmlns="${FA3_NAMESPACE}">` +
    "<Naglowek>" +
    `<KodFormularza kodSystemowy="${FA3_FORM_CODE.systemCode}" wersjaSchemy="${FA3_FORM_CODE.schemaVersion}">${FA3_FORM_CODE.value}</KodFormularza>` +
    element("WariantFormularza", 3) +
    element("DataWytworzeniaFa", invoice.createdAt.toISOString()) +
    element("SystemInfo", "Adres do eksmisji") +
    "</Naglowek>" +
    party("Podmiot1", invoice.seller) +
    // Neither a subordinate unit of local government (JST) nor a member of a VAT group (GV): 2 is "no".
    party("Podmiot2", invoice.buyer, element("JST", 2) + element("GV", 2)) +
    "<Fa>" +
    element("KodWaluty", "PLN") +
    element("P_1", invoice.issueDate) +
    (invoice.issuePlace ? element("P_1M", invoice.issuePlace) : "") +
    element("P_2", invoice.number) +
    element("P_6", invoice.paymentDate) +
    amounts +
    element("P_15", formatGrosze(totals.grossGrosze)) +
    annotations +
    element("RodzajFaktury", correction ? "KOR" : "VAT") +
    corrected +
    lines +
    payment +
    "</Fa>" +
    "</Faktura>"
  );
}
