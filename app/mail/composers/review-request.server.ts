import { formatDeliveryDay } from "~/i18n/date-format";
import { reviewPath } from "~/order/customer-links";
import type { OrderComposer } from "../order-mail";

// Its words beyond the subject are the review form's own (locales/*/review.json).
export const reviewRequest: OrderComposer<"review_request"> = {
  to: "customer",
  compose: ({ order, context, t, tag, greeting, contact, signature }) => ({
    blocks: [
      {
        // The day it went out, not "a few days ago": the request may leave minutes after a quick delivery.
        paragraphs: [
          greeting,
          t("review:mail.intro", { number: order.number, date: formatDeliveryDay(new Date(order.dispatched_at ?? context.now), tag) }),
        ],
        button: { text: t("review:mail.button"), url: `${context.siteUrl}${reviewPath(order)}` },
      },
      { paragraphs: [t("review:mail.how")] },
      contact,
      signature,
    ],
  }),
};
