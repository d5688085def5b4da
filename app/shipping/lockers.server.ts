import type { LockerDirectory } from "./carrier";
import { ShippingUnavailableError } from "./carrier";
import type { Delivery, LockerPoint, LockerSearch } from "~/order/delivery";
import { lockerQueryOf, onStreetFirst, shownQuery } from "./locker-query";

/** Lockers shown for one search, and how many of a town's are read to find those on a street. */
const LOCKERS_SHOWN = 10;
const STREET_SEARCH_COUNT = 100;

/**
 * The lockers for what the customer typed (./locker-query.ts): by a locker's name, near a postcode,
 * or in a town, those on the named street first. The same with JavaScript and without: both ask
 * the order route's action with intent=lockers.
 */
export async function searchLockers(directory: LockerDirectory, typed: string): Promise<LockerSearch> {
  const query = lockerQueryOf(typed);
  if (!query) return { status: "missing" };
  const shown = shownQuery(typed);
  try {
    let points: LockerPoint[];
    if (query.kind === "code") {
      const point = await directory.byName(query.name);
      points = point ? [point] : [];
    } else if (query.kind === "postcode") points = await directory.nearest(query.postcode, LOCKERS_SHOWN);
    else if (!query.street) points = await directory.nearest(query.town, LOCKERS_SHOWN);
    else points = onStreetFirst(await directory.nearest(query.town, STREET_SEARCH_COUNT), query.street).slice(0, LOCKERS_SHOWN);
    return points.length > 0 ? { status: "found", query: shown, points } : { status: "none", query: shown };
  } catch (error) {
    if (error instanceof ShippingUnavailableError) return { status: "unavailable", query: shown };
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
    return {
      ok: true,
      delivery: { method: "locker", point: point.name, address: point.address, description: point.description, open247: point.open247 },
    };
  } catch (error) {
    if (error instanceof ShippingUnavailableError)
      return { ok: true, delivery: { method: "locker", point: delivery.point, address: null } };
    throw error;
  }
}
