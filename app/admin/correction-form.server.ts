import { z } from "zod";
import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from "~/forms/control-characters";
import type { MessageKind } from "~/db/schema";
import { PHONE_DIGITS } from "~/order/schema";
import type { AppDatabase } from "~/db/db.server";
import { addNote, correctCustomerData, correctTracking, recordRefund, resendMessage, type CorrectionResult } from "./corrections.server";
import { CORRECTION_TEXT, MESSAGE_KIND_LABEL, TRANSITION_TEXT } from "./texts";
import { formText, groszeOf } from "./transition-form.server";

export const CORRECTION_INTENTS = ["customer_data", "tracking", "record_refund", "note", "resend"] as const;
export type CorrectionIntent = (typeof CORRECTION_INTENTS)[number];
export const isCorrectionIntent = (value: unknown): value is CorrectionIntent =>
  typeof value === "string" && (CORRECTION_INTENTS as readonly string[]).includes(value);

export type CorrectionRefusal = { intent: CorrectionIntent; errors: Record<string, string>; values: Record<string, string> };
export type CorrectionOutcome = { ok: true; intent: CorrectionIntent } | { ok: false; status: 400 | 404 | 409; refusal: CorrectionRefusal };

const line = (max: number, required = true) => {
  const base = z.string().regex(SINGLE_LINE_TEXT, CORRECTION_TEXT.controlCharacters).max(max, CORRECTION_TEXT.tooLong(max));
  return required ? base.min(1, CORRECTION_TEXT.required) : base;
};
const reason = z
  .string()
  .regex(MULTI_LINE_TEXT, CORRECTION_TEXT.controlCharacters)
  .min(1, CORRECTION_TEXT.reasonRequired)
  .max(500, CORRECTION_TEXT.tooLong(500));

const SCHEMAS = {
  customer_data: z.object({
    tenantName: line(200),
    email: line(254).pipe(z.string().email(CORRECTION_TEXT.email)),
    phone: line(30).refine(
      (value) =>
        /^[\d\s+()-]+$/.test(value) &&
        value.replace(/\D/g, "").length >= PHONE_DIGITS.min &&
        value.replace(/\D/g, "").length <= PHONE_DIGITS.max,
      CORRECTION_TEXT.phone,
    ),
    mailingAddress: line(300),
    propertyAddress: line(300),
    landlordName: line(200, false),
    reason,
  }),
  tracking: z.object({
    trackingNumber: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, TRANSITION_TEXT.trackingNumberInvalid),
    courier: z.string().regex(SINGLE_LINE_TEXT, TRANSITION_TEXT.courierControlCharacters).max(60, TRANSITION_TEXT.courierTooLong),
  }),
  record_refund: z.object({ refundAmount: z.string().refine((value) => groszeOf(value) !== null, CORRECTION_TEXT.amount), reason }),
  note: z.object({
    note: z
      .string()
      .regex(MULTI_LINE_TEXT, CORRECTION_TEXT.controlCharacters)
      .min(1, CORRECTION_TEXT.noteRequired)
      .max(2000, CORRECTION_TEXT.tooLong(2000)),
  }),
  resend: z.object({ kind: z.string().refine((value) => value in MESSAGE_KIND_LABEL, CORRECTION_TEXT.unknownMessage) }),
} as const;

const FIELDS: Record<CorrectionIntent, string[]> = {
  customer_data: ["tenantName", "email", "phone", "mailingAddress", "propertyAddress", "landlordName", "reason"],
  tracking: ["trackingNumber", "courier"],
  record_refund: ["refundAmount", "reason"],
  note: ["note"],
  resend: ["kind"],
};

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
  const values = Object.fromEntries(FIELDS[intent].map((name) => [name, formText(form, name)]));
  const parsed = SCHEMAS[intent].safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, status: 400, refusal: { intent, errors, values } };
  }
  const v = values as Record<string, string>;
  const result =
    intent === "customer_data"
      ? await correctCustomerData(
          db,
          orderId,
          {
            tenantName: v.tenantName!,
            email: v.email!,
            phone: v.phone!,
            mailingAddress: v.mailingAddress!,
            propertyAddress: v.propertyAddress!,
            landlordName: v.landlordName || null,
          },
          v.reason!,
          operator,
          now,
        )
      : intent === "tracking"
        ? await correctTracking(db, orderId, { trackingNumber: v.trackingNumber!.toUpperCase(), courier: v.courier || null }, operator, now)
        : intent === "record_refund"
          ? await recordRefund(db, orderId, groszeOf(v.refundAmount!)!, v.reason!, operator, now)
          : intent === "note"
            ? await addNote(db, orderId, v.note!, operator, now)
            : await resendMessage(db, orderId, v.kind as MessageKind, operator, now);
  if (result.ok) return { ok: true, intent };
  const refused = REFUSED[result.reason];
  return { ok: false, status: refused.status, refusal: { intent, errors: { form: refused.message }, values } };
}
