import type { AppDatabase } from "~/db/db.server";
import type { Locale } from "~/i18n/locales";
import { holdsSameOrder, invoiceAskedWithOrder, paymentPath } from "./order.server";
import { isPaymentToken } from "./payment-token";
import type { OrderDetails } from "./schema";

/**
 * The order a browser just placed. The order pages' route remembers its payment token for a day
 * in an HttpOnly cookie (already the key to its payment page, and nothing more). When the visitor
 * comes back to the order page (the back button, a reload), the page says the order is placed and
 * links to its payment page instead of offering the same order again.
 */
export type PlacedOrder = {
  number: string;
  paymentUrl: string;
  /** The preview token it was ordered with: a preview showing this token is the placed order. */
  previewToken: string;
};

export async function findPlacedOrder(db: AppDatabase, paymentToken: string | null): Promise<PlacedOrder | null> {
  if (!paymentToken || !isPaymentToken(paymentToken)) return null;
  const order = await db
    .selectFrom("orders")
    .select(["number", "payment_token", "locale", "idempotency_key"])
    .where("payment_token", "=", paymentToken)
    .executeTakeFirst();
  return order ? { number: order.number, paymentUrl: paymentPath(order), previewToken: order.idempotency_key } : null;
}

/**
 * The preview token of the order this browser placed with exactly these data, if any: a
 * preview sent again (a reload after the back button) then is that order, not a new one.
 */
export async function previewTokenOfSameOrder(
  db: AppDatabase,
  paymentToken: string | null,
  details: OrderDetails,
  locale: Locale,
): Promise<string | null> {
  if (!paymentToken || !isPaymentToken(paymentToken)) return null;
  const order = await db.selectFrom("orders").selectAll().where("payment_token", "=", paymentToken).executeTakeFirst();
  if (!order || order.channel !== "form") return null;
  return holdsSameOrder(order, await invoiceAskedWithOrder(db, order.id), details, locale) ? order.idempotency_key : null;
}
