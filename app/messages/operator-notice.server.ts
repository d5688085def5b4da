import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { CONVERSATION_FACTS, type ConversationFacts } from "./conversation-facts";
import { enqueueConversationMessage } from "~/outbox/outbox.server";

/**
 * The operator's notices of the customers' new messages (docs/decisions/085): one e-mail per
 * message, and under a burst at most one a minute. A notice is a row of conversation_notices keyed
 * by the minute it may leave in; each customer's message joins the first notice that has not been
 * composed yet, from its own minute on, or opens the next one. Composing a notice closes it first:
 * the close waits for a message that is joining it (the join locks the row), and a message that
 * comes after the close goes on to the next minute, so every message is listed by exactly one notice.
 */
const MINUTE_MS = 60_000;

/** "2026-05-01T12:01": the minute of `at`, in UTC. */
export function minuteOf(at: Date): string {
  return at.toISOString().slice(0, 16);
}

function startOf(minute: string): Date {
  return new Date(`${minute}:00.000Z`);
}

/** Joins the customer's message to its notice, opening one (and queueing its e-mail) when needed; in the message's transaction. */
export async function scheduleOperatorNotice(trx: Transaction<Database>, messageId: number, now: Date): Promise<void> {
  for (let minute = minuteOf(now); ; minute = minuteOf(new Date(startOf(minute).getTime() + MINUTE_MS))) {
    const opened = await trx
      .insertInto("conversation_notices")
      .values({ minute, message_id: messageId, closed_at: null })
      .onConflict((conflict) => conflict.column("minute").doNothing())
      .returning("minute")
      .executeTakeFirst();
    if (opened) {
      const start = startOf(minute);
      await enqueueConversationMessage(trx, messageId, "operator_new_message", now, start > now ? start : now);
    } else {
      // Writing the row locks it until this transaction ends: a close waits for it, or has happened and this finds none.
      const joined = await trx
        .updateTable("conversation_notices")
        .set({ closed_at: null })
        .where("minute", "=", minute)
        .where("closed_at", "is", null)
        .executeTakeFirst();
      if (joined.numUpdatedRows === 0n) continue;
    }
    await trx.updateTable("conversation_messages").set({ notice_minute: minute }).where("id", "=", messageId).execute();
    return;
  }
}

/** One message a notice lists, with what the operator needs to find its thread. */
export type NoticedMessage = ConversationFacts & {
  messageId: number;
  body: string | null;
  createdAt: string;
};

/**
 * The notice whose e-mail belongs to `ownerMessageId`, closed (a message that comes later goes to
 * the next minute's), with the messages it lists, oldest first. The same list each time it is asked
 * for again after a failed send.
 */
export async function closeOperatorNotice(db: AppDatabase, ownerMessageId: number, now: Date): Promise<NoticedMessage[]> {
  const notice = await db
    .updateTable("conversation_notices")
    .set((eb) => ({ closed_at: eb.fn.coalesce("closed_at", eb.val(now.toISOString())) }))
    .where("message_id", "=", ownerMessageId)
    .returning("minute")
    .executeTakeFirst();
  if (!notice) return [];
  const rows = await db
    .selectFrom("conversation_messages as m")
    .innerJoin("conversations as c", "c.id", "m.conversation_id")
    .leftJoin("orders as o", "o.id", "c.order_id")
    .select(["m.id as messageId", ...CONVERSATION_FACTS, "m.body as body", "m.created_at as createdAt"])
    .where("m.notice_minute", "=", notice.minute)
    .orderBy("m.created_at")
    .orderBy("m.id")
    .execute();
  return rows;
}
