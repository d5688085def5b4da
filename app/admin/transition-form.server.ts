import { z } from "zod";
import { warsawDay } from "~/order/delivery-dates.server";
import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from "~/forms/control-characters";
import { isCancelReasonCode, CANCEL_REASON_LABEL, type CancelReasonCode } from "~/order/lifecycle/cancel-reasons";
import type { CancelReason, TransitionFacts } from "~/order/lifecycle/order-transitions.server";
import { formatPrice, parseZloty } from "~/i18n/money";
import { TRANSITION_TEXT } from "~/order/lifecycle/admin-texts";
import { WITHDRAWAL_TEXT } from "~/withdrawal/admin-texts";
import type { RefundAfterDecision } from "~/order/lifecycle/refund-ceiling.server";
import { isTransition, type Transition } from "~/order/lifecycle/transitions";

/** What the operator typed, echoed back with the messages when a form is refused. */
export type TransitionFormValues = Record<string, string>;
export type TransitionFormResult =
  | { ok: true; facts: TransitionFacts; values: TransitionFormValues }
  | { ok: false; transition: Transition | null; errors: Record<string, string>; values: TransitionFormValues };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day, no later than today (Warsaw); a payment cannot be booked in the future. */
export function isPastOrToday(value: string, now: Date): boolean {
  if (!ISO_DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
  return value <= warsawDay(now);
}

/** An amount an operator types: "299", "299,00", "1 299.5", "299 zł"; more than nothing. */
export const OPERATOR_AMOUNT = { currencySuffix: true, positive: true } as const;

/**
 * A refund form's amount on an order whose withdrawal kept an amount for work done (art. 35): above
 * nothing and at most the payment less the amount kept. Less is the operator's choice; more is refused.
 */
export function refundAmountOf(
  afterDecision: RefundAfterDecision,
  typed: string,
): { ok: true; grosze: number } | { ok: false; error: string } {
  const grosze = parseZloty(typed, OPERATOR_AMOUNT);
  if (grosze !== null && grosze <= afterDecision.refundGrosze) return { ok: true, grosze };
  const pln = (amount: number) => formatPrice(amount, "pl");
  return {
    ok: false,
    error: WITHDRAWAL_TEXT.decision.errors.refundAmount(
      pln(afterDecision.refundGrosze),
      pln(afterDecision.paidGrosze),
      pln(afterDecision.retainedGrosze),
    ),
  };
}

export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

const FIELDS = [
  "paidAt",
  "receivedAmount",
  "trackingNumber",
  "courier",
  "reason",
  "reasonCode",
  "confirm",
  "consent",
  "consentAt",
  "consentHow",
  "refundAmount",
];

/**
 * Reads one transition form; each move asks only for its own facts. `afterDecision`: the order's
 * withdrawal kept an amount (art. 35), so cancelling gives back at most the rest, as typed.
 */
export function parseTransitionForm(form: FormData, now: Date, afterDecision: RefundAfterDecision | null = null): TransitionFormResult {
  const transition = formText(form, "transition");
  const values: TransitionFormValues = {};
  for (const name of FIELDS) values[name] = formText(form, name);
  if (!isTransition(transition)) return { ok: false, transition: null, errors: { form: TRANSITION_TEXT.unknown }, values };

  const paid = z.object({
    paidAt: z.string().refine((value) => isPastOrToday(value, now), TRANSITION_TEXT.paidAtInvalid),
    receivedAmount: z
      .string()
      .refine((value) => value === "" || parseZloty(value, OPERATOR_AMOUNT) !== null, TRANSITION_TEXT.receivedAmountInvalid),
  });
  // Marking paid or dispatched e-mails the customer at once: the operator ticks that they mean it, as for cancelling.
  const confirmed = z.literal("yes", { errorMap: () => ({ message: TRANSITION_TEXT.confirmMissing }) });
  const schemas = {
    mark_paid: paid.extend({ confirm: confirmed }),
    // After the deadline the agreement has ended: only the customer's own "yes" revives it, and the audit keeps how and when it was given.
    reopen: paid.extend({
      consent: z.literal("yes", { errorMap: () => ({ message: TRANSITION_TEXT.consentMissing }) }),
      consentAt: z.string().refine((value) => isPastOrToday(value, now), TRANSITION_TEXT.consentAtInvalid),
      consentHow: z
        .string()
        .min(1, TRANSITION_TEXT.consentHowInvalid)
        .max(200, TRANSITION_TEXT.consentHowInvalid)
        .regex(SINGLE_LINE_TEXT, TRANSITION_TEXT.consentHowInvalid),
    }),
    mark_dispatched: z.object({
      trackingNumber: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, TRANSITION_TEXT.trackingNumberInvalid),
      courier: z.string().regex(SINGLE_LINE_TEXT, TRANSITION_TEXT.courierControlCharacters).max(60, TRANSITION_TEXT.courierTooLong),
      confirm: confirmed,
    }),
    cancel: cancelReasonSchema(TRANSITION_TEXT.confirmCancelMissing),
  };
  const parsed = schemas[transition].safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  if (transition === "cancel") ownReasonMissing(values, errors);
  const refund = transition === "cancel" && afterDecision ? refundAmountOf(afterDecision, values.refundAmount!) : null;
  if (refund && !refund.ok) errors.refundAmount = refund.error;
  if (Object.keys(errors).length > 0) return { ok: false, transition, errors, values };
  const received = values.receivedAmount ? { receivedGrosze: parseZloty(values.receivedAmount, OPERATOR_AMOUNT)! } : {};
  if (transition === "mark_paid") return { ok: true, facts: { transition, paidAt: values.paidAt!, ...received }, values };
  if (transition === "reopen")
    return {
      ok: true,
      facts: { transition, paidAt: values.paidAt!, ...received, consentAt: values.consentAt!, consentHow: values.consentHow! },
      values,
    };
  if (transition === "mark_dispatched")
    return {
      ok: true,
      facts: { transition, trackingNumber: values.trackingNumber!.toUpperCase(), courier: values.courier || null },
      values,
    };
  return {
    ok: true,
    facts: { transition: "cancel", ...cancelReasonOf(values), ...(refund?.ok ? { refundGrosze: refund.grosze } : {}) },
    values,
  };
}

/** The reason fields the cancel and refund forms share, and their confirmation tick (its message says what cannot be undone). */
export function cancelReasonSchema(confirmMissing: string) {
  return z.object({
    reasonCode: z.string().refine(isCancelReasonCode, TRANSITION_TEXT.reasonCodeInvalid),
    reason: z.string().regex(MULTI_LINE_TEXT, TRANSITION_TEXT.reasonControlCharacters).max(500, TRANSITION_TEXT.reasonInvalid),
    confirm: z.literal("yes", { errorMap: () => ({ message: confirmMissing }) }),
  });
}

/** Checked beside the schema, so a missing confirmation does not hide a missing reason: "own" needs the operator's words. */
export function ownReasonMissing(values: TransitionFormValues, errors: Record<string, string>): void {
  if (values.reasonCode === "own" && !values.reason) errors.reason ??= TRANSITION_TEXT.reasonInvalid;
}

/** A standard reason is stored in Polish for the panel; the e-mail translates it by its code. "own" goes as typed. */
export function cancelReasonOf(values: TransitionFormValues): CancelReason {
  const reasonCode = values.reasonCode as CancelReasonCode;
  return { reason: reasonCode === "own" ? values.reason! : CANCEL_REASON_LABEL[reasonCode], reasonCode };
}
