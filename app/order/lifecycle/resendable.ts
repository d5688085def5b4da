import type { MessageKind, OrderRow } from "~/db/schema";

type OrderState = Pick<OrderRow, "status" | "refunded_at">;

/**
 * What a customer message says must still hold when it is sent again, or it would mislead: a paid
 * order asked to pay, a cancelled one told it is on its way. The confirmation is composed for the
 * order as it is (once paid, without payment instructions), so only a cancelled order's is refused.
 * Kinds not listed say nothing that a later status contradicts.
 */
const STILL_TRUE: Partial<Record<MessageKind, (order: OrderState) => boolean>> = {
  order_confirmation: (order) => order.status !== "cancelled",
  payment_reminder: (order) => order.status === "awaiting_payment",
  order_paid: (order) => order.status === "paid",
  order_reopened: (order) => order.status === "paid",
  order_dispatched: (order) => order.status === "dispatched",
  tracking_corrected: (order) => order.status === "dispatched",
  order_cancelled: (order) => order.status === "cancelled",
  refund_recorded: (order) => order.refunded_at !== null,
  declaration_replaced: (order) => order.status === "dispatched",
};

export function resendableNow(kind: MessageKind, order: OrderState): boolean {
  return STILL_TRUE[kind]?.(order) ?? true;
}
