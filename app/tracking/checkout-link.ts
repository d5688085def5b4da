import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";
import type { DeclarationType } from "~/config/products";
import { EVENT_ID_PARAM, newEventId } from "./events";
import { productEventData } from "./product-event-data";
import { trackPixelEvent } from "./pixels";

/** The longest a pricing-card click waits for tracking before it navigates anyway. */
export const CHECKOUT_TRACKING_CAP_MS = 300;

/**
 * Runs `track`, then `go` exactly once: as soon as tracking finishes, throws, or
 * after `capMs` if it hangs. Navigation never depends on tracking.
 */
export function trackThenNavigate(track: () => unknown, go: () => void, capMs = CHECKOUT_TRACKING_CAP_MS): Promise<void> {
  let done = false;
  const goOnce = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    go();
  };
  const timer = setTimeout(goOnce, capMs);
  return Promise.resolve()
    .then(track)
    .catch(() => undefined)
    .then(goOnce);
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.currentTarget.target
  );
}

/**
 * onClick for a pricing card's order link (an <a>/<Link> whose href is checkoutHref()).
 * With JS it fires InitiateCheckout to the pixels and navigates with the event id in
 * `eid`, so the order page's server event (reportCheckoutFromUrl) shares it. A
 * modified click (new tab) is left to the browser, and the server still reports it.
 * Without consent there are no pixels (`pixelsActive` false): the link stays a plain link.
 */
export function useCheckoutLinkClick(pixelsActive: boolean) {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>, type: DeclarationType) => {
      if (!pixelsActive || !isPlainLeftClick(event)) return;
      const href = event.currentTarget.getAttribute("href");
      if (!href) return;
      event.preventDefault();
      const eventId = newEventId();
      const url = new URL(href, window.location.href);
      url.searchParams.set(EVENT_ID_PARAM, eventId);
      void trackThenNavigate(
        () => trackPixelEvent("InitiateCheckout", productEventData(type), eventId),
        () => navigate(`${url.pathname}${url.search}${url.hash}`),
      );
    },
    [navigate, pixelsActive],
  );
}
