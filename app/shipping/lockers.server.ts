import type { LockerDirectory } from "./carrier";
import { POSTCODE, type Delivery, type LockerSearch } from "./delivery";
import { ShippingUnavailableError } from "./carrier";

/** "31042", "31 042" and "31-042" are one postcode; anything else is a town's name. */
function placeOf(query: string): string {
  const trimmed = query.trim().replace(/\s+/g, " ");
  const postcode = POSTCODE.exec(trimmed);
  return postcode ? `${postcode[1]}-${postcode[2]}` : trimmed;
}

export async function searchLockers(directory: LockerDirectory, query: string): Promise<LockerSearch> {
  const place = placeOf(query).slice(0, 100);
  if (place.length < 2) return { status: "missing" };
  try {
    const points = await directory.nearest(place);
    return points.length > 0 ? { status: "found", query: place, points } : { status: "none", query: place };
  } catch (error) {
    if (error instanceof ShippingUnavailableError) return { status: "unavailable", query: place };
    throw error;
  }
}

/**
 * The chosen locker checked with the Points API and given its address. A name InPost does not
 * know is refused; while the API is down the name is kept as typed (address null), for the
 * operator to check before shipping, so the order is never lost.
 */
export async function checkedDelivery(
  directory: LockerDirectory | null,
  delivery: Delivery | undefined,
): Promise<{ ok: true; delivery: Delivery } | { ok: false }> {
  if (!delivery || delivery.method === "courier") return { ok: true, delivery: { method: "courier" } };
  // Lockers not offered (the settings were removed while a form was open): the courier, as the form then says.
  if (!directory) return { ok: true, delivery: { method: "courier" } };
  try {
    const point = await directory.byName(delivery.point);
    if (!point) return { ok: false };
    return { ok: true, delivery: { method: "locker", point: point.name, address: point.address } };
  } catch (error) {
    if (error instanceof ShippingUnavailableError)
      return { ok: true, delivery: { method: "locker", point: delivery.point, address: null } };
    throw error;
  }
}
