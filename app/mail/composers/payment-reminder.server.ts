import type { OrderComposer } from "../order-mail";

export const paymentReminder: OrderComposer<"payment_reminder"> = {
  to: "customer",
  compose: ({ order, t, greeting, deadline, deadlineMoved, pay, contact, signature }) => ({
    blocks: [
      { paragraphs: [greeting, t("reminder.text", { number: order.number, date: deadline }), ...deadlineMoved] },
      pay,
      contact,
      signature,
    ],
  }),
};
