import { env } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import type { Locale } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";
import { isPaymentToken } from "~/order/payment-token";
import type { PaymentGateway } from "./gateway";
import { P24_NOTIFICATION_PATH } from "~/server/provider-paths";
import { closeAttempt, recheckPayment, type TransactionLookup } from "./settle.server";
import { BLIK_GIVE_UP_MS, BLIK_WAIT_MS, startPayment, type PayableCharge, type PayableOrder, type StartOutcome } from "./start.server";

/** A pending payment is asked about when its notification is this late (a lost one: the site was down). */
export const RECHECK_AFTER_MS = 60_000;

/** The mark on the address the gateway sends the customer back to (urlReturn), so the page knows they are back. */
const RETURN_MARK = { name: "from", value: "przelewy24" } as const;

export function isReturnFromGateway(url: URL): boolean {
  return url.searchParams.get(RETURN_MARK.name) === RETURN_MARK.value;
}

/** What the payment page says about online payment; null when it is off or the order is not awaiting payment. */
export type OnlinePaymentView = {
  /** The attempt the customer waits for, and whether the page should still look again by itself. */
  waiting: { method: "blik" | "redirect"; refreshing: boolean } | null;
  /**
   * How the last attempt ended, when nothing is in progress: the customer came back from the
   * gateway's page without paying ("not-completed"), or it failed otherwise.
   */
  lastFailure: "not-completed" | "failed" | null;
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
 * The online part of the payment page. The gateway is asked about the attempt in progress
 * (transaction/by/sessionId, through the same verified path as a notification) when its
 * notification is over a minute late, and at once when the customer comes back from the
 * gateway's page: not paid then, the attempt is closed (a payment that arrives later is still
 * applied), and the page says so instead of waiting. Asking goes through `lookup`, shared
 * between page loads (shared-lookup.server.ts). With `charge`, the same for the replacement
 * declaration awaiting payment (docs/decisions/094) and its attempts only.
 */
export async function onlinePaymentView(
  db: AppDatabase,
  gateway: PaymentGateway | null,
  order: PayableOrder,
  now: Date,
  {
    lookup,
    returnedFromGateway,
    charge = null,
  }: { lookup: TransactionLookup | null; returnedFromGateway: boolean; charge?: PayableCharge | null },
): Promise<OnlinePaymentView | null> {
  if (!gateway || (!charge && order.status !== "awaiting_payment")) return null;
  const chargeId = charge?.id ?? null;
  let latest = await latestAttempt(db, order.id, chargeId);
  const inProgress = latest && (latest.state === "registered" || latest.state === "pending");
  const age = latest ? now.getTime() - Date.parse(latest.created_at) : 0;
  const back = Boolean(inProgress && returnedFromGateway && latest?.method === "redirect");
  if (latest && inProgress && (back || age > RECHECK_AFTER_MS)) {
    const closeIfUnpaid = latest.method === "blik" && age > BLIK_GIVE_UP_MS;
    const outcome = await recheckPayment(db, gateway, latest, now, closeIfUnpaid, lookup ?? undefined);
    if (outcome === "paid" || outcome === "already-paid") return null;
    if (outcome === "unpaid" && back) await closeAttempt(db, latest.id, "returned-unpaid", now);
    latest = await latestAttempt(db, order.id, chargeId);
  }
  if (!latest) return { waiting: null, lastFailure: null };
  if (latest.state === "registered" || latest.state === "pending") {
    return { waiting: { method: latest.method, refreshing: age < BLIK_WAIT_MS }, lastFailure: null };
  }
  if (latest.state !== "failed") return { waiting: null, lastFailure: null };
  return { waiting: null, lastFailure: latest.failure === "returned-unpaid" ? "not-completed" : "failed" };
}

/** The latest attempt of the order's own price (chargeId null) or of one replacement's charge. */
function latestAttempt(db: AppDatabase, orderId: number, chargeId: number | null) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("replacement_charge_id", chargeId === null ? "is" : "=", chargeId)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/**
 * Starts the attempt the customer chose on the payment page; the URLs lead back to that page (marked) and to the
 * notification route. `charge`: the replacement declaration awaiting payment, paid instead of the order's price.
 */
export function startFromPaymentPage(
  db: AppDatabase,
  gateway: PaymentGateway,
  order: PayableOrder,
  paymentToken: string,
  locale: Locale,
  request: Parameters<typeof startPayment>[2],
  charge: PayableCharge | null = null,
): Promise<StartOutcome> {
  const page = `${env.SITE_URL}${pathFor("payment", locale, { token: paymentToken })}`;
  return startPayment(
    db,
    order,
    request,
    {
      gateway,
      description: charge ? `Oświadczenie zastępcze, zamówienie ${order.number}` : `Zamówienie ${order.number}`,
      urlReturn: `${page}?${new URLSearchParams({ [RETURN_MARK.name]: RETURN_MARK.value })}`,
      urlStatus: `${env.SITE_URL}${P24_NOTIFICATION_PATH}`,
      now: new Date(),
    },
    charge,
  );
}

/** A BLIK code as typed: six digits, spaces and dashes allowed between them (the bank's app groups them 3+3). */
export function normaliseBlikCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}
