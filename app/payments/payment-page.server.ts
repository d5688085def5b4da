import { env } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import type { Locale } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";
import { isPaymentToken } from "~/order/payment-token";
import type { PaymentGateway } from "./gateway";
import { P24_NOTIFICATION_PATH } from "./paths";
import { recheckPayment } from "./settle.server";
import { BLIK_GIVE_UP_MS, BLIK_WAIT_MS, startPayment, type PayableOrder, type StartOutcome } from "./start.server";

/** A pending payment is asked about when its notification is this late (a lost one: the site was down). */
export const RECHECK_AFTER_MS = 60_000;

/** What the payment page says about online payment; null when it is off or the order is not awaiting payment. */
export type OnlinePaymentView = {
  /** The attempt the customer waits for, and whether the page should still look again by itself. */
  waiting: { method: "blik" | "redirect"; refreshing: boolean } | null;
  /** The last attempt failed and nothing is in progress. */
  lastFailed: boolean;
};

export async function findPayableOrder(db: AppDatabase, paymentToken: string): Promise<PayableOrder | undefined> {
  if (!isPaymentToken(paymentToken)) return undefined;
  return db
    .selectFrom("orders")
    .select(["id", "number", "status", "price_grosze", "currency", "email", "locale"])
    .where("payment_token", "=", paymentToken)
    .executeTakeFirst();
}

/**
 * The online part of the payment page. A payment whose notification is over a minute late is
 * asked about first (transaction/by/sessionId), through the same verified path as a notification.
 */
export async function onlinePaymentView(
  db: AppDatabase,
  gateway: PaymentGateway | null,
  order: PayableOrder,
  now: Date,
): Promise<OnlinePaymentView | null> {
  if (!gateway || order.status !== "awaiting_payment") return null;
  let latest = await latestAttempt(db, order.id);
  const inProgress = latest && (latest.state === "registered" || latest.state === "pending");
  if (latest && inProgress && now.getTime() - Date.parse(latest.created_at) > RECHECK_AFTER_MS) {
    const closeIfUnpaid = latest.method === "blik" && now.getTime() - Date.parse(latest.created_at) > BLIK_GIVE_UP_MS;
    const outcome = await recheckPayment(db, gateway, latest, now, closeIfUnpaid);
    if (outcome === "paid" || outcome === "already-paid") return null;
    latest = await latestAttempt(db, order.id);
  }
  if (!latest) return { waiting: null, lastFailed: false };
  if (latest.state === "registered" || latest.state === "pending") {
    return {
      waiting: { method: latest.method, refreshing: now.getTime() - Date.parse(latest.created_at) < BLIK_WAIT_MS },
      lastFailed: false,
    };
  }
  return { waiting: null, lastFailed: latest.state === "failed" };
}

function latestAttempt(db: AppDatabase, orderId: number) {
  return db.selectFrom("payments").selectAll().where("order_id", "=", orderId).orderBy("id", "desc").executeTakeFirst();
}

/** Starts the attempt the customer chose on the payment page; the URLs lead back to that page and to the notification route. */
export function startFromPaymentPage(
  db: AppDatabase,
  gateway: PaymentGateway,
  order: PayableOrder,
  paymentToken: string,
  locale: Locale,
  request: Parameters<typeof startPayment>[2],
): Promise<StartOutcome> {
  return startPayment(db, order, request, {
    gateway,
    description: `Zamówienie ${order.number}`,
    urlReturn: `${env.SITE_URL}${pathFor("payment", locale, { token: paymentToken })}`,
    urlStatus: `${env.SITE_URL}${P24_NOTIFICATION_PATH}`,
    now: new Date(),
  });
}

/** A BLIK code as typed: six digits, spaces and dashes allowed between them (the bank's app groups them 3+3). */
export function normaliseBlikCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}
