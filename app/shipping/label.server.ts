import { ShipmentRefusedError, ShippingUnavailableError, type ShippingCarrier } from "./carrier";

/** The labels as one PDF, or null when ShipX cannot give them now (the operator tries again). */
export async function labelResponseOf(carrier: ShippingCarrier, shipmentIds: readonly string[]): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return await carrier.labels(shipmentIds);
  } catch (error) {
    if (error instanceof ShippingUnavailableError || error instanceof ShipmentRefusedError) return null;
    throw error;
  }
}
