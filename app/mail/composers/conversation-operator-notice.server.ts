import type { TFunction } from "i18next";
import type { Locale } from "~/i18n/locales";
import { customerText, type Block } from "../blocks";
import { typedParagraphs } from "./conversation-answer.server";

/** One customer's message an operator's notice lists. */
export type NoticedMessageFacts = {
  orderId: number | null;
  orderNumber: string | null;
  locale: Locale;
  contactName: string | null;
  contactEmail: string | null;
  /** null once erased. */
  body: string | null;
  /** When it was written, as the reader reads it. */
  writtenAt: string;
};

/**
 * `operator_new_message` (docs/decisions/085), in Polish like the back office: the customers' new
 * messages this notice lists (one, or those of a burst), each with whose it is, when it was
 * written, its text as plain text, and where to answer it.
 */
export function operatorNewMessage(
  t: TFunction,
  siteUrl: string,
  messages: readonly NoticedMessageFacts[],
): { subject: string; blocks: Block[] } {
  const [only] = messages;
  const subject =
    messages.length !== 1 || !only
      ? t("conversation.operatorSubjectMany", { count: messages.length })
      : only.orderNumber
        ? t("conversation.operatorSubject", { number: only.orderNumber })
        : t("conversation.operatorSubjectContact", { name: customerText(only.contactName ?? "—") });
  return {
    subject,
    blocks: [
      { paragraphs: [t("conversation.operatorIntro", { count: messages.length })] },
      ...messages.map((message): Block => {
        const url = message.orderId === null ? `${siteUrl}/admin/messages` : `${siteUrl}/admin/orders/${message.orderId}`;
        return {
          heading: message.orderNumber
            ? t("conversation.operatorOrder", { number: message.orderNumber })
            : t("conversation.operatorContact", { name: customerText(message.contactName ?? "—") }),
          rows: [
            ...(message.orderNumber ? [] : [[t("operator.email"), message.contactEmail ?? "—"] as [string, string]]),
            [t("operator.language"), t(`languages.${message.locale}`)],
            [t("conversation.operatorWrittenAt"), message.writtenAt],
          ],
          paragraphs: [
            ...(message.body === null ? [t("conversation.operatorErased")] : typedParagraphs(message.body)),
            { text: t("conversation.operatorAnswer", { url }), url },
          ],
        };
      }),
    ],
  };
}
