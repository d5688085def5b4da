import type { OrderComposer } from "../order-mail";

export const trackingCorrected: OrderComposer<"tracking_corrected"> = {
  to: "customer",
  compose: ({ order, t, tracking, ...mail }) => ({
    blocks: [
      {
        paragraphs: [mail.greeting, t("trackingCorrected.text", { number: order.number })],
        rows: [
          [t("dispatched.tracking"), tracking(order.tracking_number ?? "")],
          ...(order.courier ? [[t("dispatched.courier"), order.courier] as [string, string]] : []),
        ],
      },
      { paragraphs: [mail.linked("paymentPage", mail.paymentUrl)] },
      mail.contact,
      mail.signature,
    ],
  }),
};
