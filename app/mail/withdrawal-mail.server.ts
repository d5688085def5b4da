import { formatAddress } from "~/config/company";
import type { OrderRow, OutboxRow, WithdrawalRow } from "~/db/schema";
import { getFixedT } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/locales";
import { receivedAtText } from "~/withdrawal/receipt-time.server";
import { refundDueBy } from "~/withdrawal/withdrawal.server";
import { customerText, toHtml, toText, type Block } from "./blocks";
import type { ComposeContext, MailMessage } from "./compose.server";

/**
 * A withdrawal statement's two messages (docs/decisions/046). The acknowledgement goes to the
 * address the customer gave, in the page's language, with the statement's full text and its
 * time of receipt; it reads the same whether or not the statement matched an order, so it tells
 * a stranger nothing about anyone's order. The operator's notice (Polish) says how it matched.
 */
export async function composeWithdrawalMessage(
  message: OutboxRow,
  withdrawal: WithdrawalRow,
  order: Pick<OrderRow, "id" | "number" | "withdrawn_at"> | null,
  context: Pick<ComposeContext, "company" | "siteUrl" | "operatorEmail">,
): Promise<MailMessage> {
  const { company, siteUrl } = context;
  const toCustomer = message.kind === "withdrawal_acknowledgement";
  const locale: Locale = toCustomer ? withdrawal.locale : "pl";
  const t = await getFixedT(locale, "mail");
  const receivedAt = await receivedAtText(withdrawal.received_at, locale);
  const statement: Block = {
    heading: t("withdrawal.heading"),
    paragraphs: withdrawal.statement.split("\n").map(customerText),
    rows: [[t("withdrawal.receivedAt"), receivedAt]],
  };
  let blocks: Block[];
  if (toCustomer) {
    blocks = [
      { paragraphs: [t("greeting"), t("withdrawal.intro")] },
      statement,
      { paragraphs: [t("withdrawal.next")] },
      {
        heading: t("contact.heading"),
        paragraphs: [
          t("contact.text", { legalName: company.legalName, address: formatAddress(company), phone: company.phone, email: company.email }),
        ],
      },
      { paragraphs: [t("signature", { productName: company.productName })] },
    ];
  } else {
    const adminUrl = order ? `${siteUrl}/admin/orders/${order.id}` : `${siteUrl}/admin?withdrawals=unmatched`;
    const repeated = order !== null && order.withdrawn_at !== null && order.withdrawn_at < withdrawal.received_at;
    const refundBy = await receivedAtText(refundDueBy(withdrawal.received_at).toISOString(), "pl");
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
          { text: t("withdrawal.admin", { url: adminUrl }), url: adminUrl },
        ],
      },
      statement,
    ];
  }
  return {
    to: toCustomer ? withdrawal.email : context.operatorEmail,
    replyTo: company.email,
    subject: t(`subject.${message.kind}`, { reference: customerText(withdrawal.order_reference) }),
    text: toText(blocks),
    html: toHtml(blocks, locale),
    attachments: [],
    messageId: `<outbox-${message.id}${message.resent ? `-${message.resent}` : ""}.withdrawal-${withdrawal.id}@${new URL(siteUrl).hostname}>`,
  };
}
