import type { TFunction } from "i18next";
import type { MessageKind, OrderRow, OutboxRow } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import type { DispatchDates } from "~/order/delivery-warning";
import type { Block, Link, LinkedSentence } from "./blocks";
import type { ComposeContext, MailAttachment } from "./mail-message";

/**
 * What a message about an order is composed from: the order as stored, the facts the message was queued
 * with, and the parts most of these messages share, built once in the message's language (compose.server.ts).
 */
export type OrderMail<K extends MessageKind = MessageKind> = {
  message: OutboxRow & { kind: K };
  order: OrderRow;
  context: ComposeContext;
  /** The facts the message was queued with (a tracking number, a reason, the payment date); empty when none or unreadable. */
  facts: Record<string, unknown>;
  locale: Locale;
  /** The locale's BCP 47 tag, for dates. */
  tag: string;
  t: TFunction;
  /** The kind's subject (`subject.<kind>` with the number, the product and the amount). */
  subject: string;
  amount: string;
  product: string;
  paymentUrl: string;
  agreementUrl: string;
  withdrawalUrl: string;
  /** The order's page in the back office, for the operator's messages. */
  adminUrl: string;
  orderedAt: Date;
  greeting: string;
  contact: Block;
  signature: Block;
  /** The one thing an unpaid order's message asks for: one button to the payment page, which has every way to pay. */
  pay: Block;
  /** The sentence `key` naming `url`, which the HTML part makes a link. */
  linked: (key: string, url: string) => LinkedSentence;
  /** A tracking number, linked to the courier's tracking page when one is known. */
  tracking: (trackingNumber: string) => string | Link;
  dispatch: DispatchDates;
  /** The customer asked to start before the withdrawal period ends. */
  waiverGiven: boolean;
  /** The dispatch day promised if the money arrives today, with or without the early start as the customer chose. */
  dispatchBy: string;
  /** The payment deadline, and a sentence saying it moved off a day off when it did. */
  deadline: string;
  deadlineMoved: string[];
  /** The tenant, and the co-residents when there are any, as the summary lists them. */
  people: [string, string][];
};

/** A message's own part: its blocks, and its subject or attachments when they are not the default (the kind's subject, none). */
export type Composed = { blocks: Block[]; subject?: string; attachments?: MailAttachment[] };

/** One kind's message: who gets it (the customer, in the order's language; or the operator, in Polish) and how it is composed. */
export type OrderComposer<K extends MessageKind> = {
  to: "customer" | "operator";
  compose: (mail: OrderMail<K>) => Composed | Promise<Composed>;
};
