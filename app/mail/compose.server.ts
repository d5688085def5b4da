import { formatAddress } from "~/config/company";
import { formatPrice } from "~/i18n/money";
import type { MessageKind, OrderRow, OutboxRow } from "~/db/schema";
import { getFixedT } from "~/i18n/i18n.server";
import { formatDeliveryDay } from "~/i18n/date-format";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { dispatchDatesOf } from "~/order/delivery-promise.server";
import { nameWithOriginal } from "~/order/names";
import { coResidentNames, coResidentsOfOrder } from "~/order/co-residents";
import { paymentPath } from "~/order/order.server";
import { paymentDeadline } from "~/order/payment-deadline.server";
import { trackingLinkOf, trackingTemplateFor } from "~/order/parcel-tracking";
import { customerText, toHtml, toText, type Block } from "./blocks";
import { withdrawalPath } from "~/order/customer-links";
import type { ComposeContext, MailMessage } from "./mail-message";
import type { OrderComposer, OrderMail } from "./order-mail";
import { declarationReplaced } from "./composers/declaration-replaced.server";
import { replacementPaymentRequested } from "./composers/replacement-payment-requested.server";
import { addressConfirmed, addressReminder } from "./composers/address-later.server";
import { detailsCorrected } from "./composers/details-corrected.server";
import { operatorMoneyToReturn } from "./composers/operator-money-to-return.server";
import { operatorNewOrder } from "./composers/operator-new-order.server";
import { operatorPaymentReceived } from "./composers/operator-payment-received.server";
import { orderCancelled } from "./composers/order-cancelled.server";
import { orderConfirmation } from "./composers/order-confirmation.server";
import { orderDispatched } from "./composers/order-dispatched.server";
import { orderMoveUndone } from "./composers/order-move-undone.server";
import { orderPaid } from "./composers/order-paid.server";
import { paymentReminder } from "./composers/payment-reminder.server";
import { refundRecorded } from "./composers/refund-recorded.server";
import { reviewRequest } from "./composers/review-request.server";
import { trackingCorrected } from "./composers/tracking-corrected.server";
import { withdrawalExpired } from "./composers/withdrawal-expired.server";

export type { ComposeContext, MailAttachment, MailMessage } from "./mail-message";

/**
 * The e-mails of the outbox about an order, composed when they are sent, from the order as stored.
 * Customer messages speak the order's language; the operator's notices are Polish. Each has a
 * plain-text and an HTML part with the same content, every value escaped.
 */

/** The kinds other modules compose: asked for one, composeMessage says which module does. */
const COMPOSED_ELSEWHERE = {
  withdrawal_acknowledgement: "a withdrawal statement's message (withdrawal_acknowledgement) is composed by composeWithdrawalMessage",
  withdrawal_late: "a withdrawal statement's message (withdrawal_late) is composed by composeWithdrawalMessage",
  withdrawal_receipt: "a withdrawal statement's message (withdrawal_receipt) is composed by composeWithdrawalMessage",
  operator_withdrawal: "a withdrawal statement's message (operator_withdrawal) is composed by composeWithdrawalMessage",
  operator_account_locked: "an operator account's message (operator_account_locked) is composed by composeOperatorAccountMessage",
  ksef_submission: "a KSeF submission is no e-mail: the KSeF lane sends it (app/ksef/ksef-lane.server.ts)",
  invoice_issued: "an invoice's message (invoice_issued) is composed by composeInvoiceMessage",
  invoice_corrected: "an invoice's message (invoice_corrected) is composed by composeInvoiceMessage",
  conversation_answer: "a conversation's message (conversation_answer) is composed by composeConversationMessage",
  operator_new_message: "a conversation's message (operator_new_message) is composed by composeConversationMessage",
} as const satisfies Partial<Record<MessageKind, string>>;

type OrderMessageKind = Exclude<MessageKind, keyof typeof COMPOSED_ELSEWHERE>;

/**
 * One composer per kind of message about an order (./composers/). A kind added to MessageKind does not
 * compile until it has its composer here, or is listed among those composed elsewhere.
 */
const COMPOSERS: { [K in OrderMessageKind]: OrderComposer<K> } = {
  order_confirmation: orderConfirmation,
  payment_reminder: paymentReminder,
  order_paid: orderPaid,
  order_dispatched: orderDispatched,
  order_cancelled: orderCancelled,
  order_reopened: orderPaid,
  details_corrected: detailsCorrected,
  tracking_corrected: trackingCorrected,
  refund_recorded: refundRecorded,
  review_request: reviewRequest,
  withdrawal_expired: withdrawalExpired,
  operator_new_order: operatorNewOrder,
  operator_payment_received: operatorPaymentReceived,
  operator_refund_rejected: operatorMoneyToReturn,
  operator_payment_to_return: operatorMoneyToReturn,
  order_move_undone: orderMoveUndone,
  declaration_replaced: declarationReplaced,
  replacement_payment_requested: replacementPaymentRequested,
  address_reminder: addressReminder,
  address_confirmed: addressConfirmed,
};

/** The kinds that go to the customer, in the order's language. */
export const CUSTOMER_KINDS: readonly MessageKind[] = (Object.keys(COMPOSERS) as OrderMessageKind[]).filter(
  (kind) => COMPOSERS[kind].to === "customer",
);

function composedHere(message: OutboxRow): message is OutboxRow & { kind: OrderMessageKind } {
  return !(message.kind in COMPOSED_ELSEWHERE);
}

function composerOf<K extends OrderMessageKind>(kind: K): OrderComposer<K> {
  return COMPOSERS[kind];
}

export async function composeMessage(message: OutboxRow, order: OrderRow, context: ComposeContext): Promise<MailMessage> {
  if (!composedHere(message)) {
    throw new Error(COMPOSED_ELSEWHERE[message.kind as keyof typeof COMPOSED_ELSEWHERE]);
  }
  const composer = composerOf(message.kind);
  const mail = await orderMail(message, order, context, composer.to === "customer" ? order.locale : "pl");
  const { blocks, subject = mail.subject, attachments = [] } = await composer.compose(mail);
  return {
    to: composer.to === "customer" ? order.email : context.operatorEmail,
    replyTo: context.company.email,
    subject,
    text: toText(blocks),
    html: toHtml(blocks, mail.locale),
    attachments,
    messageId: outboxMessageId(message, order, context.siteUrl),
  };
}

/** The parts the messages about an order share, in the message's language. */
async function orderMail<K extends MessageKind>(
  message: OutboxRow & { kind: K },
  order: OrderRow,
  context: ComposeContext,
  locale: Locale,
): Promise<OrderMail<K>> {
  const t = await getFixedT(locale, "mail");
  const { company, siteUrl } = context;
  const tag = LOCALE_TAGS[locale];
  const amount = formatPrice(order.price_grosze, locale);
  const product = t(`common:products.${order.declaration_type}.name`);
  const paymentUrl = `${siteUrl}${paymentPath(order)}`;
  const orderedAt = new Date(order.created_at);
  const dispatch = dispatchDatesOf(order.declaration_type, orderedAt, context.now, locale, order.delivery_method);
  const waiverGiven = order.immediate_performance_consent_at !== null;
  const paymentDue = paymentDeadline(orderedAt, context.paymentDeadlineDays);
  const coResidents = coResidentsOfOrder(order);
  return {
    message,
    order,
    context,
    facts: factsOf(message),
    locale,
    tag,
    t,
    subject: t(`subject.${message.kind}`, { number: order.number, type: product, amount }),
    amount,
    product,
    paymentUrl,
    agreementUrl: `${siteUrl}/agreement/${encodeURIComponent(order.payment_token)}`,
    withdrawalUrl: `${siteUrl}${withdrawalPath(order)}`,
    adminUrl: `${siteUrl}/admin/orders/${order.id}`,
    orderedAt,
    greeting: t("greeting"),
    contact: {
      heading: t("contact.heading"),
      paragraphs: [
        t("contact.text", { legalName: company.legalName, address: formatAddress(company), phone: company.phone, email: company.email }),
      ],
    },
    signature: { paragraphs: [t("signature", { productName: company.productName })] },
    pay: {
      paragraphs: [t(context.onlinePayment ? "pay.online" : "pay.transfer")],
      button: { text: t("pay.button", { amount }), url: paymentUrl },
    } satisfies Block,
    linked: (key, url) => ({ text: t(key, { url }), url }),
    tracking: (trackingNumber) =>
      trackingLinkOf(trackingTemplateFor(order.courier, context.courierTrackingUrl), trackingNumber) ?? trackingNumber,
    dispatch,
    waiverGiven,
    dispatchBy: waiverGiven ? dispatch.withWaiver : dispatch.withoutWaiver,
    deadline: formatDeliveryDay(paymentDue.day, tag),
    // A deadline moved off a Saturday, Sunday or holiday says so (art. 115 of the civil code, docs/decisions/061).
    deadlineMoved: paymentDue.movedFrom ? [t("transfer.deadlineMoved", { day: formatDeliveryDay(paymentDue.movedFrom, tag) })] : [],
    people: [
      [t("summary.tenant"), customerText(nameWithOriginal(order.tenant_name, order.tenant_name_original))],
      ...(coResidents.length > 0 ? [[t("summary.coResidents"), customerText(coResidentNames(coResidents))] as [string, string]] : []),
    ],
  };
}

/** The facts a message was queued with (a tracking number, a reason, the payment date). */
function factsOf(message: OutboxRow): Record<string, unknown> {
  try {
    return message.data ? (JSON.parse(message.data) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Derived from the outbox row: a message sent twice after a crash shows as one in a mail client.
 * A message the operator sends again gets a new id, or the client would hide it as the same one.
 */
export function outboxMessageId(message: Pick<OutboxRow, "id" | "resent">, order: Pick<OrderRow, "number">, siteUrl: string): string {
  return `<outbox-${message.id}${message.resent ? `-${message.resent}` : ""}.${order.number}@${new URL(siteUrl).hostname}>`;
}
