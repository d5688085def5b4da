import { ADDRESS_LATER_TEXT } from "~/order/admin-texts";
import type { AppDatabase } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import { applyTransition } from "~/flows/transitions.server";
import { undoMove } from "~/flows/undo.server";
import { TRANSITION_TEXT, UNDO_TEXT } from "~/order/lifecycle/admin-texts";
import type { Transition } from "~/order/lifecycle/transitions";
import { PAYMENT_TEXT } from "~/payments/admin-texts";
import type { PaymentGateway } from "~/payments/gateway";
import { cancelOrder } from "~/payments/refund.server";
import { SHIPPING_TEXT } from "~/shipping/admin-texts";
import { shipFromAdmin } from "~/shipping/ship-form.server";
import type { ShippingCarrier } from "~/shipping/carrier";
import { refundAfterDecisionOf } from "~/order/lifecycle/refund-ceiling.server";
import { correctionFromForm, isCorrectionIntent, type CorrectionRefusal } from "./correction-form.server";
import { findOrderDetail } from "./order-detail.server";
import type { RefundRefusal } from "./OrderPayments";
import { refundFromForm } from "./refund-form.server";
import { parseTransitionForm } from "./transition-form.server";
import type { DecisionFormRefusal } from "~/withdrawal/WithdrawalDecisionForm";
import { decisionFromForm } from "~/withdrawal/decision-form.server";
import { deliveryFromForm, statementFromForm } from "./withdrawal-records-form.server";
import { ANSWER_INTENT, PREVIEW_INTENT, type AnswerFormState } from "~/messages/admin-answer";
import { answerFromForm } from "~/messages/admin-answer.server";
import { openConversationOfOrder } from "~/messages/conversation.server";
import { env } from "~/config/env.server";
import {
  REPLACEMENT_INTENT,
  REPLACEMENT_PAYMENT_CANCEL_INTENT,
  REPLACEMENT_PAYMENT_INTENT,
  type ReplacementRefusal,
} from "./OrderDeclarations";
import { cancelReplacementCharge } from "~/order/replacement-charge.server";
import { REPLACEMENT_TEXT } from "~/order/replacement-admin-texts";
import { replacementFromForm } from "./replacement-form.server";

/**
 * The forms of an order's page, one handler per kind of post (its `intent`): each reads its form
 * with its feature's parser and says what the page answers. The route turns the answer into HTTP.
 */

/** A refused form, as the page shows it again: the page's notice (`errors.form`) and the refused form's own errors and values. */
export type OrderFormRefusal = {
  transition: Transition | null;
  errors: Record<string, string>;
  values: Record<string, string>;
  refund?: RefundRefusal;
  correction?: CorrectionRefusal;
  withdrawalDecision?: DecisionFormRefusal;
  withdrawalDelivery?: DecisionFormRefusal;
  withdrawalRecord?: DecisionFormRefusal;
  ship?: { errors: Record<string, string> };
  /** The answer to the customer's thread: refused, or shown as a preview (status 200). */
  answer?: AnswerFormState;
  /** "Wystaw oświadczenie zastępcze" refused (docs/decisions/092). */
  replacement?: ReplacementRefusal;
};

/** `done`: saved, the page reloads with `?done=` naming it; `refused`: the page again with the refusal (or the answer's preview, at 200); `not-found`: no such order. */
export type OrderFormOutcome =
  { kind: "done"; done: string } | { kind: "refused"; status: number; refusal: OrderFormRefusal } | { kind: "not-found" };

/** A post to the order's page, with the outside services it may call (null when unconfigured). */
export type OrderFormPost = {
  db: AppDatabase;
  services: { payments: PaymentGateway | null; shipping: ShippingCarrier | null };
  orderId: number;
  form: FormData;
  operator: string;
  now: Date;
};

type Handler = (post: OrderFormPost) => Promise<OrderFormOutcome>;

const done = (what: string): OrderFormOutcome => ({ kind: "done", done: what });
const refused = (
  status: number,
  refusal: Omit<OrderFormRefusal, "transition" | "values"> & Partial<OrderFormRefusal>,
): OrderFormOutcome => ({
  kind: "refused",
  status,
  refusal: { transition: null, values: {}, ...refusal },
});
const NOT_FOUND: OrderFormOutcome = { kind: "not-found" };

/** An online payment given back through the gateway. */
const refund: Handler = async ({ db, services, orderId, form, operator, now }) => {
  const refusal = await refundFromForm(db, services.payments, orderId, form, operator, now);
  if (!refusal) return done("refund");
  // A missing reason or tick is the fields' error; the gateway's refusal is the page's.
  return refusal.status === 400
    ? refused(400, { errors: {}, refund: refusal })
    : refused(refusal.status, { errors: { form: refusal.errors.form ?? "" } });
};

/** The InPost shipment made from the order's page. */
const ship: Handler = async ({ db, services, orderId, form, operator }) => {
  // A paid shipment and the customer's e-mail at once: the operator ticks that they mean it, as for "Oznacz jako wysłane".
  if (form.get("confirm") !== "yes") return refused(400, { errors: {}, ship: { errors: { confirm: TRANSITION_TEXT.confirmMissing } } });
  const carrier = services.shipping;
  const problem = carrier ? await shipFromAdmin(db, carrier, orderId, operator) : SHIPPING_TEXT.unavailable;
  return problem ? refused(409, { errors: { form: problem } }) : done("ship");
};

/** The decision on a withdrawn order (art. 35), with its settlement. */
const withdrawalDecision: Handler = async ({ db, services, orderId, form, operator, now }) => {
  const detail = await findOrderDetail(db, orderId);
  if (!detail) return NOT_FOUND;
  const outcome = await decisionFromForm(db, services.payments, detail.order, detail.moneyHeld, form, operator, now);
  if (outcome.ok) return done(outcome.settled ? "withdrawal_settled" : "withdrawal_decision");
  return refused(outcome.status, {
    errors: outcome.status === 400 ? {} : outcome.errors,
    withdrawalDecision: { errors: outcome.errors, values: outcome.values },
  });
};

/** The withdrawal section's records: a delivery from the carrier's proof. */
const withdrawalDelivery: Handler = async ({ db, orderId, form, operator, now }) => {
  const outcome = await deliveryFromForm(db, orderId, form, operator, now);
  if (outcome.ok) return done("withdrawal_delivery");
  return refused(outcome.status, {
    errors: outcome.status === 400 ? {} : outcome.errors,
    withdrawalDelivery: { errors: outcome.errors, values: outcome.values },
  });
};

/** The withdrawal section's records: a statement that came by e-mail or post. */
const withdrawalRecord: Handler = async ({ db, orderId, form, operator, now }) => {
  const outcome = await statementFromForm(db, orderId, form, operator, now);
  if (outcome.ok) return done("late" in outcome && outcome.late ? "withdrawal_recorded_late" : "withdrawal_recorded");
  return refused(outcome.status, {
    errors: outcome.status === 400 ? {} : outcome.errors,
    withdrawalRecord: { errors: outcome.errors, values: outcome.values },
  });
};

/** A correction of the order's facts, a note, or a message sent again. */
const correction: Handler = async ({ db, orderId, form, operator, now }) => {
  const intent = form.get("intent");
  if (!isCorrectionIntent(intent)) return NOT_FOUND;
  const outcome = await correctionFromForm(db, orderId, intent, form, operator, now);
  if (outcome.ok) return done(intent);
  if (outcome.status === 404) return NOT_FOUND;
  return refused(outcome.status, { errors: { form: outcome.refusal.errors.form ?? "" }, correction: outcome.refusal });
};

/** A move of the order's status: paid, dispatched, cancelled (its money given back in the same step) or reopened. */
const transition: Handler = async ({ db, services, orderId, form, operator, now }) => {
  // Cancelling a paid order gives its money back: after an art. 35 decision, at most the payment less the amount kept.
  const afterDecision = form.get("transition") === "cancel" ? await refundAfterDecisionOf(db, orderId) : null;
  const parsed = parseTransitionForm(form, now, afterDecision);
  if (!parsed.ok) return refused(400, { transition: parsed.transition, errors: parsed.errors, values: parsed.values });
  const { facts } = parsed;
  const result =
    facts.transition === "cancel"
      ? await cancelOrder(db, services.payments, orderId, facts, operator, now)
      : await applyTransition(db, orderId, facts, operator, now);
  if (result.ok) return done(facts.transition);
  if (result.reason === "not-found") return NOT_FOUND;
  if (result.reason === "not-allowed") {
    const message =
      "withdrawn" in result
        ? SHIPPING_TEXT.withdrawn
        : "addressPending" in result
          ? ADDRESS_LATER_TEXT.notYet
          : TRANSITION_TEXT.notAllowed(result.current as OrderStatus);
    return refused(409, { transition: facts.transition, errors: { form: message } });
  }
  // The money could not be given back, so nothing changed: the form keeps what was typed.
  return refused(502, { transition: facts.transition, errors: { form: PAYMENT_TEXT.cancelRefused[result.reason] }, values: parsed.values });
};

/** "Cofnij": the operator's own "paid" or "dispatched" taken back; `event` names the move, so a newer one is never undone by mistake. */
const undo: Handler = async ({ db, orderId, form, operator, now }) => {
  const event = form.get("event");
  const eventId = typeof event === "string" && /^\d{1,12}$/.test(event) ? Number(event) : null;
  if (eventId === null) return refused(409, { errors: { form: UNDO_TEXT.refused["not-latest"] } });
  const result = await undoMove(db, orderId, eventId, operator, now);
  if (result.ok) return done(`undo_${result.mail}`);
  if (result.reason === "not-found") return NOT_FOUND;
  return refused(409, { errors: { form: UNDO_TEXT.refused[result.reason] } });
};

/** The operator's answer in the order's thread (opened now when the operator writes first), or its preview. */
const answer: Handler = async ({ db, orderId, form, operator, now }) => {
  const outcome = await answerFromForm(db, { conversationId: () => openConversationOfOrder(db, orderId, now), form, operator, now });
  if (outcome.kind === "sent") return done(ANSWER_INTENT);
  // A preview is the page again with the form filled in, as a refusal is; only its status differs.
  return refused(outcome.status === 404 ? 409 : outcome.status, { errors: {}, answer: outcome.state });
};

/** A replacement declaration: the new flat and owner, the old declaration no longer valid, the customer told (docs/decisions/092). */
const replacement: Handler = async ({ db, services, orderId, form, operator, now }) => {
  const outcome = await replacementFromForm(db, orderId, form, {
    priceGrosze: env.PRICE_REPLACEMENT,
    operator,
    now,
    onlinePayment: services.payments !== null,
  });
  if (outcome.ok) return done(outcome.done === "requested" ? REPLACEMENT_PAYMENT_INTENT : REPLACEMENT_INTENT);
  if (outcome.status === 404) return NOT_FOUND;
  const { form: notice, ...fields } = outcome.errors;
  return refused(outcome.status, {
    // The page's notice says what refused the whole form; its fields' messages are listed by the summary.
    errors: notice ? { form: notice } : {},
    replacement: { errors: outcome.status === 400 ? fields : outcome.errors, values: outcome.values },
  });
};

/** "Anuluj prośbę o płatność": the replacement awaiting the customer's online payment is withdrawn (docs/decisions/094). */
const replacementPaymentCancel: Handler = async ({ db, orderId, form, operator, now }) => {
  const chargeId = Number(form.get("chargeId"));
  const cancelled = Number.isSafeInteger(chargeId) && (await cancelReplacementCharge(db, { orderId, chargeId, operator, now }));
  if (cancelled) return done(REPLACEMENT_PAYMENT_CANCEL_INTENT);
  return refused(409, { errors: { form: REPLACEMENT_TEXT.online.cancelRefused } });
};

/** Which handler answers which `intent`; a post with none of these is a status move. */
const HANDLERS = new Map<string, Handler>([
  ["refund", refund],
  ["ship", ship],
  ["withdrawal_decision", withdrawalDecision],
  ["withdrawal_delivery", withdrawalDelivery],
  ["withdrawal_record", withdrawalRecord],
  ["undo", undo],
  [ANSWER_INTENT, answer],
  [PREVIEW_INTENT, answer],
  [REPLACEMENT_INTENT, replacement],
  [REPLACEMENT_PAYMENT_CANCEL_INTENT, replacementPaymentCancel],
]);

export function answerOrderForm(post: OrderFormPost): Promise<OrderFormOutcome> {
  const intent = post.form.get("intent");
  const handler = typeof intent === "string" ? HANDLERS.get(intent) : undefined;
  if (handler) return handler(post);
  return isCorrectionIntent(intent) ? correction(post) : transition(post);
}
