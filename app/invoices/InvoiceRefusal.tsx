import { useTranslation } from "react-i18next";
import { TextWithLink } from "~/components/TextWithLink";
import { useRequiredRootData } from "~/render/root-data";

/**
 * A refusal's message on the customer's invoice page. The three months limit our duty, not what we
 * may do: the late one says so and links "napisz do nas" to an e-mail to us that names the order.
 */
export function InvoiceRefusalText({ messageKey, date, orderNumber }: { messageKey: string; date: string | null; orderNumber: string }) {
  const { t } = useTranslation("invoice");
  const { company } = useRequiredRootData();
  const subject = encodeURIComponent(`${t("panel.heading")}: ${orderNumber}`);
  return (
    <TextWithLink
      text={t(messageKey, { date })}
      name="contactLink"
      href={`mailto:${company.email}?subject=${subject}`}
      className="font-semibold text-blue-900 underline"
    />
  );
}
