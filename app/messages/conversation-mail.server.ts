import type { AppDatabase } from "~/db/db.server";
import type { OutboxRow } from "~/db/schema";
import type { ConversationMail } from "~/mail/conversation-mail.server";
import { paymentPath } from "~/order/order.server";
import { receivedAtText } from "~/order/receipt-time.server";
import { closeOperatorNotice } from "./operator-notice.server";

/**
 * What the mail worker composes a conversation's e-mail from (docs/decisions/085), read when it is
 * sent: the answer with its thread's address and language (an order's own, or the contact page's),
 * or the operator's notice, closed now, with the messages it lists.
 */
export async function conversationMailOf(
  db: AppDatabase,
  message: Pick<OutboxRow, "kind" | "conversation_message_id">,
  { siteUrl, now }: { siteUrl: string; now: Date },
): Promise<ConversationMail> {
  const messageId = message.conversation_message_id ?? 0;
  if (message.kind === "operator_new_message") {
    const listed = await closeOperatorNotice(db, messageId, now);
    return {
      kind: "operator_new_message",
      messages: await Promise.all(listed.map(async (each) => ({ ...each, writtenAt: await receivedAtText(each.createdAt, "pl") }))),
    };
  }
  const row = await db
    .selectFrom("conversation_messages as m")
    .innerJoin("conversations as c", "c.id", "m.conversation_id")
    .leftJoin("orders as o", "o.id", "c.order_id")
    .select([
      "m.body",
      "c.locale",
      "c.contact_email",
      "o.number",
      "o.email",
      "o.locale as orderLocale",
      "o.payment_token",
      "o.anonymised_at",
    ])
    .where("m.id", "=", messageId)
    .executeTakeFirstOrThrow();
  const to = row.number === null ? row.contact_email : row.anonymised_at === null ? row.email : null;
  // Erased before it left (docs/decisions/085): nothing to say and nobody to say it to. The erasure gives such an e-mail up.
  if (row.body === null || !to) throw new Error(`conversation message ${messageId} was erased before its e-mail left`);
  const order =
    row.number !== null && row.orderLocale !== null && row.payment_token !== null
      ? { number: row.number, pageUrl: `${siteUrl}${paymentPath({ locale: row.orderLocale, payment_token: row.payment_token })}` }
      : null;
  return { kind: "conversation_answer", to, locale: row.orderLocale ?? row.locale, answer: { text: row.body, order } };
}
