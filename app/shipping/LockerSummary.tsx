import { useTranslation } from "react-i18next";
import { lockerLine, type Delivery } from "./delivery";

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
