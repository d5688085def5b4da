import type { TFunction } from "i18next";
import { customerText, type Block } from "../blocks";

/** What the operator's answer needs: the answer, and whose thread it is (an order's, or the contact page's). */
export type AnswerFacts = {
  text: string;
  /** The order's number and its page (in the order's language); null for a contact page's thread, answered by e-mail only. */
  order: { number: string; pageUrl: string } | null;
};

/** A text someone typed, one paragraph per line, never made into a link. */
export function typedParagraphs(text: string): string[] {
  return text.split("\n").map(customerText);
}

/**
 * `conversation_answer` (docs/decisions/085), in the thread's language: the operator's answer as
 * plain text, and where to answer: the order's page, which keeps the whole conversation, or a
 * reply to this e-mail for a contact page's thread.
 */
export function conversationAnswer(t: TFunction, facts: AnswerFacts): { subject: string; blocks: Block[] } {
  const { order } = facts;
  return {
    subject: order ? t("conversation.answerSubject", { number: order.number }) : t("conversation.answerSubjectContact"),
    blocks: [
      {
        paragraphs: [t("greeting"), order ? t("conversation.answerIntro", { number: order.number }) : t("conversation.answerIntroContact")],
      },
      { heading: t("conversation.answerHeading"), paragraphs: typedParagraphs(facts.text) },
      {
        paragraphs: order
          ? [{ text: t("conversation.answerOnPage", { url: order.pageUrl }), url: order.pageUrl }]
          : [t("conversation.answerByReply")],
      },
    ],
  };
}
