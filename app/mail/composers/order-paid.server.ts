import { formatDeliveryDay } from "~/i18n/date-format";
import { deliveryDates } from "~/order/delivery-dates.server";
import { transitDaysOf } from "~/config/env.server";
import type { OrderComposer } from "../order-mail";
import { addressGivenAtOf, awaitsAddress } from "~/order/address-later";

/** The money arrived, or a cancelled order was reopened: either way the work is on, and the dispatch day is named. */
export const orderPaid: OrderComposer<"order_paid" | "order_reopened"> = {
  to: "customer",
  compose: ({ message, order, context, facts, t, tag, ...mail }) => ({
    blocks: [
      {
        paragraphs: [
          mail.greeting,
          message.kind === "order_paid" ? t("paid.text", { number: order.number }) : t("reopened.text", { number: order.number }),
          // Waiting for the flat's address: nothing is promised until it is given (docs/decisions/091).
          awaitsAddress(order)
            ? t("addressLater.paid")
            : t("paid.dispatchBy", {
                date: formatDeliveryDay(
                  deliveryDates(order.declaration_type, {
                    // A reopened order counts from the customer's consent or the late payment, whichever came later: the
                    // transition stored that day as paid_at.
                    paidAt:
                      message.kind === "order_reopened" && order.paid_at
                        ? new Date(order.paid_at)
                        : typeof facts.paidAt === "string"
                          ? new Date(facts.paidAt)
                          : context.now,
                    orderedAt: mail.orderedAt,
                    earlyStart: mail.waiverGiven,
                    transitDays: transitDaysOf(order.delivery_method),
                    addressGivenAt: addressGivenAtOf(order),
                  }).dispatchBy,
                  tag,
                ),
                context: order.delivery_method,
              }),
          mail.linked("paymentPage", mail.paymentUrl),
        ],
      },
      mail.contact,
      mail.signature,
    ],
  }),
};
