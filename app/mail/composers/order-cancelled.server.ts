import type { OrderRow } from "~/db/schema";
import { cancellationReason, refundSentence } from "../cancellation-sentences";
import type { OrderComposer } from "../order-mail";
import { withdrawalRefundSentences } from "../withdrawal-refund-sentences.server";

export const orderCancelled: OrderComposer<"order_cancelled"> = {
  to: "customer",
  compose: async ({ order, facts, t, locale, greeting, contact, signature }) => ({
    blocks: [
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
    ],
  }),
};

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
