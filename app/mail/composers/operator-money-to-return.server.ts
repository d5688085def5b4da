import { formatPrice } from "~/i18n/money";
import type { OrderComposer } from "../order-mail";

/** Money the operator must act on: a refund Przelewy24 rejected, or a payment that came after a withdrawal or a cancellation. */
export const operatorMoneyToReturn: OrderComposer<"operator_refund_rejected" | "operator_payment_to_return"> = {
  to: "operator",
  compose: ({ message, order, facts, t, locale, linked, adminUrl }) => {
    const grosze = message.kind === "operator_refund_rejected" ? facts.refundedGrosze : facts.receivedGrosze;
    return {
      blocks: [
        {
          paragraphs: [
            t(message.kind === "operator_refund_rejected" ? "operator.refundRejected" : "operator.paymentToReturn", {
              number: order.number,
              amount: formatPrice(typeof grosze === "number" ? grosze : order.price_grosze, locale),
            }),
            linked("operator.admin", adminUrl),
          ],
        },
      ],
    };
  },
};
