import { SOCIAL_CLICK_EVENT, SOCIAL_CLICK_EVENT_NAME, TRACKING_EVENT_PATH, newEventId } from "./events";
import { trackPixelEvent } from "./pixels";

/**
 * The social widget's click: the event named SOCIAL_CLICK_EVENT_NAME with an empty
 * payload, to the pixels and, through a beacon, to the server's Conversions API under
 * the same event id. Only after Accept; the link opens its new tab whatever happens here.
 */
export function reportSocialClick(consented: boolean): void {
  if (!consented) return;
  try {
    const eventId = newEventId();
    trackPixelEvent(SOCIAL_CLICK_EVENT_NAME, {}, eventId);
    const body = new FormData();
    body.set("event", SOCIAL_CLICK_EVENT);
    body.set("eventId", eventId);
    body.set("page", window.location.pathname);
    navigator.sendBeacon?.(TRACKING_EVENT_PATH, body);
  } catch (error) {
    console.warn("[tracking] social click was not reported", error instanceof Error ? error.name : "");
  }
}
