import type { TFunction } from "i18next";
import { formatPrice } from "~/i18n/money";
import type { OrderRow } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { retainedReasonText } from "~/order/retained-reason";
import { receivedAtText } from "~/order/receipt-time.server";

/**
 * A refund or cancellation of a paid order the customer withdrew from says so, with the statement's time of
 * receipt, and names the amount kept for work done before the withdrawal when the operator set one (art. 35).
 */
export async function withdrawalRefundSentences(order: OrderRow, locale: Locale, t: TFunction): Promise<string[]> {
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
