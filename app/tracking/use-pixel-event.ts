import { useEffect } from "react";
import type { PixelEvent } from "./events";
import { loadPixelStart } from "./load-pixel-start";
import { trackPixelEvent, type PublicPixelIds } from "./pixels";

/**
 * Fires `event` to the pixels once per event id: Lead when the preview shows, Purchase
 * when the order is accepted (the payment page itself carries no pixels). It starts the
 * pixels first when needed, because a page's effects run before the root's
 * TrackingScripts on a fresh load. `pixels` is null without consent: nothing happens.
 */
export function usePixelEvent(event: PixelEvent | null | undefined, pixels: PublicPixelIds | null): void {
  const eventId = event?.eventId;
  const meta = pixels?.meta ?? null;
  const tiktok = pixels?.tiktok ?? null;
  useEffect(() => {
    if (!event || !(meta || tiktok)) return;
    loadPixelStart().then(
      ({ startPixels }) => {
        startPixels({ meta, tiktok });
        trackPixelEvent(event.name, event.data, event.eventId);
      },
      () => console.warn(`[tracking] ${event.name} was not sent: the pixels' code could not be loaded`),
    );
    // Only a new event id (or a change of consent) fires again; the event object is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the id stands for the event
  }, [eventId, meta, tiktok]);
}
