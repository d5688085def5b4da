import type { TFunction } from "i18next";
import { formatAddress, type Company } from "~/config/company";
import type { OrderRow } from "~/db/schema";
import { LOCALE_TAGS, LOCALES, type Locale } from "~/i18n/locales";
import { fixedT } from "~/i18n/i18n.server";
import { legalText, type LegalText } from "~/legal/legal-document";
import { TERMS_VERSION } from "~/legal/terms-version";
import { legalValuesOf } from "~/legal/legal-values";
import { modelWithdrawalFormAsText, modelWithdrawalFormDocument } from "~/legal/model-withdrawal-form";
import { renderPdf, type PdfSection, type PdfFile } from "./pdf.server";

/**
 * The three PDFs of the order confirmation (art. 21 of the consumer rights act: the
 * contract on a durable medium): the agreement exactly as the order stored it, the terms
 * and the model withdrawal form, in the order's language. `t` is bound to the "mail"
 * namespace of that language.
 */
const PDF = "application/pdf";

/**
 * The stored agreement text back into its parts. contractText() (app/order/contract.tsx)
 * joins title, place and "§n. heading" sections with blank lines: nothing is reworded.
 */
export function sectionsOfStoredText(text: string): { title: string; sections: PdfSection[] } {
  const [title = "", ...blocks] = text.split("\n\n");
  return {
    title,
    sections: blocks.map((block) => {
      const lines = block.split("\n");
      return /^§\d+\. /.test(lines[0] ?? "") ? { heading: lines[0], paragraphs: lines.slice(1) } : { paragraphs: lines };
    }),
  };
}

function timeOf(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Warsaw" }).format(
    new Date(iso),
  );
}

function headerOf(order: OrderRow, company: Company, t: TFunction): string[] {
  return [...companyHeader(company, t), t("pdf.header", { number: order.number, date: timeOf(order.created_at, order.locale) })];
}

const pageLabel = (t: TFunction) => (page: number, total: number) => t("pdf.page", { page, total });

export function agreementPdf(order: OrderRow, company: Company, t: TFunction): Promise<Buffer> {
  const agreement = sectionsOfStoredText(order.contract_text);
  const consents: PdfSection = {
    heading: t("pdf.consents"),
    paragraphs: [
      t("pdf.dataProcessing", { time: timeOf(order.data_processing_consent_at, order.locale) }),
      t("pdf.terms", { time: timeOf(order.terms_accepted_at, order.locale) }),
      // Art. 38 ust. 1 pkt 1 needs both the request and the acknowledgement of losing the right: the one tick gave both, at one time.
      ...(order.immediate_performance_consent_at
        ? [
            t("pdf.immediateGiven", { time: timeOf(order.immediate_performance_consent_at, order.locale) }),
            t("pdf.immediateAcknowledged", { time: timeOf(order.immediate_performance_consent_at, order.locale) }),
          ]
        : [t("pdf.immediateNotGiven")]),
      t("pdf.version", { version: order.contract_version }),
      // Ordered before the flat was found (docs/decisions/091): the accepted text stays as it was; the address given later stands here.
      ...(order.address_given_at
        ? [t("pdf.addressGiven", { time: timeOf(order.address_given_at, order.locale), address: order.property_address })]
        : order.address_pending === 1
          ? [t("pdf.addressPending")]
          : []),
    ],
  };
  const binding = order.contract_text_binding ? sectionsOfStoredText(order.contract_text_binding) : null;
  const bindingSections: PdfSection[] = binding
    ? [{ heading: t("pdf.binding"), paragraphs: [binding.title], startsNewPage: true }, ...binding.sections]
    : [];
  return renderPdf({
    header: headerOf(order, company, t),
    title: agreement.title,
    sections: [...agreement.sections, consents, ...bindingSections],
    metaTitle: `${agreement.title} – ${order.number}`,
    lang: order.locale,
    pageLabel: pageLabel(t),
  });
}

/**
 * The terms and the withdrawal form are the same for every order of a language (and a
 * version of the terms), so each is drawn once per process.
 */
const sharedPdfs = new Map<string, Promise<Buffer>>();

function once(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  let pdf = sharedPdfs.get(key);
  if (!pdf) {
    pdf = render();
    sharedPdfs.set(key, pdf);
    pdf.catch(() => sharedPdfs.delete(key));
  }
  return pdf;
}

function companyHeader(company: Company, t: TFunction): string[] {
  return [t("pdf.company", { legalName: company.legalName, address: formatAddress(company), taxId: company.taxId, krs: company.krs })];
}

function termsSections(terms: LegalText): PdfSection[] {
  return terms.sections.map((section) => ({
    heading: section.label,
    paragraphs: [
      ...section.paragraphs,
      ...section.items.map((item, index) => `${index + 1}. ${item}`),
      ...(section.closing ? [section.closing] : []),
    ],
  }));
}

/**
 * Only the Polish terms bind: a translation says so at its top and carries the Polish text
 * after it, from a new page, as the agreement does.
 */
export function termsPdf(locale: Locale, company: Company, t: TFunction): Promise<Buffer> {
  return once(`terms:${locale}:${TERMS_VERSION}`, () => {
    const terms = legalText(t, "terms", legalValuesOf(company, locale));
    const polish = locale === "pl" ? null : legalText(fixedT("pl", "mail"), "terms", legalValuesOf(company, "pl"));
    const sections: PdfSection[] = polish
      ? [
          { paragraphs: [t("pdf.termsTranslationNote")] },
          ...termsSections(terms),
          { heading: t("pdf.termsBinding"), paragraphs: [polish.title], startsNewPage: true },
          ...termsSections(polish),
        ]
      : termsSections(terms);
    return renderPdf({
      header: [...companyHeader(company, t), t("pdf.termsVersion", { version: TERMS_VERSION })],
      title: terms.title,
      sections,
      metaTitle: terms.title,
      lang: locale,
      pageLabel: pageLabel(t),
    });
  });
}

export function withdrawalFormPdf(locale: Locale, company: Company, t: TFunction): Promise<Buffer> {
  return once(`withdrawal:${locale}`, () => {
    const form = modelWithdrawalFormDocument(t, legalValuesOf(company, locale));
    const [title = "", ...lines] = modelWithdrawalFormAsText(form).split("\n");
    return renderPdf({
      header: companyHeader(company, t),
      title,
      sections: [{ paragraphs: lines.filter((line) => line !== "") }],
      metaTitle: title,
      lang: locale,
      pageLabel: pageLabel(t),
    });
  });
}

/**
 * Draws the documents every order of a language attaches (the terms and the withdrawal form) in
 * all four languages, before the process takes its first order (app/jobs/warm-up.server.ts):
 * drawn on demand, the first confirmation of each language paused the pages being answered
 * for the whole of its terms.
 */
export async function drawSharedDocuments(company: Company): Promise<void> {
  for (const locale of LOCALES) {
    const t = fixedT(locale, "mail");
    await termsPdf(locale, company, t);
    await withdrawalFormPdf(locale, company, t);
  }
}

/** The accepted agreement as a file named in the order's language: attached to the confirmation, or downloaded from its link. */
export async function agreementAttachment(order: OrderRow, company: Company, t: TFunction): Promise<PdfFile> {
  return {
    filename: t("attachments.agreement", { number: order.number }),
    content: await agreementPdf(order, company, t),
    contentType: PDF,
  };
}

/** The confirmation's attachments, named in the order's language. */
export async function confirmationAttachments(order: OrderRow, company: Company, t: TFunction): Promise<PdfFile[]> {
  const [agreement, terms, withdrawal] = await Promise.all([
    agreementAttachment(order, company, t),
    termsPdf(order.locale, company, t),
    withdrawalFormPdf(order.locale, company, t),
  ]);
  return [
    agreement,
    { filename: t("attachments.terms"), content: terms, contentType: PDF },
    { filename: t("attachments.withdrawalForm"), content: withdrawal, contentType: PDF },
  ];
}
