import { formatAddress } from "~/config/company";
import { formatDeliveryDay } from "~/i18n/date-format";
import { withdrawalPeriodEnd } from "~/order/delivery-dates.server";
import { sentDayOf } from "./late-statement.server";
import type { OrderRow, OutboxRow, WithdrawalRow } from "~/db/schema";
import { getFixedT } from "~/i18n/i18n.server";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";
import { receivedAtText } from "~/order/receipt-time.server";
import { refundDueBy } from "./withdrawal.server";
import { customerText, toHtml, toText, type Block } from "~/mail/blocks";
import type { ComposeContext, MailMessage } from "~/mail/mail-message";

/** What a statement's messages need of the order it is about. */
export const WITHDRAWN_ORDER_COLUMNS = ["id", "number", "withdrawn_at", "email", "payment_token", "paid_at", "created_at"] as const;
export type WithdrawnOrder = Pick<OrderRow, (typeof WITHDRAWN_ORDER_COLUMNS)[number]>;

/**
 * The statement's lines with what the sender typed (the name, the contract's description) kept from
 * becoming links (customerText), and the rest as written: our own words and legal name, and the
 * acknowledgement's e-mail address, which the form validated. An invisible character inside that
 * address (as customerText puts after each dot) would break it for anyone who copies it, and a mail
 * program's mailto: link to it points where it says.
 */
function statementLines(withdrawal: Pick<WithdrawalRow, "statement" | "name" | "order_reference">): string[] {
  const typed = [withdrawal.name, withdrawal.order_reference].filter((value) => value !== "");
  return withdrawal.statement.split("\n").map((line) => typed.reduce((text, value) => text.split(value).join(customerText(value)), line));
}

/**
 * A withdrawal statement's messages (docs/decisions/046 and 058):
 * - `withdrawal_acknowledgement`, to the ORDER's own address, in the page's language: the order's
 *   number in the subject, the statement's full text, its time of receipt, what happens to the
 *   money, and the link to the order's page;
 * - `withdrawal_receipt`, to an address the statement gave that is not the order's (or any address,
 *   while the statement matches no order): its time of receipt and where the full acknowledgement
 *   goes, and none of the sender's words, so the form cannot carry anyone's text to anyone;
 * - `operator_withdrawal` (Polish): the statement, how it matched, and whether the daily cap held
 *   an acknowledgement back.
 */
export async function composeWithdrawalMessage(
  message: OutboxRow,
  withdrawal: WithdrawalRow,
  order: WithdrawnOrder | null,
  context: Pick<ComposeContext, "company" | "siteUrl" | "operatorEmail">,
): Promise<MailMessage> {
  const { company, siteUrl } = context;
  const toOperator = message.kind === "operator_withdrawal";
  const locale: Locale = toOperator ? "pl" : withdrawal.locale;
  const t = await getFixedT(locale, "mail");
  const receivedAt = await receivedAtText(withdrawal.received_at, locale);
  const received: Block = { rows: [[t("withdrawal.receivedAt"), receivedAt]] };
  const statement: Block = { heading: t("withdrawal.heading"), paragraphs: statementLines(withdrawal), ...received };
  const contact: Block = {
    heading: t("contact.heading"),
    paragraphs: [
      t("contact.text", { legalName: company.legalName, address: formatAddress(company), phone: company.phone, email: company.email }),
    ],
  };
  const signature: Block = { paragraphs: [t("signature", { productName: company.productName })] };
  let blocks: Block[];
  let to: string;
  let subject: string;
  const orderPageOf = (of: WithdrawnOrder) => `${siteUrl}${pathFor("payment", locale, { token: of.payment_token })}`;
  const periodEnd = (of: WithdrawnOrder) => formatDeliveryDay(withdrawalPeriodEnd(new Date(of.created_at)), LOCALE_TAGS[locale]);
  if (message.kind === "withdrawal_late" && order) {
    // Sent after the period (docs/decisions/063): acknowledged with its text and time like any other, and told apart.
    const sentOn = formatDeliveryDay(sentDayOf(withdrawal), LOCALE_TAGS[locale]);
    to = order.email;
    subject = t("subject.withdrawal_late", { number: order.number });
    blocks = [
      { paragraphs: [t("greeting"), t("withdrawalLate.intro", { number: order.number })] },
      statement,
      {
        paragraphs: [
          t("withdrawalLate.period", { periodEnd: periodEnd(order), sentOn }),
          t("withdrawalLate.question"),
          { text: t("paymentPage", { url: orderPageOf(order) }), url: orderPageOf(order) },
        ],
      },
      contact,
      signature,
    ];
  } else if (message.kind === "withdrawal_acknowledgement" && order) {
    // A statement's acknowledgement queued before it was about an order (docs/decisions/058) goes out as a receipt.
    const orderPage = orderPageOf(order);
    const refundBy = formatDeliveryDay(refundDueBy(withdrawal.received_at), LOCALE_TAGS[locale]);
    to = order.email;
    subject = t("subject.withdrawal_acknowledgement", { number: order.number });
    blocks = [
      { paragraphs: [t("greeting"), t("withdrawal.intro", { number: order.number })] },
      statement,
      {
        paragraphs: [
          order.paid_at ? t("withdrawal.nextPaid", { refundBy }) : t("withdrawal.nextUnpaid"),
          { text: t("paymentPage", { url: orderPage }), url: orderPage },
        ],
      },
      contact,
      signature,
    ];
  } else if (!toOperator) {
    to = withdrawal.email;
    subject = t("subject.withdrawal_receipt");
    blocks = [
      { paragraphs: [t("greeting"), t("withdrawal.receipt")] },
      received,
      { paragraphs: [t("withdrawal.receiptNext")] },
      contact,
      signature,
    ];
  } else {
    const adminUrl = order ? `${siteUrl}/admin/orders/${order.id}` : `${siteUrl}/admin?withdrawals=unmatched`;
    const repeated = order !== null && order.withdrawn_at !== null && order.withdrawn_at < withdrawal.received_at;
    const refundBy = await receivedAtText(refundDueBy(withdrawal.received_at).toISOString(), "pl");
    to = context.operatorEmail;
    subject = t("subject.operator_withdrawal", { reference: customerText(withdrawal.order_reference) });
    blocks = [
      { paragraphs: [t("withdrawal.operatorIntro", { refundBy })] },
      {
        rows: [
          [t("withdrawal.match"), order ? t("withdrawal.operatorMatched", { number: order.number }) : t("withdrawal.operatorUnmatched")],
          [t("withdrawal.name"), customerText(withdrawal.name)],
          [t("withdrawal.reference"), customerText(withdrawal.order_reference)],
          [t("withdrawal.email"), withdrawal.email],
          [t("withdrawal.language"), t(`languages.${withdrawal.locale}`)],
        ],
        paragraphs: [
          ...(repeated ? [t("withdrawal.operatorRepeated")] : []),
          ...(order && withdrawal.late ? [t("withdrawal.operatorLate", { periodEnd: periodEnd(order) })] : []),
          ...(withdrawal.acknowledgement_withheld ? [t("withdrawal.operatorWithheld")] : []),
          { text: t("withdrawal.admin", { url: adminUrl }), url: adminUrl },
        ],
      },
      statement,
    ];
  }
  return {
    to,
    replyTo: company.email,
    subject,
    text: toText(blocks),
    html: toHtml(blocks, locale),
    attachments: [],
    messageId: `<outbox-${message.id}${message.resent ? `-${message.resent}` : ""}.withdrawal-${withdrawal.id}@${new URL(siteUrl).hostname}>`,
  };
}
