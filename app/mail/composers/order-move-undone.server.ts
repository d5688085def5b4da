import type { OrderComposer } from "../order-mail";

/** The correction after an operator took back "paid" or "dispatched" whose e-mail had already left; an unpaid order gets its way to pay again. */
export const orderMoveUndone: OrderComposer<"order_move_undone"> = {
  to: "customer",
  compose: ({ order, facts, t, ...mail }) => {
    const paid = facts.undone === "mark_paid";
    return {
      blocks: [
        {
          paragraphs: [
            mail.greeting,
            t(paid ? "moveUndone.paid" : "moveUndone.dispatched", { number: order.number }),
            t("moveUndone.apology"),
          ],
        },
        ...(paid ? [mail.pay] : []),
        { paragraphs: [mail.linked("paymentPage", mail.paymentUrl)] },
        mail.contact,
        mail.signature,
      ],
    };
  },
};
