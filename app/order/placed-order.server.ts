import { createCookie } from "@remix-run/node";
import { env } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import type { Locale } from "~/i18n/locales";
import { holdsSameOrder, paymentPath } from "./order.server";
import type { OrderDetails } from "./schema";

/**
 * The order a browser just placed, remembered for a day in an HttpOnly cookie that holds
 * its payment token (already the key to its payment page, and nothing more). When the
 * visitor comes back to the order page (the back button, a reload), the page says the
 * order is placed and links to its payment page instead of offering the same order again.
 */
const placedOrderCookieJar = createCookie("placed_order", {
  path: "/",
  maxAge: 24 * 60 * 60,
  httpOnly: true,
  sameSite: "lax",
  secure: env.SITE_URL.startsWith("https:"),
});
const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export type PlacedOrder = {
  number: string;
  paymentUrl: string;
  /** The preview token it was ordered with: a preview showing this token is the placed order. */
  previewToken: string;
};

export function placedOrderCookie(paymentToken: string): Promise<string> {
  return placedOrderCookieJar.serialize(paymentToken);
}

async function paymentTokenOf(request: Request): Promise<string | null> {
  const value: unknown = await placedOrderCookieJar.parse(request.headers.get("Cookie")).catch(() => null);
  return typeof value === "string" && PAYMENT_TOKEN.test(value) ? value : null;
}

export async function findPlacedOrder(db: AppDatabase, request: Request): Promise<PlacedOrder | null> {
  const token = await paymentTokenOf(request);
  if (!token) return null;
  const order = await db
    .selectFrom("orders")
    .select(["number", "payment_token", "locale", "idempotency_key"])
    .where("payment_token", "=", token)
    .executeTakeFirst();
  return order ? { number: order.number, paymentUrl: paymentPath(order), previewToken: order.idempotency_key } : null;
}

/**
 * The preview token of the order this browser placed with exactly these data, if any: a
 * preview sent again (a reload after the back button) then is that order, not a new one.
 */
export async function previewTokenOfSameOrder(
  db: AppDatabase,
  request: Request,
  details: OrderDetails,
  locale: Locale,
): Promise<string | null> {
  const token = await paymentTokenOf(request);
  if (!token) return null;
  const order = await db.selectFrom("orders").selectAll().where("payment_token", "=", token).executeTakeFirst();
  return order && order.channel === "form" && holdsSameOrder(order, details, locale) ? order.idempotency_key : null;
}
