/**
 * Browser pixels (Meta and TikTok). Nothing here runs before consent: the root loader
 * sends pixel ids only to visitors who accepted, and TrackingScripts starts the pixels
 * with them. Every call is guarded, so a blocked or broken pixel never breaks the page.
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
type MetaPixel = ((...args: unknown[]) => void) & { queue: Queue; callMethod?: (...args: unknown[]) => void; push: unknown; loaded: boolean; version: string };
type TikTokPixel = unknown[] & { track?: (...args: unknown[]) => void; page?: () => void; load?: (id: string) => void; [key: string]: unknown };

declare global {
  interface Window {
    fbq?: MetaPixel;
    _fbq?: MetaPixel;
    ttq?: TikTokPixel;
    TiktokAnalyticsObject?: string;
  }
}

/** TikTok's names differ for one event; the others keep Meta's names (spec section 7). */
const TIKTOK_NAMES: Partial<Record<string, string>> = { Lead: "SubmitForm" };

function addScript(src: string) {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/**
 * Meta's loader contract: a `fbq` function that queues calls until fbevents.js arrives
 * and replaces `callMethod`.
 */
function startMetaPixel(pixelId: string) {
  if (window.fbq) return;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as MetaPixel;
  fbq.queue = [];
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = "2.0";
  window.fbq = fbq;
  window._fbq = fbq;
  addScript(META_PIXEL_SCRIPT);
  fbq("init", pixelId);
  fbq("track", "PageView");
}

/**
 * TikTok's loader contract: a `ttq` array whose methods push [method, ...args] until
 * events.js arrives, plus the bookkeeping fields events.js reads for each pixel id.
 */
function startTikTokPixel(pixelId: string) {
  if (window.ttq) return;
  window.TiktokAnalyticsObject = "ttq";
  const ttq = [] as unknown as TikTokPixel;
  for (const method of ["page", "track", "identify", "instances", "debug", "on", "off", "once", "ready", "alias", "group", "enableCookie", "disableCookie"]) {
    ttq[method] = (...args: unknown[]) => ttq.push([method, ...args]);
  }
  const started = (ttq._t ??= {}) as Record<string, number>;
  const options = (ttq._o ??= {}) as Record<string, object>;
  const instances = (ttq._i ??= {}) as Record<string, unknown[] & { _u?: string }>;
  instances[pixelId] = Object.assign([], { _u: TIKTOK_PIXEL_SCRIPT });
  started[pixelId] = Date.now();
  options[pixelId] = {};
  window.ttq = ttq;
  addScript(`${TIKTOK_PIXEL_SCRIPT}?sdkid=${encodeURIComponent(pixelId)}&lib=ttq`);
  ttq.page?.();
}

/** Starts the configured pixels once per page load. Safe to call again (a later page, a second render). */
export function startPixels(ids: PublicPixelIds): void {
  try {
    if (ids.meta) startMetaPixel(ids.meta);
    if (ids.tiktok) startTikTokPixel(ids.tiktok);
  } catch (error) {
    console.warn("[tracking] pixels could not start", error instanceof Error ? error.name : "");
  }
}

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

/**
 * After a change of mind to Reject (without a reload): the pixels stop sending and
 * their globals go, so trackPixelEvent does nothing from then on.
 */
export function stopPixels(): void {
  try {
    window.fbq?.("consent", "revoke");
  } catch {
    // A broken pixel is removed below all the same.
  }
  delete window.fbq;
  delete window._fbq;
  delete window.ttq;
  for (const name of PIXEL_COOKIES) {
    document.cookie = `${name}=; Max-Age=0; path=/`;
    document.cookie = `${name}=; Max-Age=0; path=/; domain=${window.location.hostname}`;
  }
}
