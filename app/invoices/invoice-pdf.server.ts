import type { InvoiceRow } from "~/db/schema";
import { qrCodePng, renderPdf, type PdfSection } from "~/documents/pdf.server";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { formatAmount } from "~/i18n/money";
import { formatNip } from "~/order/nip";

/**
 * An invoice or a correcting invoice as a PDF, in Polish, the binding text, with each label also
 * in the customer's language ("Nabywca / Buyer"). Everything printed comes from the invoice's own
 * row, so the same invoice always prints the same, whatever happened to the order since.
 */

/**
 * What KSeF gives an invoice sent there: its KSeF number and the address of its verification page,
 * which the PDF prints as a QR code. The KSeF module supplies it; without it the PDF carries neither.
 */
export type KsefMark = {
  ksefNumber: string;
  verificationUrl: string;
  /** KOD II of an invoice issued offline: the link signed with the type 2 certificate, printed under "CERTYFIKAT" (docs/decisions/056). */
  certificateUrl?: string | null;
};

/** `originalKsefNumber`: the corrected invoice's KSeF number, which a correction prints once the original has one (art. 106j ust. 2 pkt 2a). */
export type InvoicePdfInput = {
  invoice: InvoiceRow;
  original: InvoiceRow | null;
  ksef: KsefMark | null;
  originalKsefNumber?: string | null;
};

function labelsFor(locale: Locale) {
  const pl = fixedT("pl", "invoice");
  const own = fixedT(locale, "invoice");
  /** "Nabywca / Buyer"; Polish alone on a Polish customer's invoice. */
  return (key: string) => (locale === "pl" ? pl(key) : `${pl(key)} / ${own(key)}`);
}

function polishDate(isoDay: string): string {
  const [year, month, day] = isoDay.split("-");
  return `${day}.${month}.${year}`;
}

const nipOf = (digits: string | null) => (digits && /^\d{10}$/.test(digits) ? formatNip(digits) : digits);

type Amounts = Pick<InvoiceRow, "net_grosze" | "vat_grosze" | "gross_grosze" | "vat_rate" | "currency" | "quantity">;

/** The net price of one unit (art. 106e ust. 1 pkt 9): the line's net value over its quantity, the service's one. */
function unitNetPriceLine(label: (key: string) => string, row: Amounts): string {
  return `${label("document.unitNetPrice")}: ${formatAmount(Math.round(row.net_grosze / row.quantity))} ${row.currency}`;
}

/** A correction's amounts before, after and of the change each name their unit price too; the invoice names it on its line. */
function amountLines(label: (key: string) => string, row: Amounts, { unitPrice = false } = {}) {
  const rate = row.vat_rate === "zw" ? label("document.exempt") : `${row.vat_rate}%`;
  return [
    ...(unitPrice ? [unitNetPriceLine(label, row)] : []),
    `${label("document.net")}: ${formatAmount(row.net_grosze)} ${row.currency}`,
    `${label("document.rate")}: ${rate}`,
    `${label("document.vat")}: ${formatAmount(row.vat_grosze)} ${row.currency}`,
    `${label("document.gross")}: ${formatAmount(row.gross_grosze)} ${row.currency}`,
  ];
}

export async function invoicePdf({ invoice, original, ksef, originalKsefNumber = null }: InvoicePdfInput): Promise<Buffer> {
  const label = labelsFor(invoice.locale);
  const own = fixedT(invoice.locale, "invoice");
  const correction = invoice.kind === "correction";
  const title = `${label(correction ? "document.correction" : "document.invoice")} ${invoice.number}`;
  const sections: PdfSection[] = [
    {
      paragraphs: [
        `${label("document.number")}: ${invoice.number}`,
        `${label("document.issueDate")}: ${polishDate(invoice.issue_date)}`,
        `${label("document.paymentDate")}: ${polishDate(invoice.payment_date)}`,
        ...(correction && original
          ? [
              `${label("document.corrects")}: ${original.number} (${polishDate(original.issue_date)})`,
              ...(originalKsefNumber ? [`${label("document.correctedKsefNumber")}: ${originalKsefNumber}`] : []),
              `${label("document.correctionReason")}: ${invoice.reason ?? ""}`,
            ]
          : []),
      ],
    },
    {
      heading: label("document.seller"),
      paragraphs: [invoice.seller_name, invoice.seller_address, `${label("document.nip")}: ${nipOf(invoice.seller_nip)}`],
    },
    {
      heading: label("document.buyer"),
      paragraphs: [
        invoice.buyer_name,
        invoice.buyer_address,
        ...(invoice.buyer_nip ? [`${label("document.nip")}: ${nipOf(invoice.buyer_nip)}`] : []),
      ],
    },
    {
      heading: label("document.service"),
      paragraphs: [
        invoice.service_name,
        `${label("document.quantity")}: ${invoice.quantity} ${label("document.unit")}`,
        ...(correction ? [] : [unitNetPriceLine(label, invoice)]),
      ],
    },
  ];
  if (correction && original) {
    const after = {
      ...original,
      net_grosze: original.net_grosze + invoice.net_grosze,
      vat_grosze: original.vat_grosze + invoice.vat_grosze,
      gross_grosze: original.gross_grosze + invoice.gross_grosze,
    };
    sections.push(
      { heading: label("document.before"), paragraphs: amountLines(label, original, { unitPrice: true }) },
      { heading: label("document.after"), paragraphs: amountLines(label, after, { unitPrice: true }) },
      { heading: label("document.difference"), paragraphs: amountLines(label, invoice, { unitPrice: true }) },
    );
  } else {
    sections.push({ heading: label("document.total"), paragraphs: [...amountLines(label, invoice), label("document.paid")] });
  }
  if (invoice.vat_rate === "zw" && invoice.vat_exemption_basis)
    sections.push({ paragraphs: [`${label("document.exemptionBasis")}: ${invoice.vat_exemption_basis}`] });
  if (ksef)
    sections.push({
      heading: label("document.ksefNumber"),
      paragraphs: [ksef.ksefNumber, `${label("document.ksefVerify")}: ${ksef.verificationUrl}`],
      image: await qrCodePng(ksef.verificationUrl),
      imageSize: 100,
    });
  if (ksef?.certificateUrl)
    sections.push({
      heading: label("document.ksefCertificate"),
      paragraphs: ["CERTYFIKAT", `${label("document.ksefCertificateVerify")}: ${ksef.certificateUrl}`],
      image: await qrCodePng(ksef.certificateUrl),
      imageSize: 100,
    });
  sections.push({
    paragraphs: [
      fixedT("pl", "invoice")("document.currency"),
      ...(invoice.locale === "pl" ? [] : [own("document.binding"), own("document.currency")]),
    ],
  });
  return renderPdf({
    header: [invoice.seller_name, invoice.seller_address],
    title,
    sections,
    metaTitle: title,
    lang: LOCALE_TAGS.pl,
    pageLabel: (page, total) => `${page} / ${total}`,
  });
}

/** The attachment's file name: the number with its slashes turned into dashes. */
export function invoiceFileName(invoice: Pick<InvoiceRow, "number">): string {
  return `${invoice.number.replace(/\//g, "-")}.pdf`;
}
