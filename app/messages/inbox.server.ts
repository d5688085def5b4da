import type { ExpressionBuilder } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { CONVERSATION_FACTS, type ConversationFacts } from "./conversation-facts";
import { messagesOf, type ThreadMessage } from "./conversation.server";

/** The back office's view of the conversations (docs/decisions/085). */
export type InboxRow = ConversationFacts & {
  /** The customer wrote after the operator's last answer (or there is none yet). */
  unanswered: boolean;
  lastCustomerAt: string | null;
  lastOperatorAt: string | null;
  /** The newest message's text; null when erased. */
  lastMessage: string | null;
};

type From = ExpressionBuilder<Database & { c: Database["conversations"] }, "c">;

const isUnanswered = (eb: From) =>
  eb.and([
    eb("c.last_customer_at", "is not", null),
    eb.or([eb("c.last_operator_at", "is", null), eb("c.last_customer_at", ">", eb.ref("c.last_operator_at"))]),
  ]);

function inboxQuery(db: AppDatabase) {
  return db
    .selectFrom("conversations as c")
    .leftJoin("orders as o", "o.id", "c.order_id")
    .select((eb) => [
      ...CONVERSATION_FACTS,
      "c.last_customer_at as lastCustomerAt",
      "c.last_operator_at as lastOperatorAt",
      eb
        .selectFrom("conversation_messages as m")
        .select("m.body")
        .whereRef("m.conversation_id", "=", "c.id")
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .limit(1)
        .as("lastMessage"),
    ]);
}

/** Unanswered threads first, the oldest question first; then the others, the latest first. */
export async function listInbox(db: AppDatabase, { limit = 100 }: { limit?: number } = {}): Promise<InboxRow[]> {
  const unanswered = await inboxQuery(db).where(isUnanswered).orderBy("c.last_customer_at").orderBy("c.id").limit(limit).execute();
  const answered =
    unanswered.length < limit
      ? await inboxQuery(db)
          .where((eb) => eb.not(isUnanswered(eb)))
          .orderBy((eb) => eb.fn.coalesce("c.last_operator_at", "c.last_customer_at", "c.created_at"), "desc")
          .orderBy("c.id", "desc")
          .limit(limit - unanswered.length)
          .execute()
      : [];
  return [...unanswered.map((row) => ({ ...row, unanswered: true })), ...answered.map((row) => ({ ...row, unanswered: false }))];
}

export async function countUnanswered(db: AppDatabase): Promise<number> {
  const { count } = await db
    .selectFrom("conversations as c")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where(isUnanswered)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** One conversation for the back office: its row and every message, with who answered. null: no such conversation. */
export async function conversationForAdmin(
  db: AppDatabase,
  conversationId: number,
): Promise<{ row: InboxRow; messages: (ThreadMessage & { operatorEmail: string | null })[] } | null> {
  const row = await inboxQuery(db)
    .select((eb) => isUnanswered(eb).as("unanswered"))
    .where("c.id", "=", conversationId)
    .executeTakeFirst();
  if (!row) return null;
  return { row: { ...row, unanswered: Boolean(row.unanswered) }, messages: await messagesOf(db, conversationId) };
}

export async function conversationIdOfOrder(db: AppDatabase, orderId: number): Promise<number | null> {
  const row = await db.selectFrom("conversations").select("id").where("order_id", "=", orderId).executeTakeFirst();
  return row?.id ?? null;
}
