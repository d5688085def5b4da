import { TRACKING_NUMBER_PLACEHOLDER } from "~/config/courier";
import type { OrderRow } from "~/db/schema";

/**
 * The courier's public tracking page for a shipment: the configured page (COURIER_TRACKING_URL) with
 * the tracking number URL-encoded into it. Without the setting, or without a number, there is no link.
 */
export function trackingLinkOf(template: string | undefined, trackingNumber: string): { text: string; url: string } | null {
  const number = trackingNumber.trim();
  if (!template || number === "") return null;
  return { text: number, url: template.replaceAll(TRACKING_NUMBER_PLACEHOLDER, encodeURIComponent(number)) };
}

/** The courier name an order shipped through ShipX carries (orders.courier). */
export const INPOST_COURIER = "InPost";

/** InPost's public tracking page; `{number}` is where trackingLinkOf above puts the tracking number. */
export const INPOST_TRACKING_URL = "https://inpost.pl/sledzenie-przesylek?number={number}";

/** The tracking page for an order's courier: InPost's for a shipment made through ShipX, else the configured one. */
export function trackingTemplateFor(courier: string | null, configured: string | undefined): string | undefined {
  return courier === INPOST_COURIER ? INPOST_TRACKING_URL : configured;
}

/** The chosen locker as a row of an e-mail's summary ("Paczkomat InPost", "KRA010, Floriańska 3, 31-042 Kraków"); none for the courier. */
export function lockerRows(
  order: Pick<OrderRow, "delivery_method" | "locker_name" | "locker_address">,
  t: (key: string) => string,
): [string, string][] {
  if (order.delivery_method !== "locker" || !order.locker_name) return [];
  return [[t("shipping:summary.lockerLabel"), order.locker_address ? `${order.locker_name}, ${order.locker_address}` : order.locker_name]];
}
