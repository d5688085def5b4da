import { awaitsAddress } from "~/order/address-later";
import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database, MessageKind, OrderStatus } from "~/db/schema";
import { enqueueAgain, enqueueMessages } from "~/outbox/outbox.server";
import { recordOrderEvent } from "./order-events.server";
import { targetStatus, type Transition } from "./transitions";
import type { CancelReasonCode } from "./cancel-reasons";
import type { Invoicing } from "./invoicing";

/** The reason housekeeping cancels with at the payment deadline. */
export const UNPAID_REASON = "unpaid";

/** How an online payment is described in the audit row and the "paid" e-mail's facts. */
export type OnlinePaymentFacts = { paidOnline: string; paymentMethod: string; gatewayOrderId: string };

/** Which statement line paid an order read from the bank's statement (app/bank-statements), for its history. */
export type BankTransferFacts = { bankStatement: string; statementDate: string; statementLine: string };

/** Why an order is cancelled: a standard reason (translated for the customer by its code), or the operator's own words. */
export type CancelReason = { reason: string; reasonCode?: CancelReasonCode };

/** The facts an operator gives with a move; what each move needs is checked by its form. */
export type TransitionFacts =
  | ({ transition: "mark_paid"; paidAt: string; receivedGrosze?: number } & Partial<OnlinePaymentFacts> & Partial<BankTransferFacts>)
  | { transition: "mark_dispatched"; trackingNumber: string; courier: string | null }
  | ({ transition: "cancel" } & CancelReason & {
        /** What the operator gives back when the withdrawal kept an amount (art. 35); cancelOrder makes it one of the two below. */
        refundGrosze?: number;
        /** Returned in the same step: online, or by a transfer the operator says was sent (`refundedBy`). */
        refundedGrosze?: number;
        refundedBy?: "transfer";
        /** Paid by transfer and not yet returned: the operator sends it back and records it (a correction). */
        refundDueGrosze?: number;
      })
  /** `consentAt`/`consentHow`: when and how the customer said they want the order carried out after all (terms, § 4 ust. 6). */
  | { transition: "reopen"; paidAt: string; receivedGrosze?: number; consentAt: string; consentHow: string };

export type TransitionResult =
  | { ok: true; from: OrderStatus; to: OrderStatus }
  /** `withdrawn`: refused because the customer withdrew from the agreement (nothing of theirs is shipped). */
  | { ok: false; reason: "not-found" | "not-allowed"; current?: OrderStatus; withdrawn?: true; addressPending?: true };

/** Who the audit trail names for a move no person made (a verified online payment). */
export const SYSTEM_ACTOR = "system";

const MESSAGE_FOR: Record<Transition, MessageKind> = {
  mark_paid: "order_paid",
  mark_dispatched: "order_dispatched",
  cancel: "order_cancelled",
  reopen: "order_reopened",
};

/**
 * Moves one order in ONE transaction: the status and its facts, the audit row, and the customer's
 * e-mail in the outbox. The status is re-read and compared inside the transaction, so two operators
 * (or an operator and housekeeping) cannot both move the same order from the same status.
 * `invoicing` issues the invoice with a payment and corrects it with money returned (./invoicing.ts).
 */
export async function applyTransition(
  db: AppDatabase,
  orderId: number,
  facts: TransitionFacts,
  operator: string,
  now: Date,
  invoicing: Invoicing,
): Promise<TransitionResult> {
  return db.transaction().execute((trx) => applyTransitionIn(trx, orderId, facts, operator, now, invoicing));
}

/** The same move inside a transaction the caller holds, so it commits together with the caller's own rows (a payment). */
export async function applyTransitionIn(
  trx: Transaction<Database>,
  orderId: number,
  facts: TransitionFacts,
  operator: string,
  now: Date,
  invoicing: Invoicing,
): Promise<TransitionResult> {
  const at = now.toISOString();
  const order = await trx
    .selectFrom("orders")
    .select(["id", "status", "withdrawn_at", "address_pending"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return { ok: false, reason: "not-found" } as const;
  const to = targetStatus(facts.transition, order.status);
  if (!to) return { ok: false, reason: "not-allowed", current: order.status } as const;
  // An order the customer withdrew from is settled, never shipped: the e-mail would tell them it was.
  if (facts.transition === "mark_dispatched" && order.withdrawn_at)
    return { ok: false, reason: "not-allowed", current: order.status, withdrawn: true } as const;
  // Nothing is drawn or sent before the flat's address is given (docs/decisions/091).
  if (facts.transition === "mark_dispatched" && awaitsAddress(order))
    return { ok: false, reason: "not-allowed", current: order.status, addressPending: true } as const;
  // Money that came online is the gateway's fact: a second, hand-made "paid" would hide a double payment.
  if (facts.transition === "mark_paid" && !facts.paidOnline && (await hasOnlinePayment(trx, orderId)))
    return { ok: false, reason: "not-allowed", current: order.status } as const;

  const columns =
    facts.transition === "mark_paid"
      ? { paid_at: facts.paidAt, received_grosze: facts.receivedGrosze ?? null }
      : facts.transition === "mark_dispatched"
        ? { dispatched_at: at, tracking_number: facts.trackingNumber, courier: facts.courier }
        : facts.transition === "reopen"
          ? {
              // The periods run from the customer's consent, or from the payment if it came later: paid_at is the day they count from.
              paid_at: facts.consentAt > facts.paidAt ? facts.consentAt : facts.paidAt,
              received_grosze: facts.receivedGrosze ?? null,
              cancelled_at: null,
              cancel_reason: null,
            }
          : {
              cancelled_at: at,
              cancel_reason: facts.reason,
              ...(facts.refundedGrosze ? { refunded_grosze: facts.refundedGrosze, refunded_at: at } : {}),
            };
  const updated = await trx
    .updateTable("orders")
    .set({ status: to, updated_at: at, ...columns })
    .where("id", "=", orderId)
    .where("status", "=", order.status)
    .$if(facts.transition === "mark_dispatched", (query) => query.where("withdrawn_at", "is", null).where("address_pending", "=", 0))
    // Only the deadline's cancellation is undone by late money; an operator's or the customer's stands.
    .$if(facts.transition === "reopen", (query) => query.where("cancel_reason", "=", UNPAID_REASON))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "not-allowed", current: order.status } as const;

  const { transition: _transition, ...details } = facts;
  await recordOrderEvent(trx, { orderId, operator, from: order.status, to, details, at: now });
  const kinds = messagesFor(facts, order.withdrawn_at !== null);
  // A "paid" or "dispatched" whose e-mail was already sent can only come again after an undo
  // (app/flows/undo.server.ts), which told the customer it was a mistake: this one goes out again.
  if (facts.transition === "mark_paid" || facts.transition === "mark_dispatched")
    for (const kind of kinds) await enqueueAgain(trx, orderId, kind, now, details);
  else await enqueueMessages(trx, orderId, kinds, now, details);
  // A paid order that asked for an invoice gets it with the payment; money returned corrects it.
  if (to === "paid") await invoicing.issueOnPayment(trx, orderId, { now, issuedBy: operator });
  if (facts.transition === "cancel" && facts.refundedGrosze) await invoicing.correctOnRefund(trx, orderId, { now, issuedBy: operator });
  return { ok: true, from: order.status, to } as const;
}

/**
 * The e-mail a move sends. Money that arrives after the customer withdrew is not "paid, we will
 * dispatch": the customer is told nothing (the settlement's e-mail follows), and money that came
 * online by itself is flagged to the operator to give back (docs/decisions/040 and 058).
 */
function messagesFor(facts: TransitionFacts, withdrawn: boolean): MessageKind[] {
  // The deadline closing an order the customer withdrew from says nothing: they have been told what happens
  // (the acknowledgement, their order page), and an e-mail about an unpaid order would contradict it.
  if (facts.transition === "cancel" && facts.reason === UNPAID_REASON && withdrawn) return [];
  if (facts.transition === "mark_paid" && withdrawn) return facts.paidOnline ? ["operator_payment_to_return"] : [];
  return [MESSAGE_FOR[facts.transition]];
}

async function hasOnlinePayment(trx: Transaction<Database>, orderId: number): Promise<boolean> {
  const row = await trx
    .selectFrom("payments")
    .select("id")
    .where("order_id", "=", orderId)
    .where("state", "in", ["paid", "refunded"])
    .where("replacement_charge_id", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}
