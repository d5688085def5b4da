import type { Locale } from "~/i18n/locales";

/** Whose a conversation is: an order's (its number), or a contact page's (the name and address it gave). */
export type ConversationFacts = {
  conversationId: number;
  orderId: number | null;
  orderNumber: string | null;
  locale: Locale;
  contactName: string | null;
  contactEmail: string | null;
};

/** The columns of ConversationFacts, from `conversations as c` left-joined with `orders as o`. */
export const CONVERSATION_FACTS = [
  "c.id as conversationId",
  "c.order_id as orderId",
  "o.number as orderNumber",
  "c.locale as locale",
  "c.contact_name as contactName",
  "c.contact_email as contactEmail",
] as const;
