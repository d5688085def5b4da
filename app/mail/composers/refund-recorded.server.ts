import { formatPrice } from "~/i18n/money";
import type { OrderComposer } from "../order-mail";
import { withdrawalRefundSentences } from "../withdrawal-refund-sentences.server";

export const refundRecorded: OrderComposer<"refund_recorded"> = {
  to: "customer",
  compose: async ({ order, facts, t, locale, greeting, contact, signature }) => ({
    blocks: [
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
    ],
  }),
};
