import { formatAddress, type Company } from "~/config/company";
import type { AppDatabase } from "~/db/db.server";
import type { InvoiceRequestRow, OrderRow, OutboxRow } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { customerText } from "~/mail/blocks";
import { ksefSubmission } from "~/ksef/submissions.server";
import { ksefMarkOf } from "./ksef-link.server";
import { formatNip } from "~/order/nip";
import { fixedT } from "~/i18n/i18n.server";
import { toHtml, toText, type Block } from "~/mail/blocks";
import { outboxMessageId, type MailAttachment, type MailMessage } from "~/mail/compose.server";
import { paymentPath } from "~/order/order.server";
import type { InvoicePdfInput } from "./invoice-pdf.server";
import { invoiceWithOriginal, type CorrectionReason } from "./issue.server";

/**
 * The e-mail that carries an invoice or a correcting invoice, in the order's language, with its
 * PDF. The invoice named in the queued facts is the one sent: a resend sends the same document.
 */
export type InvoiceMailContext = {
  company: Company;
  siteUrl: string;
  /** Draws the PDF (on the document thread in the server). */
  drawInvoice: (input: InvoicePdfInput) => Promise<MailAttachment>;
};

export function isInvoiceMessage(message: Pick<OutboxRow, "kind">): boolean {
  return message.kind === "invoice_issued" || message.kind === "invoice_corrected";
}

/** What an invoice's e-mail says and attaches: its PDF's input, and the number KSeF gave the invoice, once it has. */
export type InvoiceMessageInput = InvoicePdfInput & { ksefNumber: string | null };

/** The invoice a message names, and the one it corrects. */
export async function invoicesOfMessage(db: AppDatabase, message: OutboxRow): Promise<InvoiceMessageInput> {
  const invoiceId = Number((JSON.parse(message.data ?? "{}") as { invoiceId?: unknown }).invoiceId);
  const found = await invoiceWithOriginal(db, invoiceId);
  if (!found) throw new Error(`outbox message ${message.id} names no invoice`);
  const [ksef, submission] = await Promise.all([ksefMarkOf(db, found.invoice), ksefSubmission(db, found.invoice.number)]);
  return { ...found, ksef, ksefNumber: submission?.ksef_number ?? null };
}

const CORRECTION_REASONS: readonly CorrectionReason[] = ["refund", "withdrawal"];

/** A correction's reason in the customer's language: the invoice keeps it in Polish, its binding text. */
function reasonIn(locale: Locale, polishReason: string | null): string {
  const polish = fixedT("pl", "invoice");
  const reason = CORRECTION_REASONS.find((key) => polish(`reasons.${key}`) === polishReason);
  return reason ? fixedT(locale, "invoice")(`reasons.${reason}`) : (polishReason ?? "");
}

export async function composeInvoiceMessage(
  message: OutboxRow,
  order: OrderRow,
  { ksefNumber, ...document }: InvoiceMessageInput,
  context: InvoiceMailContext,
): Promise<MailMessage> {
  const { invoice, original } = document;
  const locale = order.locale;
  const t = fixedT(locale, "invoice");
  const mail = fixedT(locale, "mail");
  const { company, siteUrl } = context;
  const correction = invoice.kind === "correction";
  const facts = { number: invoice.number, order: order.number, original: original?.number ?? "", reason: reasonIn(locale, invoice.reason) };
  const paymentUrl = `${siteUrl}${paymentPath(order)}`;
  const blocks: Block[] = [
    {
      paragraphs: [
        mail("greeting"),
        t(correction ? "mail.correctionBody" : "mail.invoiceBody", facts),
        // Sent to KSeF, the invoice is the FA(3) file there; what the e-mail carries is its picture (a visualisation).
        ...(ksefNumber ? [t(correction ? "mail.ksefCorrection" : "mail.ksefInvoice", { ksefNumber })] : []),
        { text: mail("paymentPage", { url: paymentUrl }), url: paymentUrl },
      ],
    },
    {
      heading: mail("contact.heading"),
      paragraphs: [
        mail("contact.text", { legalName: company.legalName, address: formatAddress(company), phone: company.phone, email: company.email }),
      ],
    },
    { paragraphs: [mail("signature", { productName: company.productName })] },
  ];
  return {
    to: order.email,
    replyTo: company.email,
    subject: t(correction ? "mail.correctionSubject" : "mail.invoiceSubject", facts),
    text: toText(blocks),
    html: toHtml(blocks, locale),
    attachments: [await context.drawInvoice(document)],
    messageId: outboxMessageId(message, order, siteUrl),
  };
}

/** The confirmation's rows for the invoice asked for with the order, in its language; none without a request. */
export function invoiceRequestRows(request: InvoiceRequestRow | undefined, locale: Locale): Array<[string, string]> {
  if (!request) return [];
  const t = fixedT(locale, "invoice");
  return [
    [t("summary.heading"), customerText(`${request.buyer_name}, ${request.buyer_address}`)],
    ...(request.buyer_nip ? [[t("summary.nip"), formatNip(request.buyer_nip)] as [string, string]] : []),
  ];
}
