import { applySecurityHeaders } from "~/security/headers.server";

type ResourceResponseInit = {
  status?: number;
  /** Omitted for a body-less answer (204, 405 without text). */
  contentType?: string;
  /** Defaults to "no-store": resource routes answer per request unless they say otherwise. */
  cacheControl?: string;
  headers?: Record<string, string>;
};

/**
 * The one way a resource route (consent, tracking events, robots.txt, sitemap.xml, the
 * JSON API) builds its answer: the body, its type, and the security headers every
 * response carries.
 */
export function resourceResponse(body: BodyInit | null, { status = 200, contentType, cacheControl = "no-store", headers = {} }: ResourceResponseInit = {}): Response {
  const responseHeaders = new Headers(headers);
  if (contentType) responseHeaders.set("Content-Type", contentType);
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", cacheControl);
  return new Response(body, { status, headers: applySecurityHeaders(responseHeaders) });
}

/** A short plain-text answer (errors of resource routes: 403, 405, 413, 415). */
export function plainTextResponse(text: string, status: number, headers: Record<string, string> = {}): Response {
  return resourceResponse(text, { status, contentType: "text/plain; charset=utf-8", headers });
}

/** A JSON answer, never cached (the order API). */
export function jsonResponse(data: unknown, { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {}): Response {
  return resourceResponse(JSON.stringify(data), { status, contentType: "application/json; charset=utf-8", headers });
}
