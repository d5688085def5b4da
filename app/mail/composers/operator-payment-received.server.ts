import { formatDeliveryDay } from "~/i18n/date-format";
import { deliveryDates } from "~/order/delivery-dates.server";
import { transitDaysOf } from "~/config/env.server";
import { receivedAtText } from "~/order/receipt-time.server";
import type { OrderComposer } from "../order-mail";
import { addressGivenAtOf, awaitsAddress } from "~/order/address-later";

/** Money arrived online: the promise counts from it (decision 060), so the operator learns what became due, and when. */
export const operatorPaymentReceived: OrderComposer<"operator_payment_received"> = {
  to: "operator",
  compose: async ({ order, context, facts, t, tag, locale, ...mail }) => {
    const paidAt = typeof facts.paidAt === "string" ? facts.paidAt : (order.paid_at ?? context.now.toISOString());
    const due = deliveryDates(order.declaration_type, {
      paidAt: new Date(paidAt),
      orderedAt: mail.orderedAt,
      earlyStart: mail.waiverGiven,
      transitDays: transitDaysOf(order.delivery_method),
      addressGivenAt: addressGivenAtOf(order),
    });
    // Nothing is due while the flat's address is missing (docs/decisions/091): the promise counts from the day it is given.
    const dates: [string, string][] = awaitsAddress(order)
      ? [[t("operator.dispatchBy"), t("operator.addressLaterPending")]]
      : [
          [t("operator.dispatchBy"), formatDeliveryDay(due.dispatchBy, tag)],
          [t("operator.deliveredByPaid"), formatDeliveryDay(due.deliveredBy, tag)],
        ];
    return {
      blocks: [
        { paragraphs: [t("operator.paymentIntro")] },
        {
          rows: [
            [t("summary.number"), order.number],
            [t("operator.type"), mail.product],
            [t("operator.amount"), mail.amount],
            [
              t("operator.paymentMethod"),
              t(facts.paymentMethod === "blik" ? "operator.paymentMethodBlik" : "operator.paymentMethodRedirect"),
            ],
            [t("operator.paidAt"), await receivedAtText(paidAt, locale)],
            ...dates,
          ],
          paragraphs: [mail.linked("operator.admin", mail.adminUrl)],
        },
      ],
    };
  },
};
