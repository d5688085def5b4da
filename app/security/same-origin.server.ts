import { env } from "~/config/env.server";
import { plainTextResponse } from "~/security/responses.server";

/**
 * The origins our own pages are served from: the configured SITE_URL and the origin the
 * request itself was addressed to (the Host header; they differ behind a dev proxy or on
 * 127.0.0.1 in tests).
 */
function ownOrigins(request: Request): Set<string> {
  const origins = new Set<string>([new URL(request.url).origin]);
  try {
    origins.add(new URL(env.SITE_URL).origin);
  } catch {
    // A missing SITE_URL is reported by the env check; the request's own origin still counts.
  }
  const host = request.headers.get("Host");
  if (host) {
    const protocol = new URL(request.url).protocol;
    origins.add(`${protocol}//${host}`);
  }
  return origins;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from our own pages. Another site must not be
 * able to place an order, record a consent or send events in the visitor's name with a
 * hidden form or a fetch.
 *
 * - `Origin` present: it must be one of our origins; `Origin: null` (sandboxed frames,
 *   data: pages, some redirects) is refused.
 * - No `Origin`: `Sec-Fetch-Site: cross-site` or `same-site` is refused; a `Referer` from
 *   another host is refused. A request with none of these (curl, an old browser) passes:
 *   it cannot carry a visitor's cookies from another site's page.
 */
export function isSameOriginRequest(request: Request): boolean {
  const origins = ownOrigins(request);
  const origin = request.headers.get("Origin");
  if (origin !== null) return origins.has(origin);
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const referer = request.headers.get("Referer");
  if (referer) {
    const refererOrigin = originOf(referer);
    if (!refererOrigin || !origins.has(refererOrigin)) return false;
  }
  return true;
}

/** Throws a 403 (plain text, no stack trace) unless the request comes from our own pages. Works for documents, `?_data=` requests and resource routes alike. */
export function requireSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) {
    throw plainTextResponse("403 Forbidden: this form can only be sent from the site's own pages. / Ten formularz można wysłać tylko ze stron serwisu.", 403);
  }
}

/** Throws a 415 unless the body is declared as JSON (a cross-site form cannot send that without a CORS preflight). */
export function requireJsonContentType(request: Request): void {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw plainTextResponse("415 Unsupported Media Type: send application/json.", 415, { Accept: "application/json" });
  }
}
