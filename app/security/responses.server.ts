import { applySecurityHeaders } from "./headers.server";

/**
 * The one way resource routes (robots.txt, sitemap.xml, /consent, /tracking/event, the
 * JSON API, the agreement PDF) build a response: with the security headers every
 * document carries (docs/decisions/002).
 */
type ResourceBody = string | Uint8Array<ArrayBuffer> | null;

export function resourceResponse(
  body: ResourceBody,
  { status = 200, contentType, headers = {} }: { status?: number; contentType?: string; headers?: HeadersInit } = {},
): Response {
  const all = applySecurityHeaders(new Headers(headers));
  if (contentType) all.set("Content-Type", contentType);
  return new Response(body, { status, headers: all });
}

export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const all = new Headers(headers);
  if (!all.has("Cache-Control")) all.set("Cache-Control", "no-store");
  return resourceResponse(JSON.stringify(body), { status, contentType: "application/json; charset=utf-8", headers: all });
}

export function textResponse(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return resourceResponse(body, { status, contentType: "text/plain; charset=utf-8", headers });
}
