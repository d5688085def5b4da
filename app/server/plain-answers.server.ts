import type { Response as ExpressResponse } from "express";
import { contentSecurityPolicy } from "~/security/headers.server";

/** How the server layer answers on its own (405, 403, 413, 429): small, uncached, with the site's CSP. */
export function answerPlain(
  response: ExpressResponse,
  status: number,
  contentType: string,
  body: string,
  extra: Record<string, string> = {},
): void {
  response.status(status).set({
    "Content-Type": contentType,
    "Content-Security-Policy": contentSecurityPolicy(),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    ...extra,
  });
  response.end(body);
}

export function answerJson(response: ExpressResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  answerPlain(response, status, "application/json; charset=utf-8", JSON.stringify(body), extra);
}

export function isApiPath(path: string): boolean {
  return path.startsWith("/api/");
}
