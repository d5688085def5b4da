import { formatWarsawTime } from "~/i18n/back-office-format";
import { SHIPMENT_STATUS_LABEL, SHIPPING_TEXT } from "./admin-texts";
import type { ShipmentTrouble } from "./trouble";

/** A dispatched order's InPost parcel that came back, cannot be delivered or is stuck, flagged in words like a missed deadline. */
export function ShipmentTroubleFlag({ trouble }: { trouble: ShipmentTrouble | null }) {
  if (!trouble) return null;
  return (
    <strong className="block whitespace-normal rounded bg-red-100 px-1 font-semibold text-red-900" data-testid="shipment-trouble">
      {trouble.kind === "status"
        ? SHIPPING_TEXT.troubleStatus(SHIPMENT_STATUS_LABEL[trouble.status] ?? trouble.status)
        : SHIPPING_TEXT.troubleStuck(formatWarsawTime(trouble.since))}
    </strong>
  );
}
