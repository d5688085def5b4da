import { formatDeliveryDay } from "~/i18n/date-format";
import { receivedAtText } from "~/order/receipt-time.server";
import type { OrderComposer } from "../order-mail";

export const withdrawalExpired: OrderComposer<"withdrawal_expired"> = {
  to: "customer",
  compose: async ({ order, t, tag, locale, ...mail }) => ({
    blocks: [
      {
        paragraphs: [
          mail.greeting,
          t("withdrawalExpired.text", {
            number: order.number,
            receivedAt: order.withdrawn_at ? await receivedAtText(order.withdrawn_at, locale) : "",
          }),
          // The right ends on delivery (art. 38 ust. 1 pkt 1; decision.ts): the answer names that day and when the request was made.
          t("withdrawalExpired.law", {
            requestedAt: order.immediate_performance_consent_at ? await receivedAtText(order.immediate_performance_consent_at, locale) : "",
            deliveredOn: order.delivered_at ? formatDeliveryDay(new Date(order.delivered_at), tag) : "",
          }),
          t("withdrawalExpired.question"),
        ],
      },
      { paragraphs: [mail.linked("paymentPage", mail.paymentUrl)] },
      mail.contact,
      mail.signature,
    ],
  }),
};
