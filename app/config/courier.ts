/**
 * The courier's public tracking page for a shipment. COURIER_TRACKING_URL is the page's address
 * with `{number}` where the tracking number goes (https://tracking.example/?number={number}); the
 * number is URL-encoded into it. Without the setting, or without a number, there is no link.
 */
export const TRACKING_NUMBER_PLACEHOLDER = "{number}";

export function trackingLinkOf(template: string | undefined, trackingNumber: string): { text: string; url: string } | null {
  const number = trackingNumber.trim();
  if (!template || number === "") return null;
  return { text: number, url: template.replaceAll(TRACKING_NUMBER_PLACEHOLDER, encodeURIComponent(number)) };
}
