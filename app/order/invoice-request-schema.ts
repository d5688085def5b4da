import { z } from "zod";
import { SINGLE_LINE_TEXT } from "~/forms/control-characters";
import { INVOICE_FIELDS, type InvoiceRequest } from "./invoice-request";
import { nipDigits, readNip } from "./nip";

/**
 * The invoice request's rules, merged into the order's schema (app/order/schema.ts) for the
 * forms and the JSON API. Messages are i18n keys; the general ones are the order form's own.
 */
export const INVOICE_MESSAGES = {
  required: "order:validation.required",
  tooLong: "order:validation.tooLong",
  controlCharacters: "order:validation.controlCharacters",
  nip: "invoice:validation.nip",
  nipChecksum: "invoice:validation.nipChecksum",
  request: "invoice:validation.request",
} as const;

const BUYER_NAME_MAX = 200;
const BUYER_ADDRESS_MAX = 300;

const buyerText = (max: number) =>
  z
    .string({ required_error: INVOICE_MESSAGES.required, invalid_type_error: INVOICE_MESSAGES.required })
    .trim()
    .regex(SINGLE_LINE_TEXT, INVOICE_MESSAGES.controlCharacters)
    .min(1, INVOICE_MESSAGES.required)
    .max(max, INVOICE_MESSAGES.tooLong);

/** Optional; ten digits with or without dashes, spaces or "PL", and a right check digit. */
const nip = z
  .string({ invalid_type_error: INVOICE_MESSAGES.nip })
  .trim()
  .optional()
  .transform((typed, context) => {
    if (!typed) return null;
    if (!nipDigits(typed)) {
      context.addIssue({ code: "custom", message: INVOICE_MESSAGES.nip });
      return null;
    }
    const digits = readNip(typed);
    if (!digits) context.addIssue({ code: "custom", message: INVOICE_MESSAGES.nipChecksum });
    return digits;
  });

/** The buyer's details on their own: the customer's page (asking later) and the forms' fragment use it. */
export const invoiceBuyerSchema = z.object({ buyerName: buyerText(BUYER_NAME_MAX), buyerAddress: buyerText(BUYER_ADDRESS_MAX), nip });

const FORM_NAME_OF: Record<keyof z.input<typeof invoiceBuyerSchema>, string> = {
  buyerName: INVOICE_FIELDS.buyerName,
  buyerAddress: INVOICE_FIELDS.buyerAddress,
  nip: INVOICE_FIELDS.nip,
};

/** A ticked box posts "on" (or true once conform has coerced it). */
function isTicked(value: unknown): boolean {
  return value === "on" || value === true || value === "true";
}

/**
 * The order form's part: a box and three fields, checked only when the box is ticked. It runs
 * before the order's own fields are checked (zod's preprocess), so its messages come with theirs
 * in one answer rather than after the rest is right; unticked, whatever was typed is ignored.
 */
export function checkInvoiceFormFields(input: unknown, context: z.RefinementCtx): unknown {
  if (!input || typeof input !== "object") return input;
  const posted = input as Record<string, unknown>;
  if (!isTicked(posted[INVOICE_FIELDS.requested])) return input;
  const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);
  const result = invoiceBuyerSchema.safeParse({
    buyerName: blankAsMissing(posted[INVOICE_FIELDS.buyerName]),
    buyerAddress: blankAsMissing(posted[INVOICE_FIELDS.buyerAddress]),
    nip: blankAsMissing(posted[INVOICE_FIELDS.nip]),
  });
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = FORM_NAME_OF[issue.path[0] as keyof typeof FORM_NAME_OF];
      context.addIssue({ code: "custom", path: [field], message: issue.message });
    }
  return input;
}

/** The fragment's fields in the order form's shape: free text here; ./checkInvoiceFormFields holds the rules. */
export const invoiceFormShape = {
  [INVOICE_FIELDS.requested]: z.unknown().optional(),
  [INVOICE_FIELDS.buyerName]: z.unknown().optional(),
  [INVOICE_FIELDS.buyerAddress]: z.unknown().optional(),
  [INVOICE_FIELDS.nip]: z.unknown().optional(),
};

/** The request a valid form holds, or null when the box was not ticked. */
export function invoiceRequestOfForm(value: Record<string, unknown>): InvoiceRequest | null {
  if (!isTicked(value[INVOICE_FIELDS.requested])) return null;
  const parsed = invoiceBuyerSchema.parse({
    buyerName: value[INVOICE_FIELDS.buyerName],
    buyerAddress: value[INVOICE_FIELDS.buyerAddress],
    nip: value[INVOICE_FIELDS.nip] === "" ? undefined : value[INVOICE_FIELDS.nip],
  });
  return parsed;
}

/** The JSON API's `faktura`: `{ "nabywca": "…", "adres": "…", "nip": "…" }`, or absent/null for none. */
export const invoiceApiField = z
  .object(
    { nabywca: buyerText(BUYER_NAME_MAX), adres: buyerText(BUYER_ADDRESS_MAX), nip: nip.nullable() },
    { invalid_type_error: INVOICE_MESSAGES.request },
  )
  .transform((body): InvoiceRequest => ({ buyerName: body.nabywca, buyerAddress: body.adres, nip: body.nip ?? null }))
  .nullable()
  .optional();
