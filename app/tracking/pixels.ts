/**
 * Browser pixels (Meta and TikTok). Nothing here runs before consent: the root loader
 * sends pixel ids only to visitors who accepted, and TrackingScripts starts the pixels
 * with them. Every call is guarded, so a blocked or broken pixel never breaks the page.
 * Starting and stopping them is in ./pixel-start.ts, which only a visitor who accepted
 * ever downloads (./load-pixel-start.ts).
 */
import type { MarketingEventName } from "./events";

export type PublicPixelIds = { meta: string | null; tiktok: string | null };

export const META_PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";
export const TIKTOK_PIXEL_SCRIPT = "https://analytics.tiktok.com/i18n/pixel/events.js";

/** The hosts each pixel needs in the CSP: its script, and where it sends beacons and images. */
export function pixelCspSources(ids: PublicPixelIds) {
  const scripts: string[] = [];
  const images: string[] = [];
  const connects: string[] = [];
  if (ids.meta) {
    scripts.push("https://connect.facebook.net");
    images.push("https://www.facebook.com");
    connects.push("https://www.facebook.com", "https://connect.facebook.net");
  }
  if (ids.tiktok) {
    scripts.push("https://analytics.tiktok.com");
    images.push("https://analytics.tiktok.com");
    connects.push("https://analytics.tiktok.com");
  }
  return { extraScriptSources: scripts, extraImageSources: images, extraConnectSources: connects };
}

type Queue = unknown[][];
export type MetaPixel = ((...args: unknown[]) => void) & {
  queue: Queue;
  callMethod?: (...args: unknown[]) => void;
  push: unknown;
  loaded: boolean;
  version: string;
};
export type TikTokPixel = unknown[] & {
  track?: (...args: unknown[]) => void;
  page?: () => void;
  load?: (id: string) => void;
  [key: string]: unknown;
};

declare global {
  interface Window {
    fbq?: MetaPixel;
    _fbq?: MetaPixel;
    ttq?: TikTokPixel;
    TiktokAnalyticsObject?: string;
  }
}

/** TikTok's names differ for one event (its SubmitForm is Meta's Lead); the others keep Meta's names. */
const TIKTOK_NAMES: Partial<Record<string, string>> = { Lead: "SubmitForm" };

/**
 * Reports one event to every pixel present. `fbq` and `ttq` exist only after consent
 * (startPixels); without them this does nothing. It never throws.
 */
export function trackPixelEvent(name: MarketingEventName | "Contact", data: Record<string, unknown>, eventId: string): void {
  if (typeof window === "undefined") return;
  try {
    window.fbq?.("track", name, data, { eventID: eventId });
  } catch (error) {
    console.warn(`[tracking] Meta pixel ${name} failed`, error instanceof Error ? error.name : "");
  }
  try {
    // TikTok's global exists only when its pixel was configured and consent was given.
    if (window.ttq && typeof window.ttq.track === "function") window.ttq.track(TIKTOK_NAMES[name] ?? name, data, { event_id: eventId });
  } catch (error) {
    console.warn(`[tracking] TikTok pixel ${name} failed`, error instanceof Error ? error.name : "");
  }
}

/** The pixels' own first-party cookies, removed when the visitor rejects after accepting. */
export const PIXEL_COOKIES = ["_fbp", "_fbc", "_ttp"] as const;
