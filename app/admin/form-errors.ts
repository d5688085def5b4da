import type { Locale } from "~/i18n/locales";
import type { CorrectionIntent } from "./correction-form.server";
import { CORRECTION_TEXT, TRANSITION_LABEL, TRANSITION_TEXT } from "~/order/lifecycle/admin-texts";
import { IN_LANGUAGE } from "~/order/admin-texts";
import { PAYMENT_TEXT } from "~/payments/admin-texts";
import { SHIPPING_TEXT } from "~/shipping/admin-texts";
import { WITHDRAWAL_TEXT } from "~/withdrawal/admin-texts";
import type { Transition } from "~/order/lifecycle/transitions";
import { fieldProblems, type FieldProblem } from "~/forms/field-problems";
import { ANSWER_FIELD_ID } from "~/messages/admin-answer";
import { MESSAGES_TEXT } from "~/messages/admin-texts";
import { REPLACEMENT_TEXT } from "~/order/replacement-admin-texts";
import { REPLACEMENT_INTENT } from "./OrderDeclarations";

/**
 * The back office's forms share one page each, so a refused form's messages are listed at the
 * top of the page (the error summary), each linking to its field: the page loads at its top,
 * and the form may be thousands of pixels below.
 */

/** A refused form of an order's page, as the page's action answers it. */
export type OrderPageRefusal = {
  transition: Transition | null;
  errors: Record<string, string>;
  correction?: { intent: CorrectionIntent; errors: Record<string, string> };
  refund?: { paymentId: number; errors: Record<string, string> };
  withdrawalDecision?: { errors: Record<string, string> };
  withdrawalDelivery?: { errors: Record<string, string> };
  withdrawalRecord?: { errors: Record<string, string> };
  /** "Nadaj przesyłkę" sent without its tick. */
  ship?: { errors: Record<string, string> };
  /** The answer in the customer's thread. */
  answer?: { error: string | null };
  /** "Wystaw oświadczenie zastępcze" (docs/decisions/092). */
  replacement?: { errors: Record<string, string> };
};

/** What the order page's error summary lists for a refusal: the form's name and its fields' problems; null when none is a field's. */
export function orderPageProblems(
  refusal: OrderPageRefusal | undefined,
  locale: Locale,
): { form: string; problems: FieldProblem[] } | null {
  if (!refusal) return null;
  const found = (form: string, problems: FieldProblem[]) => (problems.length > 0 ? { form, problems } : null);
  if (refusal.refund) {
    const { paymentId, errors } = refusal.refund;
    const labels = {
      reasonCode: TRANSITION_TEXT.reasonCode,
      reason: TRANSITION_TEXT.ownReason(IN_LANGUAGE[locale]),
      note: PAYMENT_TEXT.internalNote,
      confirm: PAYMENT_TEXT.confirmRefund,
      refundAmount: WITHDRAWAL_TEXT.decision.refundAmount,
    };
    return found(PAYMENT_TEXT.refund, fieldProblems(`refund-${paymentId}`, errors, labels));
  }
  if (refusal.answer) {
    const { error } = refusal.answer;
    return found(MESSAGES_TEXT.answer.heading, error ? [{ id: ANSWER_FIELD_ID, message: error }] : []);
  }
  if (refusal.replacement) {
    const text = REPLACEMENT_TEXT;
    const labels = {
      owner: text.owner,
      address: text.address,
      city: text.city,
      declaredOn: text.declaredOn,
      confirm: text.heading,
      paid: text.heading,
    };
    return found(text.heading, fieldProblems(REPLACEMENT_INTENT, refusal.replacement.errors, labels));
  }
  if (refusal.ship) return found(SHIPPING_TEXT.ship, fieldProblems("ship", refusal.ship.errors, { confirm: SHIPPING_TEXT.confirm }));
  if (refusal.withdrawalDecision) {
    const text = WITHDRAWAL_TEXT.decision;
    const settle = WITHDRAWAL_TEXT.settle;
    const labels = {
      decision: text.heading,
      retained: text.retained,
      reason: text.reason,
      transferRefund: settle.transferRefund,
      confirm: settle.heading,
    };
    return found(text.heading, fieldProblems("withdrawal_decision", refusal.withdrawalDecision.errors, labels));
  }
  if (refusal.withdrawalDelivery) {
    const text = WITHDRAWAL_TEXT.delivery;
    const labels = { deliveredOn: text.deliveredOn, deliveredTime: text.deliveredTime, source: text.source };
    return found(text.heading, fieldProblems("withdrawal_delivery", refusal.withdrawalDelivery.errors, labels));
  }
  if (refusal.withdrawalRecord) {
    const text = WITHDRAWAL_TEXT.record;
    const labels = {
      channel: text.channel,
      sentOn: text.sentOn,
      receivedOn: text.receivedOn,
      receivedTime: text.receivedTime,
      email: text.sender,
      text: text.text,
    };
    return found(text.heading, fieldProblems("withdrawal_record", refusal.withdrawalRecord.errors, labels));
  }
  if (refusal.correction) {
    const { intent, errors } = refusal.correction;
    return found(CORRECTION_TEXT.formName[intent] ?? intent, fieldProblems(intent, errors, CORRECTION_TEXT.labels[intent] ?? {}));
  }
  const { transition } = refusal;
  if (!transition) return null;
  const labels: Record<string, string> = {
    paidAt: TRANSITION_TEXT.paidAt,
    receivedAmount: TRANSITION_TEXT.receivedAmount,
    trackingNumber: TRANSITION_TEXT.trackingNumber,
    courier: TRANSITION_TEXT.courier,
    reasonCode: TRANSITION_TEXT.reasonCode,
    reason: TRANSITION_TEXT.ownReason(IN_LANGUAGE[locale]),
    consent: TRANSITION_TEXT.consent,
    consentAt: TRANSITION_TEXT.consentAt,
    consentHow: TRANSITION_TEXT.consentHow,
    refundAmount: WITHDRAWAL_TEXT.decision.refundAmount,
    confirm:
      transition === "mark_paid" || transition === "mark_dispatched" ? TRANSITION_TEXT.confirm[transition] : TRANSITION_TEXT.confirmCancel,
  };
  return found(TRANSITION_LABEL[transition], fieldProblems(transition, refusal.errors, labels));
}
