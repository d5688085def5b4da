import { randomBytes } from "node:crypto";
import type { AppDatabase } from "~/db/db.server";
import type { PaymentMethod, PaymentRow } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import { GatewayRefusedError, GatewayUnavailableError, type BlikCharge, type PaymentGateway } from "./gateway";
import { closeAttempt, recheckPayment } from "./settle.server";
import { log, redactPersonalData } from "~/log/log.server";

/** How long a BLIK code's confirmation may take in the bank's app; the page waits this long for it by itself. */
export const BLIK_WAIT_MS = 2 * 60_000;
/** After this, a BLIK attempt the gateway has not seen paid is closed (a bank's app may confirm a little late). */
export const BLIK_GIVE_UP_MS = 5 * 60_000;
/** A second click within this time goes on with the attempt in progress instead of starting another. */
const SAME_ATTEMPT_MS = BLIK_WAIT_MS;

export type PayableOrder = {
  id: number;
  number: string;
  status: string;
  price_grosze: number;
  currency: string;
  email: string;
  locale: string;
};

export type StartRequest = { method: "blik"; blikCode: string } | { method: "redirect" };
export type StartOutcome =
  | { kind: "redirect"; url: string }
  | { kind: "blik-pending" }
  | { kind: "blik-refused" }
  | { kind: "not-payable" }
  | { kind: "unavailable" };

export type StartContext = { gateway: PaymentGateway; description: string; urlReturn: string; urlStatus: string; now: Date };

/** A replacement declaration awaiting its online payment (docs/decisions/094): paid instead of the order's own price. */
export type PayableCharge = { id: number; priceGrosze: number };

export function inProgressPayment(db: AppDatabase, orderId: number): Promise<PaymentRow | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("state", "in", ["registered", "pending"])
    .executeTakeFirst();
}

/**
 * Whether the customer has withdrawn from the order (a matched statement), read afresh: from then on
 * no payment of it is started, however the page was loaded (docs/decisions/058).
 */
async function withdrawn(db: AppDatabase, orderId: number): Promise<boolean> {
  const row = await db.selectFrom("orders").select("withdrawn_at").where("id", "=", orderId).executeTakeFirst();
  return row?.withdrawn_at != null;
}

/**
 * Starts one online payment of an order (docs/decisions/028). At most one attempt is in
 * progress per order (a unique index says so): a repeated click continues the same attempt;
 * an attempt of the other kind (a cancelled trip to the gateway's page) is asked about first
 * and closed only when the gateway has not been paid. An order the customer withdrew from is
 * not payable. With `charge`, the attempt pays a replacement declaration awaiting payment instead
 * of the order's price, by the same rules and the same one-in-progress index.
 */
export async function startPayment(
  db: AppDatabase,
  order: PayableOrder,
  request: StartRequest,
  context: StartContext,
  charge: PayableCharge | null = null,
): Promise<StartOutcome> {
  const { gateway, now } = context;
  const payable = charge ? await chargeAwaiting(db, charge.id) : order.status === "awaiting_payment";
  if (!payable || (await withdrawn(db, order.id))) return { kind: "not-payable" };
  const current = await inProgressPayment(db, order.id);
  if (current) {
    const sameTarget = current.replacement_charge_id === (charge?.id ?? null);
    const young = now.getTime() - Date.parse(current.created_at) < SAME_ATTEMPT_MS;
    if (sameTarget && young && current.method === request.method) {
      if (current.method === "blik") return { kind: "blik-pending" };
      if (current.redirect_url) return { kind: "redirect", url: current.redirect_url };
    }
    const state = await recheckPayment(db, gateway, current, now, true);
    if (sameTarget && (state === "paid" || state === "already-paid")) return { kind: "not-payable" };
    if (state === "unavailable") return { kind: "unavailable" };
  }

  const payment = await insertAttempt(db, order, charge, request.method, gateway.name, now);
  if (!payment) return request.method === "blik" ? { kind: "blik-pending" } : { kind: "unavailable" };
  try {
    const { token, redirectUrl } = await gateway.register({
      sessionId: payment.session_id,
      amountGrosze: payment.amount_grosze,
      currency: order.currency,
      description: context.description,
      email: order.email,
      language: order.locale === "uk" ? "en" : order.locale,
      urlReturn: context.urlReturn,
      urlStatus: context.urlStatus,
    });
    if (request.method === "redirect") {
      await markPending(db, payment.id, { redirect_url: redirectUrl }, now);
      return { kind: "redirect", url: redirectUrl };
    }
    const charge = await chargeBlik(gateway, token, request.blikCode);
    if (charge === "unknown") {
      // The code may have reached the bank: the attempt stays in progress and is asked about like any other.
      log.warn(`payment ${payment.id} of order ${order.id}: the BLIK charge's answer could not be read; waiting for the gateway`);
      await markPending(db, payment.id, {}, now);
      return { kind: "blik-pending" };
    }
    if (charge === "refused") {
      await closeAttempt(db, payment.id, "blik-code-refused", now);
      return { kind: "blik-refused" };
    }
    await markPending(db, payment.id, { gateway_order_id: charge.gatewayOrderId }, now);
    return { kind: "blik-pending" };
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    log.warn(`payment ${payment.id} of order ${order.id}: ${redactPersonalData(error.message)}`);
    await closeAttempt(db, payment.id, "gateway-unavailable", now);
    return { kind: "unavailable" };
  }
}

/** The gateway's answer to a BLIK code: taken, "refused", or "unknown" when it could not be read (a timeout, a server error). */
async function chargeBlik(gateway: PaymentGateway, token: string, blikCode: string): Promise<BlikCharge | "refused" | "unknown"> {
  try {
    return await gateway.chargeBlik({ token, blikCode });
  } catch (error) {
    if (error instanceof GatewayRefusedError) return "refused";
    if (error instanceof GatewayUnavailableError) return "unknown";
    throw error;
  }
}

async function chargeAwaiting(db: AppDatabase, chargeId: number): Promise<boolean> {
  const row = await db.selectFrom("replacement_charges").select("state").where("id", "=", chargeId).executeTakeFirst();
  return row?.state === "awaiting_payment";
}

/** The new attempt's row, or null when another request started one at the same moment. */
async function insertAttempt(
  db: AppDatabase,
  order: PayableOrder,
  charge: PayableCharge | null,
  method: PaymentMethod,
  gatewayName: string,
  now: Date,
): Promise<PaymentRow | null> {
  const at = now.toISOString();
  try {
    return await db
      .insertInto("payments")
      .values({
        order_id: order.id,
        gateway: gatewayName,
        method,
        // Unguessable, and names the order for whoever reads the gateway's panel.
        // A replacement's attempt says so ("Z" and its charge) for the same reader.
        session_id: `${order.number}-${charge ? `Z${charge.id}-` : ""}${randomBytes(9).toString("base64url")}`,
        state: "registered",
        amount_grosze: charge?.priceGrosze ?? order.price_grosze,
        replacement_charge_id: charge?.id ?? null,
        currency: order.currency,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (startedMeanwhile(error)) return null;
    throw error;
  }
}

/** The partial unique index on attempts in progress: SQLite names its column, PostgreSQL the index. */
function startedMeanwhile(error: unknown): boolean {
  return (
    isUniqueViolation(error, "payments", ["order_id"]) ||
    (error as { constraint?: string } | null)?.constraint === "payments_one_in_progress"
  );
}

async function markPending(
  db: AppDatabase,
  paymentId: number,
  columns: { redirect_url?: string; gateway_order_id?: string | null },
  now: Date,
): Promise<void> {
  await db
    .updateTable("payments")
    .set({ state: "pending", updated_at: now.toISOString(), ...columns })
    .where("id", "=", paymentId)
    .where("state", "=", "registered")
    .execute();
}
