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

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A short page in the visitor's language (a 429, a 503), with no script and no stylesheet of its own. */
export function shortPage({
  locale,
  title,
  heading,
  text,
  link,
}: {
  locale: string;
  title: string;
  heading: string;
  text: string;
  link: { href: string; text: string };
}): string {
  return [
    `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>`,
    `<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">`,
    `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>`,
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p></body></html>`,
  ].join("");
}

export function isApiPath(path: string): boolean {
  return path.startsWith("/api/");
}
