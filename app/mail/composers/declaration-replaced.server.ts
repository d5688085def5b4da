import { formatCalendarDate } from "~/i18n/date-format";
import { formatCode } from "~/order/declaration-code";
import { customerText } from "../blocks";
import type { OrderComposer } from "../order-mail";

/**
 * A replacement declaration (docs/decisions/092): what changed (the substitute flat and its owner), that
 * the old declaration is no longer valid, and what the tenant gives the landlord. The facts are those the
 * replacement was issued with, so a later one re-arms the message with its own.
 */
export const declarationReplaced: OrderComposer<"declaration_replaced"> = {
  to: "customer",
  compose: ({ order, facts, t, tag, ...mail }) => {
    const fact = (key: string) => (typeof facts[key] === "string" ? (facts[key] as string) : "");
    const declaredOn = fact("declaredOn");
    return {
      blocks: [
        {
          paragraphs: [mail.greeting, t("replacement.text", { number: order.number })],
          rows: [
            [t("replacement.owner"), customerText(fact("owner"))],
            [t("replacement.address"), customerText(fact("address"))],
            [t("replacement.declaredOn"), declaredOn ? formatCalendarDate(declaredOn, tag) : "—"],
            [t("replacement.code"), formatCode(fact("code"))],
          ],
        },
        {
          paragraphs: [
            t("replacement.oldInvalid", { code: formatCode(fact("replacedCode")) }),
            t("replacement.landlord"),
            ...(order.declaration_type === "notarized" ? [t("replacement.notarized")] : []),
          ],
        },
        { paragraphs: [mail.linked("paymentPage", mail.paymentUrl)] },
        mail.contact,
        mail.signature,
      ],
    };
  },
};
