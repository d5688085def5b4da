import { sql, type Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { withoutControlCharacters } from "~/forms/control-characters";
import type { Locale } from "~/i18n/locales";
import { isPaymentToken } from "~/order/payment-token";
import { enqueueConversationMessage } from "~/outbox/outbox.server";
import { scheduleOperatorNotice } from "./operator-notice.server";

/**
 * Conversations with customers (docs/decisions/085): an order's thread, reached with the order's
 * payment token, and the contact page's threads, which have no order. A customer's message queues
 * the operator's notice; the operator's answer queues its e-mail to the customer, in the same
 * transaction (docs/decisions/015). The texts never reach a log line.
 */
export const MESSAGE_MAX_CHARS = 2000;
export type ConversationAuthor = "customer" | "operator";
export type ThreadMessage = { id: number; author: ConversationAuthor; body: string | null; createdAt: string };
export type MessageRefusal = { kind: "empty" } | { kind: "too-long"; max: number } | { kind: "not-found" };
type Refused = { ok: false; refusal: MessageRefusal };

/** The text as it will be stored: line breaks as LF, control characters removed, blank lines around it trimmed; or why it cannot be. */
export function messageText(text: string): { ok: true; text: string } | Refused {
  const cleaned = withoutControlCharacters(text).trim();
  if (cleaned === "") return { ok: false, refusal: { kind: "empty" } };
  if (cleaned.length > MESSAGE_MAX_CHARS) return { ok: false, refusal: { kind: "too-long", max: MESSAGE_MAX_CHARS } };
  return { ok: true, text: cleaned };
}

function oneLine(value: string): string {
  return withoutControlCharacters(value).replace(/\n/g, " ").trim();
}

const NOT_FOUND: Refused = { ok: false, refusal: { kind: "not-found" } };

/** An order the customer's page may show a thread for: found by its token, its data not erased. */
async function orderOfToken(db: AppDatabase, token: string) {
  if (!isPaymentToken(token)) return undefined;
  const order = await db
    .selectFrom("orders")
    .select(["id", "locale", "anonymised_at"])
    .where("payment_token", "=", token)
    .executeTakeFirst();
  return order && order.anonymised_at === null ? order : undefined;
}

/** The order's conversation, made the first time it is needed; two requests at once make one (order_id is UNIQUE). */
async function conversationOfOrder(
  db: AppDatabase | Transaction<Database>,
  order: { id: number; locale: Locale },
  now: Date,
): Promise<number> {
  await db
    .insertInto("conversations")
    .values({ order_id: order.id, locale: order.locale, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("order_id").doNothing())
    .execute();
  const { id } = await db.selectFrom("conversations").select("id").where("order_id", "=", order.id).executeTakeFirstOrThrow();
  return id;
}

/** Stores one message and moves the thread's newest time of its author forward (never back: two at once may commit out of order). */
async function addMessage(
  trx: Transaction<Database>,
  conversationId: number,
  message: { author: ConversationAuthor; operator: string | null; text: string },
  now: Date,
): Promise<ThreadMessage> {
  const at = now.toISOString();
  const { id } = await trx
    .insertInto("conversation_messages")
    .values({
      conversation_id: conversationId,
      author: message.author,
      operator_email: message.operator,
      body: message.text,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const column = message.author === "customer" ? "last_customer_at" : "last_operator_at";
  await trx
    .updateTable("conversations")
    .set({
      [column]: sql<string>`CASE WHEN ${sql.ref(column)} IS NULL OR ${sql.ref(column)} < ${at} THEN ${at} ELSE ${sql.ref(column)} END`,
    })
    .where("id", "=", conversationId)
    .execute();
  return { id, author: message.author, body: message.text, createdAt: at };
}

/** The customer's message on the order page, found by the order's payment token. */
export async function postCustomerMessage(
  db: AppDatabase,
  input: { token: string; text: string; now: Date },
): Promise<{ ok: true; message: ThreadMessage } | Refused> {
  const order = await orderOfToken(db, input.token);
  if (!order) return NOT_FOUND;
  const text = messageText(input.text);
  if (!text.ok) return text;
  const message = await db.transaction().execute(async (trx) => {
    const conversationId = await conversationOfOrder(trx, order, input.now);
    const stored = await addMessage(trx, conversationId, { author: "customer", operator: null, text: text.text }, input.now);
    await scheduleOperatorNotice(trx, stored.id, input.now);
    return stored;
  });
  return { ok: true, message };
}

/** The contact page's message (no order): a new contact thread, answered by e-mail. Name and address as the page validated them, on one line. */
export async function postContactMessage(
  db: AppDatabase,
  input: { name: string; email: string; text: string; locale: Locale; now: Date },
): Promise<{ ok: true; conversationId: number } | Refused> {
  const text = messageText(input.text);
  if (!text.ok) return text;
  const [name, email] = [input.name, input.email].map(oneLine);
  const conversationId = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("conversations")
      .values({ order_id: null, locale: input.locale, contact_name: name, contact_email: email, created_at: input.now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const stored = await addMessage(trx, id, { author: "customer", operator: null, text: text.text }, input.now);
    await scheduleOperatorNotice(trx, stored.id, input.now);
    return id;
  });
  return { ok: true, conversationId };
}

/**
 * The operator's answer; queues `conversation_answer` to the customer in the same transaction.
 * Not found: no such conversation, or its customer's data was erased (nobody to write to).
 */
export async function postOperatorAnswer(
  db: AppDatabase,
  input: { conversationId: number; operator: string; text: string; now: Date },
): Promise<{ ok: true; message: ThreadMessage } | Refused> {
  const conversation = await db
    .selectFrom("conversations")
    .leftJoin("orders", "orders.id", "conversations.order_id")
    .select(["conversations.id", "conversations.erased_at", "orders.anonymised_at"])
    .where("conversations.id", "=", input.conversationId)
    .executeTakeFirst();
  if (!conversation || conversation.erased_at !== null || conversation.anonymised_at) return NOT_FOUND;
  const text = messageText(input.text);
  if (!text.ok) return text;
  const message = await db.transaction().execute(async (trx) => {
    const stored = await addMessage(trx, conversation.id, { author: "operator", operator: input.operator, text: text.text }, input.now);
    await enqueueConversationMessage(trx, stored.id, "conversation_answer", input.now);
    return stored;
  });
  return { ok: true, message };
}

/** The order's conversation for the operator who writes first: made when it does not exist yet. null: no such order, or its data was erased. */
export async function openConversationOfOrder(db: AppDatabase, orderId: number, now: Date): Promise<number | null> {
  const order = await db.selectFrom("orders").select(["id", "locale", "anonymised_at"]).where("id", "=", orderId).executeTakeFirst();
  if (!order || order.anonymised_at !== null) return null;
  return conversationOfOrder(db, order, now);
}

/** A thread's messages, oldest first (two written in the same millisecond in the order they were stored). */
export async function messagesOf(db: AppDatabase, conversationId: number) {
  const rows = await db
    .selectFrom("conversation_messages")
    .select(["id", "author", "body", "created_at", "operator_email"])
    .where("conversation_id", "=", conversationId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    body: row.body,
    createdAt: row.created_at,
    operatorEmail: row.operator_email,
  }));
}

/** The thread of an order, by token (customer page), oldest first; empty before the first message. null: no such order. */
export async function threadByToken(db: AppDatabase, token: string): Promise<ThreadMessage[] | null> {
  const order = await orderOfToken(db, token);
  if (!order) return null;
  const conversation = await db.selectFrom("conversations").select("id").where("order_id", "=", order.id).executeTakeFirst();
  if (!conversation) return [];
  return (await messagesOf(db, conversation.id)).map(({ operatorEmail: _operator, ...message }) => message);
}
