import type { OutboxRow } from "~/db/schema";
import { getFixedT } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/locales";
import { toHtml, toText, type Block } from "./blocks";
import { conversationAnswer, type AnswerFacts } from "./composers/conversation-answer.server";
import { operatorNewMessage, type NoticedMessageFacts } from "./composers/conversation-operator-notice.server";
import type { ComposeContext, MailMessage } from "./mail-message";

/** What a conversation's e-mail is composed from (the mail worker reads it, app/messages): the answer to its customer, or the operator's notice. */
export type ConversationMail =
  | { kind: "conversation_answer"; to: string; locale: Locale; answer: AnswerFacts }
  | { kind: "operator_new_message"; messages: NoticedMessageFacts[] };

/**
 * The e-mails about a conversation's message (docs/decisions/085). Their texts are what people
 * typed: plain text in both parts, escaped in the HTML, never a link (customerText).
 */
export async function composeConversationMessage(
  message: Pick<OutboxRow, "id" | "resent" | "conversation_message_id">,
  mail: ConversationMail,
  context: Pick<ComposeContext, "company" | "siteUrl" | "operatorEmail">,
): Promise<MailMessage> {
  const locale: Locale = mail.kind === "conversation_answer" ? mail.locale : "pl";
  const t = await getFixedT(locale, "mail");
  const { subject, blocks } =
    mail.kind === "conversation_answer" ? conversationAnswer(t, mail.answer) : operatorNewMessage(t, context.siteUrl, mail.messages);
  const signed: Block[] =
    mail.kind === "conversation_answer"
      ? [...blocks, { paragraphs: [t("signature", { productName: context.company.productName })] }]
      : blocks;
  return {
    to: mail.kind === "conversation_answer" ? mail.to : context.operatorEmail,
    replyTo: context.company.email,
    subject,
    text: toText(signed),
    html: toHtml(signed, locale),
    attachments: [],
    messageId: `<outbox-${message.id}${message.resent ? `-${message.resent}` : ""}.conversation-${message.conversation_message_id}@${new URL(context.siteUrl).hostname}>`,
  };
}
