import type { TFunction } from "i18next";
import { BUSINESS_TIME_ZONE } from "~/config/delivery";
import { formatPrice } from "~/i18n/money";
import type { PdfDrawer, PdfLayout, PdfSection } from "~/documents/pdf.server";
import { fixedT } from "~/i18n/i18n.server";
import { retainedReasonText } from "~/order/retained-reason";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { coResidentNames } from "~/order/co-residents";
import type {
  CustomerDataExport,
  ExportedBankTransfer,
  ExportedConversation,
  ExportedMessage,
  ExportedOrder,
  ExportedWithdrawalStatement,
} from "./customer-data-export.server";
import { describeEvent } from "./history";

/** What the PDF needs to write one language: its words, times, days and amounts. */
type Writer = {
  t: TFunction;
  time: (iso: string | null) => string;
  money: (grosze: number | null) => string | null;
  /** An amount in a currency a bank statement named: the złoty as `money` writes it, any other with its code. */
  moneyIn: (grosze: number, currency: string) => string;
};

function writerFor(locale: Locale): Writer {
  const t = fixedT(locale, "dataExport");
  const tag = LOCALE_TAGS[locale];
  const instant = new Intl.DateTimeFormat(tag, { timeZone: BUSINESS_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
  // A plain day (a lease's start, an invoice's date) is no instant: it is read as it was written.
  const day = new Intl.DateTimeFormat(tag, { timeZone: "UTC", dateStyle: "medium" });
  const time = (iso: string | null) => {
    if (!iso) return t("none");
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
    if (Number.isNaN(date.getTime())) return iso;
    return (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? day : instant).format(date);
  };
  const moneyIn = (grosze: number, currency: string) => {
    if (currency === "PLN") return formatPrice(grosze, locale);
    try {
      return new Intl.NumberFormat(tag, { style: "currency", currency }).format(grosze / 100);
    } catch {
      return `${(grosze / 100).toFixed(2)} ${currency}`;
    }
  };
  return { t, time, money: (grosze) => (grosze === null ? null : formatPrice(grosze, locale)), moneyIn };
}

const lineOf =
  ({ t }: Writer) =>
  (label: string, value: string | number | null | undefined) =>
    `${label}: ${value === null || value === undefined || value === "" ? t("none") : value}`;

function messageLines(writer: Writer, messages: readonly ExportedMessage[]): string[] {
  const { t, time } = writer;
  return messages.map((message) => {
    const when =
      message.status === "sent"
        ? t("messages.sent", { time: time(message.sentAt) })
        : message.status === "failed"
          ? t("messages.failed", { time: time(message.queuedAt) })
          : t("messages.queued", { time: time(message.queuedAt) });
    return t("messages.line", {
      kind: t(`messages.kinds.${message.kind}`, { defaultValue: message.kind }),
      to: message.to === "KSeF" ? t("messages.ksef") : message.to,
      when,
    });
  });
}

function statementSection(writer: Writer, statement: ExportedWithdrawalStatement): PdfSection {
  const { t, time } = writer;
  const line = lineOf(writer);
  return {
    heading: t("withdrawal.statement", { time: time(statement.receivedAt) }),
    paragraphs: [
      line(t("withdrawal.channel"), t(`withdrawal.channels.${statement.channel}`, { defaultValue: statement.channel })),
      ...(statement.sentOn ? [line(t("withdrawal.sentOn"), statement.sentOn)] : []),
      ...(statement.late ? [t("withdrawal.late")] : []),
      line(t("withdrawal.name"), statement.name),
      line(t("withdrawal.reference"), statement.orderReference),
      line(t("withdrawal.email"), statement.email),
      line(t("withdrawal.language"), t(`mail:languages.${statement.language}`)),
      line(t("withdrawal.matchedBy"), t(`withdrawal.matches.${statement.matchedBy ?? "none"}`, { defaultValue: statement.matchedBy })),
      ...statement.statement.split("\n"),
      ...(statement.acknowledgementWithheld ? [t("withdrawal.withheld")] : []),
      ...messageLines(writer, statement.messages),
    ],
  };
}

/** A conversation, oldest first: who wrote (the customer is "you") and when, each text as it was typed or the time it was erased; then its e-mails. */
function conversationParagraphs(writer: Writer, conversation: ExportedConversation): string[] {
  const { t, time } = writer;
  return [
    ...conversation.messages.flatMap((message) => {
      const [first = "", ...rest] =
        message.text === null ? [t("conversation.erased", { time: time(message.erasedAt) })] : message.text.split("\n");
      // Only punctuation joins the time, who wrote and the text, the same in every language, so it is not a translated string.
      return [`${time(message.at)}, ${t(`conversation.authors.${message.author}`)}: ${first}`, ...rest];
    }),
    ...messageLines(writer, conversation.emails),
  ];
}

function contactThreadSection(writer: Writer, thread: ExportedConversation): PdfSection {
  const { t, time } = writer;
  const line = lineOf(writer);
  return {
    heading: t("conversation.contactThread", { time: time(thread.startedAt) }),
    paragraphs: [
      line(t("conversation.name"), thread.contactName),
      line(t("conversation.email"), thread.contactEmail),
      line(t("conversation.language"), t(`mail:languages.${thread.language}`)),
      ...conversationParagraphs(writer, thread),
    ],
  };
}

/** One transfer on a statement: what the bank said, what reading it made of it, the operator's decision, and the statement. */
function bankTransferLine({ t, time, moneyIn }: Writer, transfer: ExportedBankTransfer): string {
  const { statement } = transfer;
  const reason = transfer.reason
    ? t(`bankTransfers.reasons.${transfer.reason}`, {
        defaultValue: transfer.reason,
        difference: moneyIn(Math.abs(transfer.differenceGrosze ?? 0), transfer.currency),
      })
    : "";
  return [
    t("bankTransfers.line", { date: time(transfer.bookedOn), amount: moneyIn(transfer.amountGrosze, transfer.currency) }),
    ...(transfer.title ? [t("bankTransfers.title", { title: transfer.title })] : []),
    ...(transfer.payerName ? [t("bankTransfers.payer", { name: transfer.payerName })] : []),
    ...(transfer.payerAccount ? [t("bankTransfers.account", { account: transfer.payerAccount })] : []),
    ...(transfer.bankReference ? [t("bankTransfers.reference", { reference: transfer.bankReference })] : []),
    t(`bankTransfers.outcomes.${transfer.outcome}`, { reason }),
    ...(transfer.decision ? [t(`bankTransfers.decisions.${transfer.decision}`, { time: time(transfer.decidedAt) })] : []),
    t("bankTransfers.statement", {
      file: statement.fileName,
      period:
        statement.firstBookedOn === statement.lastBookedOn
          ? time(statement.firstBookedOn)
          : `${time(statement.firstBookedOn)} – ${time(statement.lastBookedOn)}`,
      line: statement.lineNo,
      time: time(statement.readAt),
    }),
  ].join("; ");
}

function orderSections(writer: Writer, order: ExportedOrder): PdfSection[] {
  const { t, time, money } = writer;
  const line = lineOf(writer);
  const { person, declarations, delivery, fulfilment, withdrawal, review, invoiceRequest } = order;
  const locker = delivery.method === "locker";
  return [
    {
      heading: t("order.heading", { number: order.number }),
      startsNewPage: true,
      paragraphs: [
        line(t("order.placedAt"), time(order.placedAt)),
        line(t("order.status"), t(`status.${order.status}`, { defaultValue: order.status })),
        line(t("order.type"), t(`common:products.${order.declarationType}.name`)),
        line(t("order.price"), money(order.priceGrosze)),
        line(t("order.language"), t(`mail:languages.${order.language}`)),
      ],
    },
    {
      heading: t("person.heading"),
      paragraphs: [
        line(t("person.tenantName"), person.tenantName),
        line(t("person.tenantNameAsTyped"), person.tenantNameAsTyped),
        line(t("person.coResidents"), coResidentNames(person.coResidents)),
        line(t("person.landlordName"), person.landlordName),
        line(t("person.email"), person.email),
        line(t("person.phone"), person.phone),
        line(t("person.propertyAddress"), person.propertyAddress),
        line(t("person.mailingAddress"), person.mailingAddress),
        line(t("person.additionalInfo"), person.additionalInfo),
        line(t("person.startDate"), order.rental.startDate ? time(order.rental.startDate) : null),
        line(t("person.periodDays"), order.rental.periodDays),
      ],
    },
    {
      heading: t("declarations.heading"),
      paragraphs: [
        line(t("declarations.dataProcessing"), time(declarations.dataProcessingAcknowledgedAt)),
        line(t("declarations.terms"), time(declarations.termsAcceptedAt)),
        line(
          t("declarations.earlyStart"),
          declarations.earlyStartRequestedAt ? time(declarations.earlyStartRequestedAt) : t("declarations.notMade"),
        ),
      ],
    },
    {
      heading: t("delivery.heading"),
      paragraphs: [
        line(t("delivery.method"), t(`delivery.methods.${delivery.method}`, { defaultValue: delivery.method })),
        ...(locker
          ? [
              line(t("delivery.locker"), delivery.lockerName),
              line(t("delivery.lockerAddress"), delivery.lockerAddress),
              line(t("delivery.lockerDescription"), delivery.lockerDescription),
              line(
                t("delivery.lockerHours"),
                delivery.lockerOpen247 === null ? null : t(`delivery.lockerHoursValues.${delivery.lockerOpen247 ? "open247" : "limited"}`),
              ),
            ]
          : []),
        line(t("delivery.courier"), delivery.courier),
        line(t("delivery.trackingNumber"), delivery.trackingNumber),
        ...(delivery.shipmentStatus ? [line(t("delivery.shipmentStatus"), delivery.shipmentStatus)] : []),
        line(t("delivery.dispatchedAt"), delivery.dispatchedAt && time(delivery.dispatchedAt)),
        line(t("delivery.deliveredAt"), delivery.deliveredAt && time(delivery.deliveredAt)),
      ],
    },
    {
      heading: t("payments.heading"),
      paragraphs: [
        line(t("payments.paidAt"), fulfilment.paidAt && time(fulfilment.paidAt)),
        line(t("payments.received"), money(fulfilment.receivedGrosze)),
        ...order.payments.map((payment) =>
          [
            t("payments.online", {
              method: t(`payments.methods.${payment.method}`, { defaultValue: payment.method }),
              state: t(`payments.states.${payment.state}`, { defaultValue: payment.state }),
              amount: money(payment.amountGrosze),
              time: time(payment.startedAt),
            }),
            ...(payment.paidAt ? [t("payments.onlinePaid", { time: time(payment.paidAt) })] : []),
            ...(payment.refundedAt ? [t("payments.onlineRefunded", { time: time(payment.refundedAt) })] : []),
          ].join(", "),
        ),
        ...(fulfilment.cancelledAt
          ? [line(t("payments.cancelledAt"), time(fulfilment.cancelledAt)), line(t("payments.cancelReason"), fulfilment.cancelReason)]
          : []),
        ...(fulfilment.refundedGrosze !== null
          ? [line(t("payments.refunded"), money(fulfilment.refundedGrosze)), line(t("payments.refundedAt"), time(fulfilment.refundedAt))]
          : []),
      ],
    },
    ...(order.bankTransfers.length
      ? [{ heading: t("bankTransfers.heading"), paragraphs: order.bankTransfers.map((transfer) => bankTransferLine(writer, transfer)) }]
      : []),
    ...(withdrawal.withdrawnAt || withdrawal.statements.length
      ? [
          {
            heading: t("withdrawal.heading"),
            paragraphs: [
              line(t("withdrawal.withdrawnAt"), withdrawal.withdrawnAt && time(withdrawal.withdrawnAt)),
              ...(withdrawal.decision
                ? [
                    line(t("withdrawal.decision"), t(`withdrawal.decisions.${withdrawal.decision}`, { defaultValue: withdrawal.decision })),
                    ...(withdrawal.retainedGrosze !== null ? [line(t("withdrawal.retained"), money(withdrawal.retainedGrosze))] : []),
                    ...(withdrawal.decisionReasonCode || withdrawal.decisionReason
                      ? [
                          line(
                            t("withdrawal.reason"),
                            retainedReasonText(
                              {
                                withdrawal_decision_reason_code: withdrawal.decisionReasonCode,
                                withdrawal_decision_reason: withdrawal.decisionReason,
                              },
                              t,
                            ),
                          ),
                        ]
                      : []),
                  ]
                : []),
            ],
          },
          ...withdrawal.statements.map((statement) => statementSection(writer, statement)),
        ]
      : []),
    ...(review
      ? [
          {
            heading: t("review.heading"),
            paragraphs: [
              line(t("review.stars"), `${review.stars}/5`),
              line(t("review.text"), review.text),
              line(t("review.displayName"), review.displayName),
              line(t("review.city"), review.city),
              line(t("review.consent"), time(review.publicationConsentAt)),
              line(t("review.writtenAt"), time(review.writtenAt)),
              line(t("review.changedAt"), time(review.changedAt)),
              line(t("review.status"), t(`review.statuses.${review.status}`)),
              ...(review.decidedAt ? [line(t("review.decidedAt"), time(review.decidedAt))] : []),
            ],
          },
        ]
      : []),
    ...(invoiceRequest || order.invoices.length
      ? [
          {
            heading: t("invoices.heading"),
            paragraphs: [
              ...(invoiceRequest
                ? [
                    line(
                      t("invoices.requestedAt"),
                      `${time(invoiceRequest.requestedAt)} (${t(`invoices.via.${invoiceRequest.requestedVia}`, { defaultValue: invoiceRequest.requestedVia })})`,
                    ),
                    line(t("invoices.buyer"), `${invoiceRequest.buyerName}, ${invoiceRequest.buyerAddress}`),
                    ...(invoiceRequest.buyerNip ? [line(t("invoices.nip"), invoiceRequest.buyerNip)] : []),
                  ]
                : []),
              ...order.invoices.map((invoice) =>
                [
                  t("invoices.line", {
                    kind: t(`invoices.kinds.${invoice.kind}`),
                    number: invoice.number,
                    date: time(invoice.issueDate),
                    gross: money(invoice.grossGrosze),
                  }),
                  ...(invoice.corrects ? [t("invoices.corrects", { number: invoice.corrects })] : []),
                  `${t("invoices.buyer")}: ${invoice.buyerName}, ${invoice.buyerAddress}${invoice.buyerNip ? `, ${t("invoices.nip")} ${invoice.buyerNip}` : ""}`,
                  ...(invoice.ksef
                    ? [
                        t("invoices.ksef", {
                          state: [
                            t(`invoices.ksefStates.${invoice.ksef.status}`, { defaultValue: invoice.ksef.status }),
                            ...(invoice.ksef.ksefNumber ? [t("invoices.ksefNumber", { number: invoice.ksef.ksefNumber })] : []),
                            ...(invoice.ksef.offlineAt ? [t("invoices.offline", { time: time(invoice.ksef.offlineAt) })] : []),
                          ].join(", "),
                        }),
                      ]
                    : []),
                ].join("; "),
              ),
            ],
          },
        ]
      : []),
    ...(order.conversation ? [{ heading: t("conversation.heading"), paragraphs: conversationParagraphs(writer, order.conversation) }] : []),
    { heading: t("messages.heading"), paragraphs: order.messages.length ? messageLines(writer, order.messages) : [t("none")] },
    {
      heading: t("history.heading"),
      paragraphs: order.history.length
        ? order.history.map(
            (event) =>
              `${time(event.at)}: ${describeEvent({
                ...event,
                details: Object.fromEntries(
                  Object.entries(event.details).map(([key, value]) => [
                    key,
                    typeof value === "object" ? JSON.stringify(value) : String(value),
                  ]),
                ),
              })}`,
          )
        : [t("none")],
    },
    ...(order.notes.length
      ? [{ heading: t("notes.heading"), paragraphs: order.notes.map((note) => `${time(note.at)}, ${note.operator}: ${note.text}`) }]
      : []),
    { heading: t("agreement.heading", { version: order.agreement.version }), paragraphs: order.agreement.text.split(/\n{2,}/) },
    ...(order.agreement.bindingPolishText
      ? [{ heading: t("agreement.binding"), paragraphs: order.agreement.bindingPolishText.split(/\n{2,}/) }]
      : []),
  ];
}

/**
 * The export as the customer reads it (art. 15), in the language of their newest order
 * (docs/decisions/064): each order with what they typed, what they declared, the delivery, the
 * payments, the transfers on bank statements, the withdrawal, the review, the invoices, the
 * conversation on the order's page, the messages, the history and the agreement, and then the
 * withdrawal statements from their address that matched no order and their contact page's messages.
 */
export function customerDataPdf(documents: PdfDrawer, data: CustomerDataExport): Promise<Buffer> {
  return documents.pdf(customerDataLayout(data));
}

function customerDataLayout(data: CustomerDataExport): PdfLayout {
  const writer = writerFor(data.language);
  const { t, time } = writer;
  return {
    header: ["Adres do eksmisji", t("asOf", { time: time(data.exportedAt) })],
    title: t("title"),
    sections: [
      { paragraphs: [t("lead"), t("ordersCount", { count: data.orders.length })] },
      ...data.orders.flatMap((order) => orderSections(writer, order)),
      ...(data.unmatchedWithdrawalStatements.length
        ? [
            { heading: t("withdrawal.unmatchedHeading"), startsNewPage: true, paragraphs: [] },
            ...data.unmatchedWithdrawalStatements.map((statement) => statementSection(writer, statement)),
          ]
        : []),
      ...(data.contactThreads.length
        ? [
            { heading: t("conversation.contactHeading"), startsNewPage: true, paragraphs: [] },
            ...data.contactThreads.map((thread) => contactThreadSection(writer, thread)),
          ]
        : []),
    ],
    metaTitle: t("metaTitle"),
    lang: LOCALE_TAGS[data.language],
    pageLabel: t("page", { page: "{page}", total: "{total}" }),
  };
}
