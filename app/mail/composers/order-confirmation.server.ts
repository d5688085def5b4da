import type { TFunction } from "i18next";
import { formatAddress } from "~/config/company";
import { vatWording } from "~/i18n/vat-wording";
import type { OrderRow } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { transferTitle } from "~/order/transfer-title";
import { lockerRows } from "~/order/parcel-tracking";
import { receivedAtText } from "~/order/receipt-time.server";
import { customerText, type Block } from "../blocks";
import type { OrderComposer } from "../order-mail";

/**
 * Composed for the order as it is now: once it no longer awaits payment (a late send, or the operator's
 * resend), the documents go without payment instructions, saying a payment is in.
 */
export const orderConfirmation: OrderComposer<"order_confirmation"> = {
  to: "customer",
  compose: async ({ order, context, locale, t, amount, product, paymentUrl, agreementUrl, withdrawalUrl, ...mail }) => ({
    blocks: [
      {
        paragraphs: [
          mail.greeting,
          t("confirmation.intro", { number: order.number }),
          // Ordered before the flat was found (docs/decisions/091): where and when the address is given.
          ...(order.address_pending === 1 ? [t("addressLater.confirmation")] : []),
          ...(locale === "pl" ? [] : [t("confirmation.binding")]),
        ],
      },
      {
        heading: t("summary.heading"),
        rows: [
          [t("summary.number"), order.number],
          [t("summary.product"), product],
          [t("summary.amount", vatWording(context.company.vat, t)), amount],
          ...mail.people,
          // A locker order's address is only for correspondence: the parcel goes to the locker (docs/decisions/066).
          [t("summary.mailingAddress"), customerText(order.mailing_address)],
          ...lockerRows(order, t),
          ...(await earlyStartRows(order, locale, t)),
          ...(context.invoiceRows ?? []),
        ],
      },
      ...(order.status === "awaiting_payment"
        ? ([
            mail.pay,
            {
              heading: t("transfer.heading"),
              rows: [
                [t("transfer.recipient"), `${context.company.legalName}, ${formatAddress(context.company)}`],
                [t("transfer.account"), context.company.bankAccount],
                [t("transfer.bic"), context.company.bankBic],
                [t("transfer.amount"), amount],
                [t("transfer.title"), transferTitle(order.number)],
              ],
              // The pay button's page is the order's page for good: read later, once paid, the message still has a plain way back to it.
              paragraphs: [
                t("transfer.deadline", { date: mail.deadline }),
                ...mail.deadlineMoved,
                mail.linked("paymentPage", paymentUrl),
                mail.linked("agreementLink", agreementUrl),
              ],
            },
            {
              heading: t("next.heading"),
              paragraphs: [
                mail.waiverGiven
                  ? t("next.startNow", { date: mail.dispatchBy, context: order.delivery_method })
                  : t("next.startLater", {
                      date: mail.dispatchBy,
                      withdrawalEnds: mail.dispatch.withdrawalEnds,
                      context: order.delivery_method,
                    }),
              ],
            },
          ] satisfies Block[])
        : [
            {
              paragraphs: [
                ...(order.paid_at && order.status !== "cancelled" ? [t("confirmation.alreadyPaid")] : []),
                mail.linked("paymentPage", paymentUrl),
                mail.linked("agreementLink", agreementUrl),
              ],
            },
          ]),
      { paragraphs: [mail.linked("withdrawalLink", withdrawalUrl)] },
      mail.contact,
      mail.signature,
    ],
    attachments: await context.confirmationAttachments(order),
  }),
};

/**
 * The confirmation's record of the early start (art. 38 ust. 1 pkt 1 needs both): the request to start
 * before the withdrawal period ends, and the acknowledgement that the right is lost once the service is
 * fully performed, each with the time the order's one tick gave them; or that no such request was made.
 */
async function earlyStartRows(order: OrderRow, locale: Locale, t: TFunction): Promise<[string, string][]> {
  if (!order.immediate_performance_consent_at) return [[t("summary.withdrawal"), t("waiver.notGiven")]];
  const time = await receivedAtText(order.immediate_performance_consent_at, locale);
  return [
    [t("summary.withdrawal"), t("waiver.given", { time })],
    [t("summary.lossAcknowledged"), t("waiver.acknowledged", { time })],
  ];
}
