import { formatAddress, type Company } from "~/config/company";
import { vatWording } from "~/config/vat-wording";
import { formatPrice } from "~/config/products";
import type { MessageKind, OrderRow, OutboxRow } from "~/db/schema";
import { getFixedT } from "~/i18n/i18n.server";
import { formatCalendarDate, formatDeliveryDay } from "~/config/delivery";
import { deliveryDates } from "~/config/delivery-dates.server";
import { transitDaysOf } from "~/config/env.server";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { dispatchDatesOf } from "~/order/delivery-promise.server";
import { transferTitle } from "~/order/transfer-title";
import { nameWithOriginal } from "~/order/names";
import { coResidentNames, coResidentsOfOrder } from "~/order/co-residents";
import { paymentPath } from "~/order/order.server";
import { paymentDeadline } from "~/order/payment-deadline.server";
import { receivedAtText } from "~/withdrawal/receipt-time.server";
import { trackingLinkOf } from "~/config/courier";
import { lockerRows, trackingTemplateFor } from "~/shipping/tracking";
import { customerText, toHtml, toText, type Block, type Link } from "./blocks";
import { cancellationReason, refundSentence } from "./cancellation-sentences";
import { withdrawalPath } from "~/withdrawal/paths";
import { retainedReasonText } from "~/withdrawal/decision";
import { reviewPath } from "~/reviews/paths";

/**
 * The e-mails of the outbox, composed when they are sent, from the order as stored.
 * Customer messages speak the order's language; the operator's notice is Polish. Each
 * has a plain-text and an HTML part with the same content, every value escaped.
 */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/** `replyTo`: the company's contact address (COMPANY_EMAIL), so a customer's reply reaches a person, not the sending mailbox. */
export type MailMessage = {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  messageId: string;
};

export type ComposeContext = {
  company: Company;
  siteUrl: string;
  operatorEmail: string;
  paymentDeadlineDays: number;
  /** Online payment is on (docs/decisions/028): the confirmation sends the customer to the payment page for BLIK or a card. */
  onlinePayment?: boolean;
  /** The courier's tracking page with `{number}` for the tracking number (COURIER_TRACKING_URL); unset, the number is text. */
  courierTrackingUrl?: string;
  /** The PDFs a confirmation carries, in the order's language: the accepted agreement, the terms and the withdrawal form. */
  confirmationAttachments: (order: OrderRow) => Promise<MailAttachment[]>;
  /** The rows that name who an invoice was asked for, in the order's language (app/invoices); none when no invoice was asked for. */
  invoiceRows?: Array<[string, string]>;
  now: Date;
};

export const CUSTOMER_KINDS: readonly MessageKind[] = [
  "order_confirmation",
  "payment_reminder",
  "order_paid",
  "order_dispatched",
  "order_cancelled",
  "order_reopened",
  "details_corrected",
  "tracking_corrected",
  "refund_recorded",
  "review_request",
  "withdrawal_expired",
];

/** The customer's data an operator may correct, in the order the correction e-mail lists them. */
const CORRECTABLE_FIELDS = ["tenantName", "email", "phone", "mailingAddress", "propertyAddress", "landlordName"] as const;

/** The facts a message was queued with (a tracking number, a reason, the payment date). */
function factsOf(message: OutboxRow): Record<string, unknown> {
  try {
    return message.data ? (JSON.parse(message.data) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function composeMessage(message: OutboxRow, order: OrderRow, context: ComposeContext): Promise<MailMessage> {
  const customer = CUSTOMER_KINDS.includes(message.kind);
  const locale: Locale = customer ? order.locale : "pl";
  const t = await getFixedT(locale, "mail");
  const { company, siteUrl } = context;
  const tag = LOCALE_TAGS[locale];
  const amount = formatPrice(order.price_grosze, locale);
  const product = t(`common:products.${order.declaration_type}.name`);
  const paymentUrl = `${siteUrl}${paymentPath(order)}`;
  const agreementUrl = `${siteUrl}/agreement/${encodeURIComponent(order.payment_token)}`;
  const withdrawalUrl = `${siteUrl}${withdrawalPath(order)}`;
  const orderedAt = new Date(order.created_at);
  const facts = factsOf(message);
  let subject: string = t(`subject.${message.kind}`, { number: order.number, type: product, amount });
  const contact: Block = {
    heading: t("contact.heading"),
    paragraphs: [
      t("contact.text", { legalName: company.legalName, address: formatAddress(company), phone: company.phone, email: company.email }),
    ],
  };
  const signature: Block = { paragraphs: [t("signature", { productName: company.productName })] };
  // The one thing an unpaid order's message asks for: one button to the payment page, which has every way to pay.
  const pay: Block = {
    paragraphs: [t(context.onlinePayment ? "pay.online" : "pay.transfer")],
    button: { text: t("pay.button", { amount }), url: paymentUrl },
  };
  const linked = (key: string, url: string) => ({ text: t(key, { url }), url });
  const tracking = (trackingNumber: string): string | Link =>
    trackingLinkOf(trackingTemplateFor(order.courier, context.courierTrackingUrl), trackingNumber) ?? trackingNumber;
  const greeting: string = t("greeting");
  const dispatch = dispatchDatesOf(order.declaration_type, orderedAt, context.now, locale, order.delivery_method);
  const waiverGiven = order.immediate_performance_consent_at !== null;
  const dispatchBy = waiverGiven ? dispatch.withWaiver : dispatch.withoutWaiver;
  const paymentDue = paymentDeadline(orderedAt, context.paymentDeadlineDays);
  const deadline = formatDeliveryDay(paymentDue.day, tag);
  // A deadline moved off a Saturday, Sunday or holiday says so (art. 115 of the civil code, docs/decisions/061).
  const deadlineMoved = paymentDue.movedFrom ? [t("transfer.deadlineMoved", { day: formatDeliveryDay(paymentDue.movedFrom, tag) })] : [];
  const coResidents = coResidentsOfOrder(order);
  const people: [string, string][] = [
    [t("summary.tenant"), customerText(nameWithOriginal(order.tenant_name, order.tenant_name_original))],
    ...(coResidents.length > 0 ? [[t("summary.coResidents"), customerText(coResidentNames(coResidents))] as [string, string]] : []),
  ];

  let blocks: Block[];
  let attachments: MailAttachment[] = [];
  switch (message.kind) {
    // Composed for the order as it is now: once it no longer awaits payment (a late send, or the
    // operator's resend), the documents go without payment instructions, saying a payment is in.
    case "order_confirmation":
      blocks = [
        {
          paragraphs: [
            greeting,
            t("confirmation.intro", { number: order.number }),
            ...(locale === "pl" ? [] : [t("confirmation.binding")]),
          ],
        },
        {
          heading: t("summary.heading"),
          rows: [
            [t("summary.number"), order.number],
            [t("summary.product"), product],
            [t("summary.amount", vatWording(company.vat, t)), amount],
            ...people,
            // A locker order's address is only for correspondence: the parcel goes to the locker (docs/decisions/066).
            [t("summary.mailingAddress"), customerText(order.mailing_address)],
            ...lockerRows(order, t),
            ...(await earlyStartRows(order, locale, t)),
            ...(context.invoiceRows ?? []),
          ],
        },
        ...(order.status === "awaiting_payment"
          ? ([
              pay,
              {
                heading: t("transfer.heading"),
                rows: [
                  [t("transfer.recipient"), `${company.legalName}, ${formatAddress(company)}`],
                  [t("transfer.account"), company.bankAccount],
                  [t("transfer.bic"), company.bankBic],
                  [t("transfer.amount"), amount],
                  [t("transfer.title"), transferTitle(order.number)],
                ],
                // The pay button's page is the order's page for good: read later, once paid, the message still has a plain way back to it.
                paragraphs: [
                  t("transfer.deadline", { date: deadline }),
                  ...deadlineMoved,
                  linked("paymentPage", paymentUrl),
                  linked("agreementLink", agreementUrl),
                ],
              },
              {
                heading: t("next.heading"),
                paragraphs: [
                  waiverGiven
                    ? t("next.startNow", { date: dispatchBy, context: order.delivery_method })
                    : t("next.startLater", { date: dispatchBy, withdrawalEnds: dispatch.withdrawalEnds, context: order.delivery_method }),
                ],
              },
            ] satisfies Block[])
          : [
              {
                paragraphs: [
                  ...(order.paid_at && order.status !== "cancelled" ? [t("confirmation.alreadyPaid")] : []),
                  linked("paymentPage", paymentUrl),
                  linked("agreementLink", agreementUrl),
                ],
              },
            ]),
        { paragraphs: [linked("withdrawalLink", withdrawalUrl)] },
        contact,
        signature,
      ];
      attachments = await context.confirmationAttachments(order);
      break;
    case "operator_new_order": {
      // Compared as the back office does: the promised delivery if the money arrives today, against the lease start.
      const delivered = waiverGiven ? dispatch.deliveredWithWaiver : dispatch.deliveredWithoutWaiver;
      const start = order.start_date ? formatCalendarDate(order.start_date, tag) : null;
      const late = order.start_date !== null && delivered.day > order.start_date;
      if (late) subject = t("operator.lateSubject", { subject });
      blocks = [
        { paragraphs: [t("operator.intro"), ...(late ? [t("operator.late", { delivered: delivered.label, start })] : [])] },
        {
          rows: [
            [t("summary.number"), order.number],
            [t("operator.type"), product],
            [t("operator.amount"), amount],
            [t("operator.customer"), customerText(nameWithOriginal(order.tenant_name, order.tenant_name_original))],
            ...people.slice(1),
            [t("operator.email"), order.email],
            [t("operator.phone"), order.phone],
            [t("summary.mailingAddress"), customerText(order.mailing_address)],
            ...lockerRows(order, t),
            ...(start ? [[t("operator.startDate"), start] as [string, string]] : []),
            [t("operator.deliveredBy"), delivered.label],
            [t("summary.withdrawal"), t(waiverGiven ? "operator.waiverGiven" : "operator.waiverNotGiven")],
            [t("operator.language"), t(`languages.${order.locale}`)],
          ],
          paragraphs: [linked("operator.admin", `${siteUrl}/admin/orders/${order.id}`)],
        },
      ];
      break;
    }
    // Money arrived online: the promise counts from it (decision 060), so the operator learns what became due, and when.
    case "operator_payment_received": {
      const paidAt = typeof facts.paidAt === "string" ? facts.paidAt : (order.paid_at ?? context.now.toISOString());
      const due = deliveryDates(order.declaration_type, {
        paidAt: new Date(paidAt),
        orderedAt,
        earlyStart: waiverGiven,
        transitDays: transitDaysOf(order.delivery_method),
      });
      blocks = [
        { paragraphs: [t("operator.paymentIntro")] },
        {
          rows: [
            [t("summary.number"), order.number],
            [t("operator.type"), product],
            [t("operator.amount"), amount],
            [
              t("operator.paymentMethod"),
              t(facts.paymentMethod === "blik" ? "operator.paymentMethodBlik" : "operator.paymentMethodRedirect"),
            ],
            [t("operator.paidAt"), await receivedAtText(paidAt, locale)],
            [t("operator.dispatchBy"), formatDeliveryDay(due.dispatchBy, tag)],
            [t("operator.deliveredByPaid"), formatDeliveryDay(due.deliveredBy, tag)],
          ],
          paragraphs: [linked("operator.admin", `${siteUrl}/admin/orders/${order.id}`)],
        },
      ];
      break;
    }
    // Money the operator must act on: a refund Przelewy24 rejected, or a payment that came after a withdrawal or a cancellation.
    case "operator_refund_rejected":
    case "operator_payment_to_return": {
      const grosze = message.kind === "operator_refund_rejected" ? facts.refundedGrosze : facts.receivedGrosze;
      blocks = [
        {
          paragraphs: [
            t(message.kind === "operator_refund_rejected" ? "operator.refundRejected" : "operator.paymentToReturn", {
              number: order.number,
              amount: formatPrice(typeof grosze === "number" ? grosze : order.price_grosze, locale),
            }),
            linked("operator.admin", `${siteUrl}/admin/orders/${order.id}`),
          ],
        },
      ];
      break;
    }
    case "payment_reminder":
      blocks = [
        { paragraphs: [greeting, t("reminder.text", { number: order.number, date: deadline }), ...deadlineMoved] },
        pay,
        contact,
        signature,
      ];
      break;
    case "order_paid":
    case "order_reopened":
      blocks = [
        {
          paragraphs: [
            greeting,
            message.kind === "order_paid" ? t("paid.text", { number: order.number }) : t("reopened.text", { number: order.number }),
            t("paid.dispatchBy", {
              date: formatDeliveryDay(
                deliveryDates(order.declaration_type, {
                  // A reopened order counts from the customer's consent or the late payment, whichever came later: the
                  // transition stored that day as paid_at.
                  paidAt:
                    message.kind === "order_reopened" && order.paid_at
                      ? new Date(order.paid_at)
                      : typeof facts.paidAt === "string"
                        ? new Date(facts.paidAt)
                        : context.now,
                  orderedAt,
                  earlyStart: waiverGiven,
                  transitDays: transitDaysOf(order.delivery_method),
                }).dispatchBy,
                tag,
              ),
              context: order.delivery_method,
            }),
            linked("paymentPage", paymentUrl),
          ],
        },
        contact,
        signature,
      ];
      break;
    case "details_corrected": {
      const changed = new Set(Array.isArray(facts.fields) ? facts.fields : []);
      const current: Record<(typeof CORRECTABLE_FIELDS)[number], string | null> = {
        tenantName: order.tenant_name,
        email: order.email,
        phone: order.phone,
        mailingAddress: order.mailing_address,
        propertyAddress: order.property_address,
        landlordName: order.landlord_name,
      };
      const rows = CORRECTABLE_FIELDS.filter((field) => changed.has(field)).map((field): [string, string] => [
        t(`corrected.fields.${field}`),
        customerText(current[field] ?? "—"),
      ]);
      blocks = [
        { paragraphs: [greeting, t("corrected.text", { number: order.number })], rows },
        { paragraphs: [t("corrected.agreement")] },
        contact,
        signature,
      ];
      break;
    }
    case "tracking_corrected":
      blocks = [
        {
          paragraphs: [greeting, t("trackingCorrected.text", { number: order.number })],
          rows: [
            [t("dispatched.tracking"), tracking(order.tracking_number ?? "")],
            ...(order.courier ? [[t("dispatched.courier"), order.courier] as [string, string]] : []),
          ],
        },
        { paragraphs: [linked("paymentPage", paymentUrl)] },
        contact,
        signature,
      ];
      break;
    case "refund_recorded":
      blocks = [
        {
          paragraphs: [
            greeting,
            t("refundRecorded.text", {
              number: order.number,
              amount: formatPrice(typeof facts.refundedGrosze === "number" ? facts.refundedGrosze : 0, locale),
            }),
            ...(await withdrawalRefundSentences(order, locale, t)),
          ],
        },
        contact,
        signature,
      ];
      break;
    case "order_dispatched":
      blocks = [
        {
          paragraphs: [greeting, t("dispatched.text", { number: order.number, locker: order.locker_name, context: order.delivery_method })],
          rows: [
            [t("dispatched.tracking"), tracking(String(facts.trackingNumber ?? ""))],
            ...(facts.courier
              ? [[t("dispatched.courier", { context: order.delivery_method }), String(facts.courier)] as [string, string]]
              : []),
          ],
        },
        { paragraphs: [linked("paymentPage", paymentUrl)] },
        contact,
        signature,
      ];
      break;
    // Its words beyond the subject are the review form's own (locales/*/review.json).
    case "review_request":
      blocks = [
        {
          // The day it went out, not "a few days ago": the request may leave minutes after a quick delivery.
          paragraphs: [
            greeting,
            t("review:mail.intro", { number: order.number, date: formatDeliveryDay(new Date(order.dispatched_at ?? context.now), tag) }),
          ],
          button: { text: t("review:mail.button"), url: `${siteUrl}${reviewPath(order)}` },
        },
        { paragraphs: [t("review:mail.how")] },
        contact,
        signature,
      ];
      break;
    case "withdrawal_expired":
      blocks = [
        {
          paragraphs: [
            greeting,
            t("withdrawalExpired.text", {
              number: order.number,
              receivedAt: order.withdrawn_at ? await receivedAtText(order.withdrawn_at, locale) : "",
            }),
            // The right ends on delivery (art. 38 ust. 1 pkt 1; decision.ts): the answer names that day and when the request was made.
            t("withdrawalExpired.law", {
              requestedAt: order.immediate_performance_consent_at
                ? await receivedAtText(order.immediate_performance_consent_at, locale)
                : "",
              deliveredOn: order.delivered_at ? formatDeliveryDay(new Date(order.delivered_at), tag) : "",
            }),
            t("withdrawalExpired.question"),
          ],
        },
        { paragraphs: [linked("paymentPage", paymentUrl)] },
        contact,
        signature,
      ];
      break;
    case "withdrawal_acknowledgement":
    case "withdrawal_late":
    case "withdrawal_receipt":
    case "operator_withdrawal":
      throw new Error(`a withdrawal statement's message (${message.kind}) is composed by composeWithdrawalMessage`);
    case "operator_account_locked":
      throw new Error(`an operator account's message (${message.kind}) is composed by composeOperatorAccountMessage`);
    case "ksef_submission":
      throw new Error("a KSeF submission is no e-mail: the KSeF lane sends it (app/ksef/ksef-lane.server.ts)");
    case "invoice_issued":
    case "invoice_corrected":
      throw new Error(`an invoice's message (${message.kind}) is composed by composeInvoiceMessage`);
    case "order_cancelled":
      blocks = [
        {
          paragraphs: [
            greeting,
            t("cancelled.text", { number: order.number }),
            cancellationReason(t, facts),
            // After a withdrawal from an unpaid order there is nothing to give back, and nothing speaks of it.
            order.withdrawn_at && !order.paid_at
              ? t("withdrawal.nextUnpaid")
              : refundSentence(t, refundFactsAfterWithdrawal(order, facts), locale),
            ...(await withdrawalRefundSentences(order, locale, t)),
          ],
        },
        contact,
        signature,
      ];
      break;
  }
  return {
    to: customer ? order.email : context.operatorEmail,
    replyTo: company.email,
    subject,
    text: toText(blocks),
    html: toHtml(blocks, locale),
    attachments,
    messageId: outboxMessageId(message, order, siteUrl),
  };
}

/**
 * Derived from the outbox row: a message sent twice after a crash shows as one in a mail client.
 * A message the operator sends again gets a new id, or the client would hide it as the same one.
 */
export function outboxMessageId(message: Pick<OutboxRow, "id" | "resent">, order: Pick<OrderRow, "number">, siteUrl: string): string {
  return `<outbox-${message.id}${message.resent ? `-${message.resent}` : ""}.${order.number}@${new URL(siteUrl).hostname}>`;
}

/**
 * After a withdrawal with an amount kept for work done (art. 35), a cancellation that has not yet
 * refunded promises what is left, not "in full", so it never contradicts the sentence that names
 * the amount kept.
 */
function refundFactsAfterWithdrawal(order: OrderRow, facts: Record<string, unknown>): Record<string, unknown> {
  const settled = typeof facts.refundedGrosze === "number" || typeof facts.refundDueGrosze === "number";
  if (settled || order.withdrawal_decision !== "partial" || !order.withdrawal_retained_grosze) return facts;
  return { ...facts, refundDueGrosze: (order.received_grosze ?? order.price_grosze) - order.withdrawal_retained_grosze };
}

/**
 * A refund or cancellation of a paid order the customer withdrew from says so, with the statement's time of
 * receipt, and names the amount kept for work done before the withdrawal when the operator set one (art. 35).
 */
async function withdrawalRefundSentences(order: OrderRow, locale: Locale, t: (key: string, options?: Record<string, unknown>) => string) {
  if (!order.withdrawn_at || !order.paid_at) return [];
  const sentences = [t("withdrawalRefund.text", { receivedAt: await receivedAtText(order.withdrawn_at, locale) })];
  if (order.withdrawal_decision === "partial" && order.withdrawal_retained_grosze)
    sentences.push(
      t("withdrawalRefund.retained", {
        retained: formatPrice(order.withdrawal_retained_grosze, locale),
        reason: retainedReasonText(order, t),
      }),
    );
  return sentences;
}

/**
 * The confirmation's record of the early start (art. 38 ust. 1 pkt 1 needs both): the request to start
 * before the withdrawal period ends, and the acknowledgement that the right is lost once the service is
 * fully performed, each with the time the order's one tick gave them; or that no such request was made.
 */
async function earlyStartRows(
  order: OrderRow,
  locale: Locale,
  t: (key: string, options?: Record<string, unknown>) => string,
): Promise<[string, string][]> {
  if (!order.immediate_performance_consent_at) return [[t("summary.withdrawal"), t("waiver.notGiven")]];
  const time = await receivedAtText(order.immediate_performance_consent_at, locale);
  return [
    [t("summary.withdrawal"), t("waiver.given", { time })],
    [t("summary.lossAcknowledged"), t("waiver.acknowledged", { time })],
  ];
}
