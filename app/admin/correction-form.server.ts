import { z } from "zod";
import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from "~/forms/control-characters";
import type { MessageKind } from "~/db/schema";
import { fixedT } from "~/i18n/i18n.server";
import { CUSTOMER_FIELD_RULES, MESSAGES } from "~/order/schema";
import type { AppDatabase } from "~/db/db.server";
import { recordRefund } from "~/flows/transitions.server";
import { addNote, correctCustomerData, correctTracking, resendMessage, type CorrectionResult } from "~/order/lifecycle/corrections.server";
import { formText, OPERATOR_AMOUNT, refundAmountOf } from "./transition-form.server";
import { parseZloty } from "~/i18n/money";
import { CORRECTION_TEXT, TRANSITION_TEXT } from "~/order/lifecycle/admin-texts";
import { MESSAGE_KIND_LABEL } from "~/order/admin-texts";
import { refundAfterDecisionOf } from "~/order/lifecycle/refund-ceiling.server";
import { awaitsAddress } from "~/order/address-later";

export const CORRECTION_INTENTS = ["customer_data", "tracking", "record_refund", "note", "resend"] as const;
export type CorrectionIntent = (typeof CORRECTION_INTENTS)[number];
export const isCorrectionIntent = (value: unknown): value is CorrectionIntent =>
  typeof value === "string" && (CORRECTION_INTENTS as readonly string[]).includes(value);

export type CorrectionRefusal = { intent: CorrectionIntent; errors: Record<string, string>; values: Record<string, string> };
export type CorrectionOutcome = { ok: true; intent: CorrectionIntent } | { ok: false; status: 400 | 404 | 409; refusal: CorrectionRefusal };

const reason = z
  .string()
  .regex(MULTI_LINE_TEXT, CORRECTION_TEXT.controlCharacters)
  .min(1, CORRECTION_TEXT.reasonRequired)
  .max(500, CORRECTION_TEXT.tooLong(500));

/**
 * The customer form's own rules (app/order/schema.ts), so a correction cannot print what an order could not. An order
 * still waiting for its flat's address has no flat's fields to correct: the customer gives it on the order page.
 */
const leftOut = z.unknown().transform(() => null);
const customerData = (hasLandlord: boolean, awaitsFlat: boolean) =>
  z.object({
    tenantName: CUSTOMER_FIELD_RULES.latinName,
    email: CUSTOMER_FIELD_RULES.email,
    phone: CUSTOMER_FIELD_RULES.phone,
    mailingStreet: CUSTOMER_FIELD_RULES.street,
    mailingPostalCode: CUSTOMER_FIELD_RULES.postalCode,
    mailingCity: CUSTOMER_FIELD_RULES.city,
    propertyStreet: awaitsFlat ? leftOut : CUSTOMER_FIELD_RULES.street,
    propertyPostalCode: awaitsFlat ? leftOut : CUSTOMER_FIELD_RULES.postalCode,
    propertyCity: awaitsFlat ? leftOut : CUSTOMER_FIELD_RULES.city,
    // The automatic form names no landlord (the field is not shown); an order that has one keeps one.
    landlordName: hasLandlord ? CUSTOMER_FIELD_RULES.latinName : leftOut,
    reason,
  });

const SCHEMAS = {
  tracking: z.object({
    trackingNumber: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, TRANSITION_TEXT.trackingNumberInvalid),
    courier: z.string().regex(SINGLE_LINE_TEXT, TRANSITION_TEXT.courierControlCharacters).max(60, TRANSITION_TEXT.courierTooLong),
  }),
  record_refund: z.object({
    refundAmount: z.string().refine((value) => parseZloty(value, OPERATOR_AMOUNT) !== null, CORRECTION_TEXT.amount),
    reason,
  }),
  note: z.object({
    note: z
      .string()
      .regex(MULTI_LINE_TEXT, CORRECTION_TEXT.controlCharacters)
      .min(1, CORRECTION_TEXT.noteRequired)
      .max(2000, CORRECTION_TEXT.tooLong(2000)),
  }),
  resend: z.object({ kind: z.string().refine((value) => value in MESSAGE_KIND_LABEL, CORRECTION_TEXT.unknownMessage) }),
} as const;

/** The fields each correction form posts; the customer data's are named after the order form's. */
export const CORRECTION_FIELDS: Record<CorrectionIntent, string[]> = {
  customer_data: [
    "tenantName",
    "email",
    "phone",
    "mailingStreet",
    "mailingPostalCode",
    "mailingCity",
    "propertyStreet",
    "propertyPostalCode",
    "propertyCity",
    "landlordName",
    "reason",
  ],
  tracking: ["trackingNumber", "courier"],
  record_refund: ["refundAmount", "reason"],
  note: ["note"],
  resend: ["kind"],
};

const ORDER_MESSAGES = new Set<string>(Object.values(MESSAGES));
/** The order schema's messages are the public site's keys; the back office shows their Polish text. */
const polish = (message: string) => (ORDER_MESSAGES.has(message) ? fixedT("pl", "order")(message) : message);

const REFUSED: Record<Exclude<CorrectionResult, { ok: true }>["reason"], { status: 404 | 409 | 400; message: string }> = {
  "not-found": { status: 404, message: CORRECTION_TEXT.notFound },
  "not-allowed": { status: 409, message: CORRECTION_TEXT.notAllowed },
  unchanged: { status: 400, message: CORRECTION_TEXT.unchanged },
  "not-current": { status: 409, message: CORRECTION_TEXT.resendNotCurrent },
};

/** Reads and applies one correction form: 400 with the typed values and Polish messages when refused. */
export async function correctionFromForm(
  db: AppDatabase,
  orderId: number,
  intent: CorrectionIntent,
  form: FormData,
  operator: string,
  now: Date,
): Promise<CorrectionOutcome> {
  const values = Object.fromEntries(CORRECTION_FIELDS[intent].map((name) => [name, formText(form, name)]));
  let schema: z.ZodTypeAny;
  if (intent === "customer_data") {
    const order = await db.selectFrom("orders").select(["landlord_name", "address_pending"]).where("id", "=", orderId).executeTakeFirst();
    if (!order) return { ok: false, status: 404, refusal: { intent, errors: { form: CORRECTION_TEXT.notFound }, values } };
    schema = customerData(order.landlord_name !== null, awaitsAddress(order));
  } else schema = SCHEMAS[intent];
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= polish(issue.message);
  // After a withdrawal that kept an amount for work done (art. 35), the transfer back is at most the rest.
  const afterDecision = intent === "record_refund" ? await refundAfterDecisionOf(db, orderId) : null;
  const amount = afterDecision ? refundAmountOf(afterDecision, values.refundAmount!) : null;
  if (amount && !amount.ok) errors.refundAmount ??= amount.error;
  if (Object.keys(errors).length > 0) return { ok: false, status: 400, refusal: { intent, errors, values } };
  const v = values as Record<string, string>;
  const checked = parsed.data as Record<string, string | null>;
  const result =
    intent === "customer_data"
      ? await correctCustomerData(
          db,
          orderId,
          {
            tenantName: checked.tenantName!,
            email: checked.email!,
            phone: checked.phone!,
            mailing: { street: checked.mailingStreet!, postalCode: checked.mailingPostalCode!, city: checked.mailingCity! },
            property:
              checked.propertyStreet === null
                ? null
                : { street: checked.propertyStreet!, postalCode: checked.propertyPostalCode!, city: checked.propertyCity! },
            landlordName: checked.landlordName ?? null,
          },
          checked.reason!,
          operator,
          now,
        )
      : intent === "tracking"
        ? await correctTracking(db, orderId, { trackingNumber: v.trackingNumber!.toUpperCase(), courier: v.courier || null }, operator, now)
        : intent === "record_refund"
          ? await recordRefund(db, orderId, parseZloty(v.refundAmount!, OPERATOR_AMOUNT)!, v.reason!, operator, now)
          : intent === "note"
            ? await addNote(db, orderId, v.note!, operator, now)
            : await resendMessage(db, orderId, v.kind as MessageKind, operator, now);
  if (result.ok) return { ok: true, intent };
  const refused = REFUSED[result.reason];
  return { ok: false, status: refused.status, refusal: { intent, errors: { form: refused.message }, values } };
}
