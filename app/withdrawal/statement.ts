import { z } from "zod";
import { SINGLE_LINE_TEXT } from "~/forms/control-characters";

/**
 * The withdrawal form's three fields (art. 11a of Directive 2011/83/EU): who withdraws, which
 * contract, and where the acknowledgement goes. No reason is asked. Shared by the page and the
 * domain, so both name the fields and messages the same way.
 */
export const WITHDRAWAL_FIELDS = ["name", "reference", "email"] as const;
export type WithdrawalField = (typeof WITHDRAWAL_FIELDS)[number];
export type WithdrawalValues = Record<WithdrawalField, string>;

const MESSAGES = {
  required: "withdrawal:validation.required",
  email: "withdrawal:validation.email",
  tooLong: "withdrawal:validation.tooLong",
  controlCharacters: "withdrawal:validation.controlCharacters",
} as const;

export const FIELD_MAX: Record<WithdrawalField, number> = { name: 200, reference: 200, email: 254 };

const line = (max: number) =>
  z
    .string({ required_error: MESSAGES.required, invalid_type_error: MESSAGES.required })
    .trim()
    // First, so a pasted line break is named rather than "too long".
    .regex(SINGLE_LINE_TEXT, MESSAGES.controlCharacters)
    .min(1, MESSAGES.required)
    .max(max, MESSAGES.tooLong);

export const withdrawalSchema = z.object({
  name: line(FIELD_MAX.name),
  reference: line(FIELD_MAX.reference),
  email: line(FIELD_MAX.email).pipe(z.string().email(MESSAGES.email)),
});

export type WithdrawalErrors = Partial<Record<WithdrawalField, string>>;

/** The values as posted (at most a little over each limit, so an oversize value is shown cut, not lost), and the first message per field. */
export function readWithdrawalForm(form: FormData): { values: WithdrawalValues; errors: WithdrawalErrors; valid: WithdrawalValues | null } {
  const values = Object.fromEntries(
    WITHDRAWAL_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value.slice(0, FIELD_MAX[field] * 4) : ""];
    }),
  ) as WithdrawalValues;
  const parsed = withdrawalSchema.safeParse(values);
  if (parsed.success) return { values, errors: {}, valid: parsed.data };
  const errors: WithdrawalErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as WithdrawalField;
    errors[field] ??= issue.message;
  }
  return { values, errors, valid: null };
}
