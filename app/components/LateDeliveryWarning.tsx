import { useTranslation } from "react-i18next";
import { formatCalendarDate } from "~/i18n/date-format";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import type { LateDelivery } from "~/order/delivery-warning";

type LateDeliveryWarningProps = {
  late: LateDelivery | null;
  /** YYYY-MM-DD, the lease start the delivery was compared with. */
  startDate: string;
  locale: Locale;
  /** On the payment page the choices are made: it names the contact address instead of the remedies. */
  contactEmail?: string;
};

/** Said before the order (or payment) button when the courier brings the declaration after the lease starts. */
export function LateDeliveryWarning({ late, startDate, locale, contactEmail }: LateDeliveryWarningProps) {
  const { t } = useTranslation("order");
  if (!late) return null;
  const start = formatCalendarDate(startDate, LOCALE_TAGS[locale]);
  return (
    <div role="status" className="rounded-lg border-2 border-amber-500 bg-amber-50 p-4 text-slate-900" data-testid="late-delivery">
      <p className="font-bold">{t("common:lateDelivery.heading")}</p>
      {contactEmail ? (
        <p className="mt-1 break-words">
          {t("common:lateDelivery.payment", { start, delivered: late.deliveredBy.label, email: contactEmail })}
        </p>
      ) : (
        <>
          <p className="mt-1">{t("common:lateDelivery.text", { start, delivered: late.deliveredBy.label })}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {late.earlyStart ? <li>{t("common:lateDelivery.earlyStart", { date: late.earlyStart.label })}</li> : null}
            {late.regular ? (
              <li>
                {t(late.regular.withEarlyStart ? "common:lateDelivery.regularWithEarlyStart" : "common:lateDelivery.regular", {
                  date: late.regular.label,
                })}
              </li>
            ) : null}
            <li>{t("common:lateDelivery.moveStart", { date: late.moveStartTo.label })}</li>
          </ul>
        </>
      )}
    </div>
  );
}
