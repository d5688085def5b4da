import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { fixedT } from "~/i18n/i18n.server";
import { localeFromPath } from "~/i18n/locales";
import { homePath } from "~/i18n/routes";
import { BODY_TOO_LARGE_TEXT, MAX_BODY_BYTES } from "~/security/body.server";
import type { PageCache } from "~/render/page-cache.server";
import { contentSecurityPolicy, createNonce } from "~/security/headers.server";
import { isSameOrigin } from "~/security/same-origin.server";
import { CLIENT_ADDRESS_HEADER } from "./client-address.server";
import type { RequestActivity } from "./request-activity.server";
import { clientAddressOf, type RateLimits } from "./rate-limits.server";

/**
 * Screens each request before remix-serve's Express app and Remix see it (decisions 018
 * and 019). Remix answers a cross-site form POST with an empty 500 before any action runs,
 * Express logs every request, and a body is read by whoever asks first; so what must come
 * first happens here, on the HTTP server remix-serve creates:
 *
 * - `GET /healthz` answers from a database round trip, unlogged and never rate limited;
 * - every response carries HSTS when the site is served over https;
 * - a cross-site POST, PUT, PATCH or DELETE (Origin "null" or another site's) gets 403;
 * - a body declared over 64 KiB gets 413 without being read;
 * - past the rate limits, 429 with Retry-After: a page in the path's language, JSON for the API.
 */
export type ScreenOptions = {
  rateLimits: RateLimits | null;
  /** Resolves when the database answers; rejects when it cannot. */
  checkDatabase: () => Promise<void>;
  hsts: boolean;
  trustedProxies: number;
  /** Told of every request, so background work can wait for quiet moments. */
  activity?: Pick<RequestActivity, "track">;
  /** Answers a GET from the page cache when it holds the page (after the rate limits). */
  pageCache?: Pick<PageCache, "serve">;
};

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const HSTS = "max-age=31536000; includeSubDomains";

function answer(response: ServerResponse, status: number, contentType: string, body: string, extra: Record<string, string> = {}): true {
  response.writeHead(status, {
    "Content-Type": contentType,
    "Content-Security-Policy": contentSecurityPolicy(),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    ...extra,
  });
  response.end(body);
  return true;
}

/**
 * Drops what the client is still sending, for a few seconds at most, then closes. Closing
 * at once, with unread bytes, resets the connection and the client sees "connection reset"
 * instead of the 413 (the web servers' "lingering close"). Nothing is kept in memory.
 * A body that ends in time leaves the connection open for the client's next request: closing
 * it anyway would reset that request (found by npm run test:faults).
 */
function discardBodyBriefly(request: IncomingMessage): void {
  request.resume();
  const timer = setTimeout(() => request.socket.destroy(), 3_000).unref();
  request.once("end", () => clearTimeout(timer));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The 429 answer: a short page in the language of the path, or JSON for the API. */
function tooManyRequests(request: IncomingMessage, response: ServerResponse, retryAfterSeconds: number): true {
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  const locale = localeFromPath(path);
  // Node's request, before Remix: the path's prefix is read as remix-i18next's findLocale reads it.
  const t = fixedT(locale, "error");
  const strings = { title: t("tooMany.title"), heading: t("tooMany.heading"), home: t("tooMany.home") };
  const text = t("tooMany.text", { seconds: retryAfterSeconds });
  const headers = { "Retry-After": String(retryAfterSeconds) };
  if (path.startsWith("/api/")) return answer(response, 429, "application/json; charset=utf-8", JSON.stringify({ success: false, error: text }), headers);
  const page = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(strings.title)}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(strings.heading)}</h1><p>${escapeHtml(text)}</p><p><a href="${homePath(locale)}">${escapeHtml(strings.home)}</a></p></body></html>`;
  return answer(response, 429, "text/html; charset=utf-8", page, headers);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Answers the request itself when it must; resolves (or returns) whether it did. */
export function createRequestScreen({ rateLimits, checkDatabase, hsts, trustedProxies, activity, pageCache }: ScreenOptions) {
  const fromPageCache = (request: IncomingMessage, response: ServerResponse) => (pageCache ? pageCache.serve(request, response, createNonce) : false);
  return function screen(request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> {
    activity?.track(response);
    const method = request.method ?? "GET";
    const client = clientAddressOf(request.socket.remoteAddress, header(request, "x-forwarded-for"), trustedProxies);
    request.headers[CLIENT_ADDRESS_HEADER] = client;
    if (hsts) response.setHeader("Strict-Transport-Security", HSTS);
    if (method === "GET" && request.url === "/healthz") {
      return checkDatabase().then(
        () => answer(response, 200, "text/plain; charset=utf-8", "ok"),
        () => answer(response, 503, "text/plain; charset=utf-8", "database unavailable"),
      );
    }
    if (UNSAFE_METHODS.has(method)) {
      if (!isSameOrigin((name) => header(request, name), request.headers.host)) return answer(response, 403, "text/plain; charset=utf-8", "Forbidden: this form can only be sent from this site.", { Connection: "close" });
      // The JSON API answers its own 413, in JSON and in the body's language, from the header alone.
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      if (!path.startsWith("/api/") && Number(request.headers["content-length"] ?? "0") > MAX_BODY_BYTES) {
        discardBodyBriefly(request);
        return answer(response, 413, "text/plain; charset=utf-8", BODY_TOO_LARGE_TEXT);
      }
    }
    if (!rateLimits || (method !== "GET" && method !== "POST")) return fromPageCache(request, response);
    return rateLimits.check(method, client).then((verdict) => (verdict.allowed ? fromPageCache(request, response) : tooManyRequests(request, response, verdict.retryAfterSeconds)));
  };
}

export type RequestScreen = ReturnType<typeof createRequestScreen>;

const marker = Symbol.for("adres.requestGuard");
const servers = new Set<Server>();

/** The HTTP servers that have answered requests in this process (remix-serve's one). */
export function servingServers(): ReadonlySet<Server> {
  return servers;
}

/** Installs the screen on every HTTP server of this process, once (the dev server re-imports the build). */
export function installRequestGuard(screen: RequestScreen): void {
  const prototype = Server.prototype as Server & { [marker]?: true };
  if (prototype[marker]) return;
  prototype[marker] = true;
  const emit = prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event !== "request") return emit.call(this, event, ...args);
    servers.add(this);
    const [request, response] = args as [IncomingMessage, ServerResponse];
    const pass = () => emit.call(this, event, ...args);
    let verdict: boolean | Promise<boolean>;
    try {
      verdict = screen(request, response);
    } catch {
      return pass();
    }
    if (verdict === true) return true;
    if (verdict === false) return pass();
    // The request's body waits, paused, until the app reads it.
    verdict.then((answered) => answered || pass(), () => pass());
    return true;
  } as typeof prototype.emit;
}
