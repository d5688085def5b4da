import { formatCalendarDate } from "~/i18n/date-format";
import { formatPrice } from "~/i18n/money";
import { customerText } from "../blocks";
import type { OrderComposer } from "../order-mail";

/**
 * A replacement declaration waiting for the customer's online payment (docs/decisions/094): what it is for
 * (the new flat and its owner, the day), the amount, and the link to the order's page, where it is paid.
 */
export const replacementPaymentRequested: OrderComposer<"replacement_payment_requested"> = {
  to: "customer",
  compose: ({ order, facts, t, tag, locale, ...mail }) => {
    const fact = (key: string) => (typeof facts[key] === "string" ? (facts[key] as string) : "");
    const declaredOn = fact("declaredOn");
    const amount = formatPrice(typeof facts.priceGrosze === "number" ? facts.priceGrosze : 0, locale);
    return {
      blocks: [
        {
          paragraphs: [mail.greeting, t("replacementPayment.text", { number: order.number })],
          rows: [
            [t("replacement.owner"), customerText(fact("owner"))],
            [t("replacement.address"), customerText(fact("address"))],
            [t("replacement.declaredOn"), declaredOn ? formatCalendarDate(declaredOn, tag) : "—"],
            [t("replacementPayment.amount"), amount],
          ],
        },
        { paragraphs: [t("replacementPayment.after"), mail.linked("replacementPayment.pay", mail.paymentUrl)] },
        mail.contact,
        mail.signature,
      ],
    };
  },
};
