import type { OperatorEventRow, OutboxRow } from "~/db/schema";
import { getFixedT } from "~/i18n/i18n.server";
import { receivedAtText } from "~/order/receipt-time.server";
import { toHtml, toText, type Block } from "./blocks";
import type { ComposeContext, MailMessage } from "./mail-message";

/**
 * A message about an operator's own account, to that account's address, in Polish like the back
 * office: the lock that too many wrong codes put on it (docs/decisions/060). It is composed from
 * the audit row that recorded the lock, which the outbox row belongs to.
 */
export async function composeOperatorAccountMessage(
  message: OutboxRow,
  event: Pick<OperatorEventRow, "id" | "operator" | "ip" | "at">,
  context: Pick<ComposeContext, "company" | "siteUrl">,
): Promise<MailMessage> {
  const t = await getFixedT("pl", "mail");
  const blocks: Block[] = [
    {
      paragraphs: [
        t("operatorAccount.locked", { operator: event.operator, at: await receivedAtText(event.at, "pl"), ip: event.ip ?? "—" }),
        t("operatorAccount.meaning"),
        t("operatorAccount.unlock", { operator: event.operator }),
      ],
    },
  ];
  return {
    to: event.operator,
    replyTo: context.company.email,
    subject: t(`subject.${message.kind}`, { operator: event.operator }),
    text: toText(blocks),
    html: toHtml(blocks, "pl"),
    attachments: [],
    messageId: `<outbox-${message.id}${message.resent ? `-${message.resent}` : ""}.operator-event-${event.id}@${new URL(context.siteUrl).hostname}>`,
  };
}
