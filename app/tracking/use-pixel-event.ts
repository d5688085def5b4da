import { useEffect } from "react";
import type { PixelEvent } from "./events";
import { loadPixelStart } from "./load-pixel-start";
import { trackPixelEvent, type PublicPixelIds } from "./pixels";

/** The ids fired on this page: Back and then Forward show the same preview again, which is no new Lead. */
const fired = new Set<string>();

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
    if (!event || !(meta || tiktok) || fired.has(event.eventId)) return;
    fired.add(event.eventId);
    loadPixelStart().then(
      ({ startPixels }) => {
        startPixels({ meta, tiktok });
        trackPixelEvent(event.name, event.data, event.eventId);
      },
      () => console.warn(`[tracking] ${event.name} was not sent: the pixels' code could not be loaded`),
    );
    // An id not fired yet fires when it shows, or once consent is given; the event object is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the id stands for the event
  }, [eventId, meta, tiktok]);
}
