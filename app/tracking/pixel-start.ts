import { META_PIXEL_SCRIPT, PIXEL_COOKIES, TIKTOK_PIXEL_SCRIPT, type MetaPixel, type PublicPixelIds, type TikTokPixel } from "./pixels";

/*
 * Starting and stopping the browser pixels (Meta and TikTok), loaded with loadPixelStart()
 * only when the visitor has accepted: a page without consent never downloads it.
 */

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
  for (const method of [
    "page",
    "track",
    "identify",
    "instances",
    "debug",
    "on",
    "off",
    "once",
    "ready",
    "alias",
    "group",
    "enableCookie",
    "disableCookie",
  ]) {
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
