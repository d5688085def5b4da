import { SHIPPING_TEXT } from "./admin-texts";
import { ADDRESS_LATER_TEXT } from "~/order/admin-texts";
import type { AppDatabase } from "~/db/db.server";
import type { ShipmentRefusedError, ShippingCarrier } from "./carrier";
import { shipOrder, type ShipOutcome } from "./ship.server";

/** ShipX's refusal in the operator's Polish words: which data InPost did not take, never its English text alone. */
export function refusalInPolish(refusal: ShipmentRefusedError): string {
  if (refusal.status === 401) return SHIPPING_TEXT.refused(SHIPPING_TEXT.tokenRefused);
  if (refusal.status === 403) return SHIPPING_TEXT.refused(SHIPPING_TEXT.organizationRefused);
  if (refusal.code === "validation_failed") {
    const named = Object.keys(SHIPPING_TEXT.field).filter((field) => refusal.details?.includes(`"${field}"`));
    const fields = named.map((field) => SHIPPING_TEXT.field[field]).join(", ");
    return SHIPPING_TEXT.refused(SHIPPING_TEXT.invalidData(fields || refusal.carrierMessage));
  }
  return SHIPPING_TEXT.refused(`${refusal.code}${refusal.carrierMessage ? ` – ${refusal.carrierMessage}` : ""}`);
}

/** The operator's "Nadaj przesyłkę": null when shipped, else the page's message in Polish. */
export async function shipFromAdmin(db: AppDatabase, carrier: ShippingCarrier, orderId: number, operator: string): Promise<string | null> {
  return shipOutcomeMessage(await shipOrder(db, carrier, orderId, operator, () => new Date()));
}

/** Why an order was not shipped, in the operator's Polish; null when it was. */
export function shipOutcomeMessage(outcome: ShipOutcome | { ok: false; reason: "not-ready" }): string | null {
  if (outcome.ok) return null;
  switch (outcome.reason) {
    case "not-ready":
      return SHIPPING_TEXT.notReady;
    case "not-found":
    case "not-paid":
      return SHIPPING_TEXT.notPaid;
    case "withdrawn":
      return SHIPPING_TEXT.withdrawn;
    case "address-pending":
      return ADDRESS_LATER_TEXT.notYet;
    case "in-progress":
      return SHIPPING_TEXT.inProgress;
    case "pending":
      return SHIPPING_TEXT.pending;
    case "unavailable":
      return SHIPPING_TEXT.unavailable;
    case "refused":
      return refusalInPolish(outcome.refusal);
  }
}
