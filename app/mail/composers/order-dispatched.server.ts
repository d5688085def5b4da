import type { OrderComposer } from "../order-mail";

export const orderDispatched: OrderComposer<"order_dispatched"> = {
  to: "customer",
  compose: ({ order, facts, t, tracking, ...mail }) => ({
    blocks: [
      {
        paragraphs: [
          mail.greeting,
          t("dispatched.text", { number: order.number, locker: order.locker_name, context: order.delivery_method }),
        ],
        rows: [
          [t("dispatched.tracking"), tracking(String(facts.trackingNumber ?? ""))],
          ...(facts.courier
            ? [[t("dispatched.courier", { context: order.delivery_method }), String(facts.courier)] as [string, string]]
            : []),
        ],
      },
      { paragraphs: [mail.linked("paymentPage", mail.paymentUrl)] },
      mail.contact,
      mail.signature,
    ],
  }),
};
