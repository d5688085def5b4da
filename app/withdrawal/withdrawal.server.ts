import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database, OrderRow, WithdrawalMatch, WithdrawalRow } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { isPaymentToken } from "~/order/payment-token";
import { foldForSearch } from "~/order/search-text";
import { enqueueWithdrawalMessages } from "~/outbox/outbox.server";
import { orderNumberIn, type WithdrawalValues } from "./statement";

/**
 * Withdrawal statements (art. 11a of Directive 2011/83/EU; docs/decisions/046). The law counts
 * the statement, not our match: every confirmed statement is stored as submitted, with the
 * server's time, and acknowledged to the address given. It marks an order only when it
 * matches it (the order's signed link, or its number with its e-mail or name), and only the
 * first such statement does; the answer is the same either way, so nobody learns from it
 * whether an order number exists.
 */

/** The refund is due within 14 days of receiving the statement (art. 32 ust. 1 of the consumer rights act). */
export const REFUND_DAYS = 14;

/** The operator who is no person: audit rows written by the customer's own statement. */
const SYSTEM = "system";

type Writer = AppDatabase | Transaction<Database>;

type OrderForMatch = Pick<OrderRow, "id" | "number" | "status" | "email" | "tenant_name" | "tenant_name_original" | "withdrawn_at">;

async function orderByToken(db: Writer, token: string | null): Promise<OrderForMatch | undefined> {
  if (!token || !isPaymentToken(token)) return undefined;
  return db
    .selectFrom("orders")
    .select(["id", "number", "status", "email", "tenant_name", "tenant_name_original", "withdrawn_at"])
    .where("payment_token", "=", token)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
}

/** What the form shows, filled in, when the customer comes from their order's link; null for an unknown token. */
export async function prefillFromToken(db: AppDatabase, token: string | null): Promise<WithdrawalValues | null> {
  const order = await orderByToken(db, token);
  return order ? { name: order.tenant_name, reference: order.number, email: order.email } : null;
}

/** The number together with the e-mail or the name on the order, case and diacritics folded. */
export function detailsMatch(order: OrderForMatch, values: WithdrawalValues): boolean {
  const same = (a: string | null, b: string) => a !== null && foldForSearch(a) === foldForSearch(b);
  return same(order.email, values.email) || same(order.tenant_name, values.name) || same(order.tenant_name_original, values.name);
}

async function matchingOrder(
  db: Writer,
  values: WithdrawalValues,
  token: string | null,
): Promise<{ order: OrderForMatch; by: WithdrawalMatch } | null> {
  const number = orderNumberIn(values.reference);
  if (!number) return null;
  const linked = await orderByToken(db, token);
  // The link proves the customer's order; a number changed on the form is matched like any other.
  if (linked && linked.number === number) return { order: linked, by: "token" };
  const order = await db
    .selectFrom("orders")
    .select(["id", "number", "status", "email", "tenant_name", "tenant_name_original", "withdrawn_at"])
    .where("number", "=", number)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
  return order && detailsMatch(order, values) ? { order, by: "details" } : null;
}

/** Marks the order withdrawn on its first statement (a later one changes nothing) and writes the audit row. */
async function markOrderWithdrawn(
  trx: Transaction<Database>,
  order: Pick<OrderForMatch, "id" | "status">,
  withdrawal: Pick<WithdrawalRow, "id" | "received_at">,
  details: Record<string, string>,
  operator: string,
  now: Date,
): Promise<boolean> {
  const marked = await trx
    .updateTable("orders")
    .set({ withdrawn_at: withdrawal.received_at, updated_at: now.toISOString() })
    .where("id", "=", order.id)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  const first = Number(marked.numUpdatedRows) > 0;
  await trx
    .insertInto("order_events")
    .values({
      order_id: order.id,
      operator,
      from_status: order.status,
      to_status: order.status,
      details: JSON.stringify({ ...details, withdrawalReceivedAt: withdrawal.received_at, ...(first ? {} : { repeated: "tak" }) }),
      at: now.toISOString(),
    })
    .execute();
  return first;
}

export type WithdrawalInput = {
  values: WithdrawalValues;
  /** The statement's full text as the customer saw and confirmed it. */
  statement: string;
  locale: Locale;
  /** The order's payment token when the form was opened from its link. */
  token: string | null;
  now?: Date;
};

/**
 * One transaction: the statement as submitted with the time of receipt, the order's mark and
 * audit row when it matches, and the acknowledgement and the operator's notice in the outbox.
 */
export async function recordWithdrawal(db: AppDatabase, input: WithdrawalInput): Promise<{ id: number; receivedAt: string }> {
  const now = input.now ?? new Date();
  const receivedAt = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const match = await matchingOrder(trx, input.values, input.token);
    const { id } = await trx
      .insertInto("withdrawals")
      .values({
        received_at: receivedAt,
        locale: input.locale,
        name: input.values.name,
        order_reference: input.values.reference,
        email: input.values.email,
        statement: input.statement,
        order_id: match?.order.id ?? null,
        matched_by: match?.by ?? null,
        linked_by: null,
        linked_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (match) await markOrderWithdrawn(trx, match.order, { id, received_at: receivedAt }, { action: "withdrawal" }, SYSTEM, now);
    await enqueueWithdrawalMessages(trx, id, ["withdrawal_acknowledgement", "operator_withdrawal"], now);
    return { id, receivedAt };
  });
}

export type LinkOutcome = { ok: true; orderId: number } | { ok: false; error: "unknownOrder" | "alreadyLinked" | "notFound" };

/**
 * The operator links an unmatched statement to the order it is about (a typo in the number,
 * say). The order is marked as if the statement had matched: withdrawn at its time of receipt.
 */
export async function linkWithdrawal(
  db: AppDatabase,
  withdrawalId: number,
  orderNumber: string,
  operator: string,
  now: Date = new Date(),
): Promise<LinkOutcome> {
  return db.transaction().execute(async (trx): Promise<LinkOutcome> => {
    const withdrawal = await trx.selectFrom("withdrawals").selectAll().where("id", "=", withdrawalId).executeTakeFirst();
    if (!withdrawal) return { ok: false, error: "notFound" };
    if (withdrawal.order_id !== null) return { ok: false, error: "alreadyLinked" };
    const number = orderNumberIn(orderNumber);
    const order = number
      ? await trx.selectFrom("orders").select(["id", "status"]).where("number", "=", number).executeTakeFirst()
      : undefined;
    if (!order) return { ok: false, error: "unknownOrder" };
    const linked = await trx
      .updateTable("withdrawals")
      .set({ order_id: order.id, matched_by: "operator", linked_by: operator, linked_at: now.toISOString() })
      .where("id", "=", withdrawalId)
      .where("order_id", "is", null)
      .executeTakeFirst();
    if (Number(linked.numUpdatedRows) === 0) return { ok: false, error: "alreadyLinked" };
    await markOrderWithdrawn(trx, order, withdrawal, { action: "withdrawal_linked" }, operator, now);
    return { ok: true, orderId: order.id };
  });
}

/** The day by which the refund is due: 14 days after the statement arrived. */
export function refundDueBy(receivedAt: string): Date {
  return new Date(new Date(receivedAt).getTime() + REFUND_DAYS * 24 * 60 * 60 * 1000);
}
