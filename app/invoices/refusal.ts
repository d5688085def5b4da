/**
 * Why the customer's invoice page offers no request and nothing was issued: the order was cancelled
 * before it was paid, the whole payment went back, or the three months in which the law obliges
 * the seller to issue one on request (art. 106b ust. 3) have passed. Shared by the page and the
 * domain (./customer.server.ts), so both name the same message.
 */
export type InvoiceRefusal = "cancelled" | "refunded" | "tooLate";

/** Each refusal's message, a key of the "invoice" namespace. */
export const REFUSAL_KEYS: Record<InvoiceRefusal, string> = {
  cancelled: "invoice:panel.cancelled",
  refunded: "invoice:panel.refunded",
  tooLate: "invoice:panel.tooLate",
};
