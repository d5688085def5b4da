import { useEffect } from "react";
import { useRootData } from "~/root-data";
import type { MarketingEventName } from "./events";
import { startPixels, trackPixelEvent } from "./pixels";

/** A pixel event a loader or action hands to the page: the browser twin of a server event (same eventId). */
export type PixelEvent = { name: MarketingEventName; eventId: string; data: Record<string, unknown> };

/**
 * Fires `event` to the pixels once per event id, e.g. Lead when the preview shows or
 * Purchase on the payment page. It starts the pixels first when needed, because a
 * page's effects run before the root's TrackingScripts on a fresh load. Without
 * consent there are no pixel ids, so nothing happens.
 */
export function usePixelEvent(event: PixelEvent | null | undefined): void {
  const pixels = useRootData()?.pixels ?? null;
  const eventId = event?.eventId;
  useEffect(() => {
    if (!event || !pixels) return;
    startPixels(pixels);
    trackPixelEvent(event.name, event.data, event.eventId);
  }, [eventId, pixels?.meta, pixels?.tiktok]); // eslint-disable-line react-hooks/exhaustive-deps
}
