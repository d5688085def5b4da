import { awaitsAddress } from "~/order/address-later";
import type { AppDatabase } from "~/db/db.server";
import type { MessageKind, OrderRow, PaymentRow } from "~/db/schema";
import { UNPAID_REASON } from "~/order/lifecycle/order-transitions.server";
import { availableTransitions, type Transition } from "~/order/lifecycle/transitions";
import type { MoneyHeld } from "~/order/lifecycle/refund-ceiling.server";

export type OrderEventView = { at: string; operator: string; from: string; to: string; details: Record<string, string> };

/** An outbox message as the operator needs to see it: is the customer told, and if not, why. */
export type MessageView = {
  kind: MessageKind;
  /** `refused`: the mail server refused it for good (a 5xx), so it was given up at once (docs/decisions/069). */
  state: "queued" | "sending" | "sent" | "retrying" | "failed" | "refused";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string;
};

/** One online payment (a Przelewy24 session) as the order's page lists it: its state, amount, refund and failure. */
export type OnlinePaymentRecord = Pick<
  PaymentRow,
  | "id"
  | "gateway"
  | "method"
  | "session_id"
  | "state"
  | "amount_grosze"
  | "gateway_order_id"
  | "created_at"
  | "paid_at"
  | "refunded_at"
  | "refund_reason"
  | "failure"
  | "refund_status"
  | "refund_settled_at"
  | "replacement_charge_id"
>;

export type OrderDetail = {
  order: OrderRow;
  events: OrderEventView[];
  messages: MessageView[];
  payments: OnlinePaymentRecord[];
  transitions: Transition[];
  /** Whether money came through the gateway (it goes back through it, never by a hand-made entry). */
  paidOnline: boolean;
  moneyHeld: MoneyHeld;
};

/** A message sent again is queued with its earlier attempts counted: only a recorded error means it is being retried. */
function messageState(status: string, lastError: string | null, refused: number): MessageView["state"] {
  if (status === "sent") return "sent";
  if (status === "failed") return refused ? "refused" : "failed";
  if (status === "sending") return "sending";
  return lastError ? "retrying" : "queued";
}

function detailsOf(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(
      Object.entries(parsed).map(([key, value]) => [
        key,
        value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value),
      ]),
    );
  } catch {
    return {};
  }
}

/** Everything the detail page shows about one order, or null when there is no such order. */
export async function findOrderDetail(db: AppDatabase, orderId: number): Promise<OrderDetail | null> {
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) return null;
  const [events, messages, payments] = await Promise.all([
    db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("at").orderBy("id").execute(),
    db.selectFrom("outbox").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),
    db
      .selectFrom("payments")
      .select([
        "id",
        "gateway",
        "method",
        "session_id",
        "state",
        "amount_grosze",
        "gateway_order_id",
        "created_at",
        "paid_at",
        "refunded_at",
        "refund_reason",
        "failure",
        "refund_status",
        "refund_settled_at",
        "replacement_charge_id",
      ])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute(),
  ]);
  // The order's own price only: a replacement declaration's payment (docs/decisions/094) is no part of what the order holds.
  const own = payments.filter((payment) => payment.replacement_charge_id === null);
  const paidOnline = own.some((payment) => payment.state === "paid" || payment.state === "refunded");
  const heldOnline = own.find((payment) => payment.state === "paid");
  return {
    order,
    paidOnline,
    moneyHeld: {
      online: heldOnline ? heldOnline.amount_grosze : null,
      byTransfer: order.paid_at && !order.refunded_at && !paidOnline ? (order.received_grosze ?? order.price_grosze) : null,
    },
    events: events.map((event) => ({
      at: event.at,
      operator: event.operator,
      from: event.from_status,
      to: event.to_status,
      details: detailsOf(event.details),
    })),
    messages: messages.map((message) => ({
      kind: message.kind,
      state: messageState(message.status, message.last_error, message.refused),
      attempts: message.attempts,
      lastError: message.last_error,
      sentAt: message.sent_at,
      nextAttemptAt: message.next_attempt_at,
    })),
    payments,
    // An order paid online is never marked paid by hand (applyTransitionIn refuses it too).
    transitions: availableTransitions(order.status).filter(
      (transition) =>
        (transition !== "mark_paid" || !paidOnline) &&
        // Late money reopens only what the deadline cancelled (applyTransitionIn checks it too).
        (transition !== "reopen" || (order.cancel_reason === UNPAID_REASON && !order.anonymised_at)) &&
        // What the customer withdrew from is settled, never shipped (applyTransitionIn refuses it too).
        (transition !== "mark_dispatched" || !order.withdrawn_at) &&
        // Nor before the flat's address is given (docs/decisions/091; applyTransitionIn refuses it too).
        (transition !== "mark_dispatched" || !awaitsAddress(order)),
    ),
  };
}
