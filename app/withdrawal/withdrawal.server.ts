import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import { warsawDay, withdrawalPeriodEnd } from "~/order/delivery-dates.server";
import type { AppDatabase } from "~/db/db.server";
import type { Database, MessageKind, OrderRow, WithdrawalMatch, WithdrawalRow } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { isPaymentToken } from "~/order/payment-token";
import { enqueueWithdrawalMessages } from "~/outbox/outbox.server";
import { auditOrder } from "~/order/lifecycle/order-events.server";
import { ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY } from "./limits";
import { orderNumberIn } from "~/order/order-number";
import type { WithdrawalValues } from "./statement";

/**
 * Withdrawal statements (art. 11a of Directive 2011/83/EU; docs/decisions/046 and 058). The law
 * counts the statement, not our match: every confirmed statement is stored as submitted, with the
 * server's time. It marks an order only when it proves the order: the order's own link, or its
 * number together with its e-mail address. A name proves nothing (anyone may know it), so a
 * statement with a number and a name only is stored unmatched, for the operator to link. Whenever
 * a statement is about an order, the order's OWN address gets the acknowledgement with the full
 * text; an address the statement gave that is not the order's gets a receipt without any of the
 * sender's words. The page answers the same in every case, so nobody learns whether a number
 * exists, and a daily cap per recipient keeps the form from mailing anyone without end.
 */
/** The refund is due within 14 days of receiving the statement (art. 32 ust. 1 of the consumer rights act). */
export const REFUND_DAYS = 14;

/** The operator who is no person: audit rows written by the customer's own statement. */
const SYSTEM = "system";

type Writer = AppDatabase | Transaction<Database>;

type OrderForMatch = Pick<OrderRow, "id" | "number" | "status" | "email" | "tenant_name" | "withdrawn_at" | "created_at">;
const ORDER_FOR_MATCH = ["id", "number", "status", "email", "tenant_name", "withdrawn_at", "created_at"] as const;

/**
 * Whether a statement sent on `sentOn` (a Warsaw day) came after the order's withdrawal period had ended:
 * 14 days from the day the contract was concluded (art. 27 of the consumer rights act), moved off a day off.
 * Sending in time is enough (art. 30 ust. 2): a web statement is sent when it is received; a letter or an
 * e-mail on the day the operator reads off its postmark or its header (docs/decisions/063).
 */
export function sentAfterPeriod(order: Pick<OrderRow, "created_at">, sentOn: string): boolean {
  return sentOn > warsawDay(withdrawalPeriodEnd(new Date(order.created_at)));
}

async function orderByToken(db: Writer, token: string | null): Promise<OrderForMatch | undefined> {
  if (!token || !isPaymentToken(token)) return undefined;
  return db
    .selectFrom("orders")
    .select(ORDER_FOR_MATCH)
    .where("payment_token", "=", token)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
}

/** Two e-mail addresses are the same mailbox when they differ only in case or surrounding spaces. */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** What the form shows, filled in, when the customer comes from their order's link; null for an unknown token. */
export async function prefillFromToken(db: AppDatabase, token: string | null): Promise<WithdrawalValues | null> {
  const order = await orderByToken(db, token);
  return order ? { name: order.tenant_name, reference: order.number, email: order.email } : null;
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
    .select(ORDER_FOR_MATCH)
    .where("number", "=", number)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
  // The number and the order's own e-mail address: both are in the customer's confirmation, and a stranger rarely has both.
  return order && sameAddress(order.email, values.email) ? { order, by: "details" } : null;
}

/**
 * Counts one acknowledgement to `address` today (Warsaw) in the caller's transaction, and says
 * whether it may go: within the cap, or `always` (the statement that marks an order). The count is a
 * row per recipient and day, so every instance on the database shares it; yesterday's rows go.
 */
async function mayAcknowledge(trx: Transaction<Database>, address: string, now: Date, always: boolean): Promise<boolean> {
  const day = warsawDay(now);
  const recipient = createHash("sha256").update(address.trim().toLowerCase()).digest("hex");
  await trx.deleteFrom("withdrawal_mail_counts").where("day", "<", day).execute();
  const { sent } = await trx
    .insertInto("withdrawal_mail_counts")
    .values({ recipient, day, sent: 1 })
    .onConflict((conflict) =>
      conflict.columns(["recipient", "day"]).doUpdateSet((eb) => ({ sent: eb(eb.ref("withdrawal_mail_counts.sent"), "+", 1) })),
    )
    .returning("sent")
    .executeTakeFirstOrThrow();
  return always || Number(sent) <= ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY;
}

/**
 * The acknowledgements of a statement about `order` (matched or linked): the full one to the order's
 * own address, and a receipt to the address the statement gave when that is another one. Returns the
 * kinds to queue and whether the cap held one back.
 */
async function acknowledgementsFor(
  trx: Transaction<Database>,
  order: Pick<OrderForMatch, "email"> | null,
  given: string,
  { marked, late = false, now }: { marked: boolean; late?: boolean; now: Date },
): Promise<{ kinds: MessageKind[]; withheld: boolean }> {
  const kinds: MessageKind[] = [];
  let withheld = false;
  const add = async (kind: MessageKind, address: string, always: boolean) => {
    if (await mayAcknowledge(trx, address, now, always)) kinds.push(kind);
    else withheld = true;
  };
  // A statement sent too late gets its own answer: its text and time, and that the order stays as it was.
  if (order) await add(late ? "withdrawal_late" : "withdrawal_acknowledgement", order.email, marked);
  if (!order || !sameAddress(order.email, given)) await add("withdrawal_receipt", given, false);
  return { kinds, withheld };
}

async function queueAcknowledgements(
  trx: Transaction<Database>,
  withdrawalId: number,
  acknowledgements: { kinds: MessageKind[]; withheld: boolean },
  now: Date,
): Promise<void> {
  if (acknowledgements.withheld)
    await trx.updateTable("withdrawals").set({ acknowledgement_withheld: 1 }).where("id", "=", withdrawalId).execute();
  if (acknowledgements.kinds.length > 0) await enqueueWithdrawalMessages(trx, withdrawalId, acknowledgements.kinds, now);
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
  await auditOrder(
    trx,
    order,
    operator,
    { ...details, withdrawalReceivedAt: withdrawal.received_at, ...(first ? {} : { repeated: "tak" }) },
    now,
  );
  return first;
}

/**
 * A statement about `order`, now known: in time, it marks the order withdrawn (on its first statement)
 * and is acknowledged; sent after the period, it is kept as late, the order is left as it was, the
 * history says so and the order's address gets the answer for a late statement. A statement after the
 * order was already withdrawn is a repeat either way. Says whether it came too late.
 */
async function attachStatement(
  trx: Transaction<Database>,
  order: OrderForMatch,
  withdrawal: Pick<WithdrawalRow, "id" | "received_at">,
  { sentOn, given, action, operator, now }: { sentOn: string; given: string; action: string; operator: string; now: Date },
): Promise<{ late: boolean }> {
  const late = order.withdrawn_at === null && sentAfterPeriod(order, sentOn);
  if (late) {
    await trx.updateTable("withdrawals").set({ late: 1 }).where("id", "=", withdrawal.id).execute();
    await auditOrder(trx, order, operator, { action: "withdrawal_late", withdrawalReceivedAt: withdrawal.received_at, sentOn }, now);
  }
  const marked = !late && (await markOrderWithdrawn(trx, order, withdrawal, { action }, operator, now));
  await queueAcknowledgements(trx, withdrawal.id, await acknowledgementsFor(trx, order, given, { marked, late, now }), now);
  return { late };
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
 * audit row when it matches, the acknowledgements the cap allows, and the operator's notice.
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
    if (match)
      await attachStatement(
        trx,
        match.order,
        { id, received_at: receivedAt },
        {
          sentOn: warsawDay(now),
          given: input.values.email,
          action: "withdrawal",
          operator: SYSTEM,
          now,
        },
      );
    else await queueAcknowledgements(trx, id, await acknowledgementsFor(trx, null, input.values.email, { marked: false, now }), now);
    await enqueueWithdrawalMessages(trx, id, ["operator_withdrawal"], now);
    return { id, receivedAt };
  });
}

export type LinkOutcome = { ok: true; orderId: number } | { ok: false; error: "unknownOrder" | "alreadyLinked" | "notFound" };

/**
 * The operator links an unmatched statement to the order it is about (a typo in the number,
 * say). The order is marked as if the statement had matched: withdrawn at its time of receipt,
 * and the order's own address gets the acknowledgement with the full text.
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
      ? await trx
          .selectFrom("orders")
          .select(ORDER_FOR_MATCH)
          .where("number", "=", number)
          .where("anonymised_at", "is", null)
          .executeTakeFirst()
      : undefined;
    if (!order) return { ok: false, error: "unknownOrder" };
    const linked = await trx
      .updateTable("withdrawals")
      .set({ order_id: order.id, matched_by: "operator", linked_by: operator, linked_at: now.toISOString() })
      .where("id", "=", withdrawalId)
      .where("order_id", "is", null)
      .executeTakeFirst();
    if (Number(linked.numUpdatedRows) === 0) return { ok: false, error: "alreadyLinked" };
    await attachStatement(trx, order, withdrawal, {
      sentOn: withdrawal.sent_on ?? warsawDay(new Date(withdrawal.received_at)),
      given: order.email,
      action: "withdrawal_linked",
      operator,
      now,
    });
    return { ok: true, orderId: order.id };
  });
}

/** A statement that came by e-mail or by post, as the operator records it from the message or the letter (docs/decisions/063). */
export type ReceivedStatement = {
  channel: "email" | "post";
  /** The day the customer sent it ("2026-11-27"): the e-mail's date, the letter's postmark. What keeps the period (art. 30 ust. 2). */
  sentOn: string;
  /** When it reached us: this starts the 14 days to refund (art. 32 ust. 1). */
  receivedAt: Date;
  /** The address an e-mail came from; a letter's acknowledgement goes to the order's address only. */
  email: string | null;
  /** The statement's text, or a note of the scanned letter. */
  text: string;
};

export type ReceivedOutcome = { ok: true; late: boolean } | { ok: false; reason: "not-found" | "sent-after-received" };

/**
 * The operator records a statement about an order that came by e-mail or by post. It follows the web
 * form's path from there: in time, the order is marked withdrawn as of its receipt (the first statement)
 * and the order's address gets the same acknowledgement with its text and time of receipt (art. 30 ust. 3
 * for an e-mail; the same for a letter), with a receipt to another address an e-mail came from; sent
 * after the period, it is kept as late and answered so. The same deadlines and decision follow.
 */
export async function recordReceivedStatement(
  db: AppDatabase,
  orderId: number,
  input: ReceivedStatement,
  operator: string,
  now: Date = new Date(),
): Promise<ReceivedOutcome> {
  const receivedAt = input.receivedAt.toISOString();
  if (input.sentOn > warsawDay(input.receivedAt)) return { ok: false, reason: "sent-after-received" };
  return db.transaction().execute(async (trx): Promise<ReceivedOutcome> => {
    const order = await trx
      .selectFrom("orders")
      .select([...ORDER_FOR_MATCH, "locale"])
      .where("id", "=", orderId)
      .where("anonymised_at", "is", null)
      .executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" };
    const { id } = await trx
      .insertInto("withdrawals")
      .values({
        received_at: receivedAt,
        locale: order.locale,
        name: order.tenant_name,
        order_reference: order.number,
        email: input.email ?? order.email,
        statement: input.text,
        order_id: order.id,
        matched_by: "operator",
        linked_by: operator,
        linked_at: now.toISOString(),
        channel: input.channel,
        sent_on: input.sentOn,
        recorded_by: operator,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { late } = await attachStatement(
      trx,
      order,
      { id, received_at: receivedAt },
      {
        sentOn: input.sentOn,
        given: input.email ?? order.email,
        action: "withdrawal_recorded",
        operator,
        now,
      },
    );
    return { ok: true, late };
  });
}

/** The day by which the refund is due: 14 days after the statement arrived. */
export function refundDueBy(receivedAt: string): Date {
  return new Date(new Date(receivedAt).getTime() + REFUND_DAYS * 24 * 60 * 60 * 1000);
}
