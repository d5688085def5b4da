/*
 * The invoice request's form field names, without zod: the order form imports these, and
 * anything it imports is part of the order pages' first-load JavaScript. The rules are in
 * ./invoice-request-schema.ts, which the browser loads only after hydration, with the order's schema.
 */
export const INVOICE_FIELDS = {
  requested: "invoiceRequested",
  buyerName: "invoiceBuyerName",
  buyerAddress: "invoiceBuyerAddress",
  nip: "invoiceNip",
} as const;

export const INVOICE_FIELD_NAMES = Object.values(INVOICE_FIELDS);

export type InvoiceFormFields = Partial<Record<(typeof INVOICE_FIELDS)[keyof typeof INVOICE_FIELDS], string>>;

/** Who the invoice is for, as the customer asked: a NIP (ten digits) makes it a business's invoice. */
export type InvoiceRequest = { buyerName: string; buyerAddress: string; nip: string | null };

/** Each field's label (namespace "invoice"), for the field itself and for the order form's error summary. */
export const INVOICE_LABEL_KEYS: Record<string, string> = {
  [INVOICE_FIELDS.buyerName]: "invoice:form.buyerName",
  [INVOICE_FIELDS.buyerAddress]: "invoice:form.buyerAddress",
  [INVOICE_FIELDS.nip]: "invoice:form.nip",
};
