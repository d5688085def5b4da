import type { Company } from "~/config/company";
import type { OrderRow } from "~/db/schema";

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/** `replyTo`: the company's contact address (COMPANY_EMAIL), so a customer's reply reaches a person, not the sending mailbox. */
export type MailMessage = {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  messageId: string;
};

export type ComposeContext = {
  company: Company;
  siteUrl: string;
  operatorEmail: string;
  paymentDeadlineDays: number;
  /** Online payment is on (docs/decisions/028): the confirmation sends the customer to the payment page for BLIK or a card. */
  onlinePayment?: boolean;
  /** The courier's tracking page with `{number}` for the tracking number (COURIER_TRACKING_URL); unset, the number is text. */
  courierTrackingUrl?: string;
  /** The PDFs a confirmation carries, in the order's language: the accepted agreement, the terms and the withdrawal form. */
  confirmationAttachments: (order: OrderRow) => Promise<MailAttachment[]>;
  /** The rows that name who an invoice was asked for, in the order's language (app/invoices); none when no invoice was asked for. */
  invoiceRows?: Array<[string, string]>;
  now: Date;
};
