import { isDeclarationType, type DeclarationType } from "~/config/products";

/**
 * Marketing events shared by the browser pixels and the server's Conversions API.
 * Names are Meta's standard events; pixels.ts maps them for TikTok.
 */
export type MarketingEventName = "InitiateCheckout" | "Lead" | "Purchase";

/** A pixel event a loader or action hands to the page: the browser twin of a server event (same eventId). */
export type PixelEvent = { name: MarketingEventName; eventId: string; data: Record<string, unknown> };

/**
 * The site we replace fired a Purchase with an empty payload when a social link was clicked,
 * and the business's ad reports still count it. That counts visits to Facebook as sales; Meta's standard "Contact" event
 * would be the honest name. Kept as it was, in this one place, so the business can
 * switch it (docs/decisions/005-consent-and-tracking.md).
 */
export const SOCIAL_CLICK_EVENT_NAME: MarketingEventName | "Contact" = "Purchase";

/** The beacon endpoint (app/routes/tracking-event.ts) for events only the browser sees, and the one event it takes. */
export const TRACKING_EVENT_PATH = "/tracking/event";
export const SOCIAL_CLICK_EVENT = "social-click";

/**
 * The order page is reached from a pricing card with `?type=<type>` (and, with JS,
 * `&eid=<event id>` so the server event shares the pixel's id). See reportCheckoutFromUrl.
 */
export const CHECKOUT_PARAM = "type";
export const EVENT_ID_PARAM = "eid";

/** The order page's address from a pricing card: a plain link that also tells the server which card. */
export function checkoutHref(orderPath: string, type: DeclarationType): string {
  return `${orderPath}?${CHECKOUT_PARAM}=${type}`;
}

export function checkoutTypeOf(searchParams: URLSearchParams): DeclarationType | null {
  const value = searchParams.get(CHECKOUT_PARAM);
  return isDeclarationType(value) ? value : null;
}

/** A fresh id shared by a pixel event and its server twin, so Meta counts them once. */
export function newEventId(): string {
  // getRandomValues, unlike randomUUID, works on plain-http pages too (a LAN preview, say).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Ids that arrive from the browser are accepted only in this shape (they end up in a third-party request). */
export function isEventId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(value);
}

/** One Purchase per order: a replayed accept yields the same id, which Meta de-duplicates as well. */
export function purchaseEventId(orderReference: string): string {
  return `purchase-${orderReference}`.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 64);
}
