import { formatCalendarDate } from "~/i18n/date-format";
import { nameWithOriginal } from "~/order/names";
import { lockerRows } from "~/order/parcel-tracking";
import { customerText } from "../blocks";
import type { OrderComposer } from "../order-mail";

/** Compared as the back office does: the promised delivery if the money arrives today, against the lease start. */
export const operatorNewOrder: OrderComposer<"operator_new_order"> = {
  to: "operator",
  compose: ({ order, t, tag, dispatch, waiverGiven, ...mail }) => {
    const delivered = waiverGiven ? dispatch.deliveredWithWaiver : dispatch.deliveredWithoutWaiver;
    const start = order.start_date ? formatCalendarDate(order.start_date, tag) : null;
    const late = order.start_date !== null && delivered.day > order.start_date;
    return {
      subject: late ? t("operator.lateSubject", { subject: mail.subject }) : mail.subject,
      blocks: [
        { paragraphs: [t("operator.intro"), ...(late ? [t("operator.late", { delivered: delivered.label, start })] : [])] },
        {
          rows: [
            [t("summary.number"), order.number],
            [t("operator.type"), mail.product],
            [t("operator.amount"), mail.amount],
            [t("operator.customer"), customerText(nameWithOriginal(order.tenant_name, order.tenant_name_original))],
            ...mail.people.slice(1),
            [t("operator.email"), order.email],
            [t("operator.phone"), order.phone],
            [t("summary.mailingAddress"), customerText(order.mailing_address)],
            ...lockerRows(order, t),
            ...(start ? [[t("operator.startDate"), start] as [string, string]] : []),
            [t("operator.deliveredBy"), delivered.label],
            [t("summary.withdrawal"), t(waiverGiven ? "operator.waiverGiven" : "operator.waiverNotGiven")],
            [t("operator.language"), t(`languages.${order.locale}`)],
          ],
          paragraphs: [mail.linked("operator.admin", mail.adminUrl)],
        },
      ],
    };
  },
};
