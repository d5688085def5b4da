import { formatDeliveryDay } from "~/i18n/date-format";
import { deliveryDates } from "~/order/delivery-dates.server";
import { transitDaysOf } from "~/config/env.server";
import { addressGivenAtOf } from "~/order/address-later";
import { customerText } from "../blocks";
import type { OrderComposer } from "../order-mail";

/** Still no flat's address, 7 or 30 days after payment (docs/decisions/091): one link to the order's page, where it is given. */
export const addressReminder: OrderComposer<"address_reminder"> = {
  to: "customer",
  compose: ({ order, t, greeting, contact, signature, ...mail }) => ({
    blocks: [
      {
        paragraphs: [greeting, t("addressLater.reminder", { number: order.number }), t("addressLater.promiseFromAddress")],
        button: { text: t("addressLater.button"), url: mail.paymentUrl },
      },
      contact,
      signature,
    ],
  }),
};

/** The flat's address was given on the order's page: the address as stored, and the dispatch day counted from that day. */
export const addressConfirmed: OrderComposer<"address_confirmed"> = {
  to: "customer",
  compose: ({ order, context, t, tag, greeting, contact, signature, ...mail }) => {
    const promise = deliveryDates(order.declaration_type, {
      paidAt: order.paid_at ? new Date(order.paid_at) : context.now,
      orderedAt: mail.orderedAt,
      earlyStart: mail.waiverGiven,
      transitDays: transitDaysOf(order.delivery_method),
      addressGivenAt: addressGivenAtOf(order) ?? context.now,
    });
    return {
      blocks: [
        {
          paragraphs: [greeting, t("addressLater.confirmed", { number: order.number })],
          rows: [[t("addressLater.addressRow"), customerText(order.property_address)]],
        },
        {
          paragraphs: [
            t("paid.dispatchBy", { date: formatDeliveryDay(promise.dispatchBy, tag), context: order.delivery_method }),
            mail.linked("paymentPage", mail.paymentUrl),
          ],
        },
        contact,
        signature,
      ],
    };
  },
};
