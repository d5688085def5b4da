/**
 * The bank transfer's title for an order, the same in every language: the bank statement is
 * matched on it, so an English "Order AE-…" would be one more spelling to look for.
 */
export function transferTitle(orderNumber: string): string {
  return `Zamówienie ${orderNumber}`;
}
