import type { OrderRow } from "~/db/schema";

/** The order's columns that say how much of its price the customer paid and keeps paid for. */
export const PAID_FOR_COLUMNS = [
  "status",
  "paid_at",
  "price_grosze",
  "received_grosze",
  "refunded_grosze",
  "refunded_at",
  "withdrawal_decision",
  "withdrawal_retained_grosze",
] as const satisfies readonly (keyof OrderRow)[];

export type PaidForFacts = Pick<OrderRow, (typeof PAID_FOR_COLUMNS)[number]>;

/**
 * What an invoice for the order states as paid (gross, in grosze): the price; after money went back,
 * what stayed with us, at most the price. A cancelled order keeps nothing, unless the customer
 * withdrew after an early start and the operator kept an amount for the work done (art. 35 of the
 * consumer rights act): that amount was paid for a service, so it is invoiced, before its rest is
 * sent back as after. 0: nothing to invoice (never paid, or the whole payment went back).
 */
export function paidForGrosze(order: PaidForFacts): number {
  if (!order.paid_at) return 0;
  const paid = order.received_grosze ?? order.price_grosze;
  const kept =
    order.refunded_at !== null
      ? paid - (order.refunded_grosze ?? 0)
      : order.status !== "cancelled"
        ? paid
        : order.withdrawal_decision === "partial"
          ? (order.withdrawal_retained_grosze ?? 0)
          : 0;
  return Math.max(0, Math.min(order.price_grosze, kept));
}
