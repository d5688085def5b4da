import { z } from "zod";
import { warsawDay } from "~/config/delivery-dates.server";
import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from "~/forms/control-characters";
import type { TransitionFacts } from "./order-transitions.server";
import { TRANSITION_TEXT } from "./texts";
import { isTransition, type Transition } from "./transitions";

/** What the operator typed, echoed back with the messages when a form is refused. */
export type TransitionFormValues = Record<string, string>;
export type TransitionFormResult =
  | { ok: true; facts: TransitionFacts }
  | { ok: false; transition: Transition | null; errors: Record<string, string>; values: TransitionFormValues };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day, no later than today (Warsaw); a payment cannot be booked in the future. */
function isPastOrToday(value: string, now: Date): boolean {
  if (!ISO_DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
  return value <= warsawDay(now);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** Reads one transition form; each move asks only for its own facts. */
export function parseTransitionForm(form: FormData, now: Date): TransitionFormResult {
  const transition = text(form, "transition");
  const values: TransitionFormValues = {};
  for (const name of ["paidAt", "trackingNumber", "courier", "reason"]) values[name] = text(form, name);
  if (!isTransition(transition)) return { ok: false, transition: null, errors: { form: TRANSITION_TEXT.unknown }, values };

  const schemas = {
    mark_paid: z.object({ paidAt: z.string().refine((value) => isPastOrToday(value, now), TRANSITION_TEXT.paidAtInvalid) }),
    mark_dispatched: z.object({
      trackingNumber: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, TRANSITION_TEXT.trackingNumberInvalid),
      courier: z.string().regex(SINGLE_LINE_TEXT, TRANSITION_TEXT.courierControlCharacters).max(60, TRANSITION_TEXT.courierTooLong),
    }),
    cancel: z.object({
      reason: z.string().regex(MULTI_LINE_TEXT, TRANSITION_TEXT.reasonControlCharacters).min(1, TRANSITION_TEXT.reasonInvalid).max(500, TRANSITION_TEXT.reasonInvalid),
    }),
  };
  const parsed = schemas[transition].safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, transition, errors, values };
  }
  if (transition === "mark_paid") return { ok: true, facts: { transition, paidAt: values.paidAt! } };
  if (transition === "mark_dispatched") return { ok: true, facts: { transition, trackingNumber: values.trackingNumber!.toUpperCase(), courier: values.courier || null } };
  return { ok: true, facts: { transition, reason: values.reason! } };
}
