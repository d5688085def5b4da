import { useTranslation } from "react-i18next";
import { lockerLine, type Delivery, type OrderLocker } from "~/order/delivery";

/** The chosen parcel locker in the preview's summary; nothing for the courier, whose address the agreement names. */
export function LockerSummary({ delivery }: { delivery: Delivery | undefined }) {
  const { t } = useTranslation("shipping");
  if (delivery?.method !== "locker") return null;
  return (
    <span className="mt-1 block font-normal" data-testid="preview-locker">
      {t("summary.locker", { locker: lockerLine(delivery) })}
      {delivery.address ? null : ` (${t("summary.lockerUnchecked")})`}
    </span>
  );
}

/**
 * The chosen parcel locker on the customer's order page: its name, address and where it stands, as
 * the preview showed them, and whether it is open round the clock (not every one is: terms § 5 ust. 3).
 */
export function OrderLockerLines({ locker }: { locker: OrderLocker }) {
  const { t } = useTranslation("shipping");
  return (
    <>
      <span className="block">{locker.name}</span>
      {locker.address ? <span className="block font-normal">{locker.address}</span> : null}
      {locker.description ? <span className="block font-normal text-slate-700">{locker.description}</span> : null}
      {locker.open247 === null ? null : (
        <span className="block font-normal text-slate-700">{t(locker.open247 ? "summary.open247" : "summary.limitedHours")}</span>
      )}
    </>
  );
}
