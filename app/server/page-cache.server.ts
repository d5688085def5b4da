import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * A short-lived cache of whole documents for the routes that declare themselves shareable
 * (SHAREABLE_PAGE in the route's handle; docs/decisions/023 and 025). Rendering the home page
 * costs about 5 ms of the one JavaScript thread, most of it React and Remix's route matching;
 * answering from this cache costs the compression alone.
 *
 * What keeps one visitor's answer from reaching another:
 * - only routes that declare SHAREABLE_PAGE, whose loaders read nothing but the URL and the
 *   consent cookie;
 * - only GET or HEAD requests without a query string and without any cookie besides one
 *   `consent`, whose raw value is part of the key (the banner and the pixels follow it);
 * - only a 200 that sets no cookie;
 * - the CSP nonce is never stored: each answer gets a fresh one, written where the
 *   rendered document had its own.
 *
 * Every page answer says what the cache did in an RFC 9211 `Cache-Status` header.
 */
export const CACHE_NAME = "adres";

/** Pages × languages × consent choices is about 90; the cap only bounds a flood of forged consent values. */
const MAX_ENTRIES = 256;
const MAX_CONSENT_VALUE_LENGTH = 200;

type Parts = Buffer[];
type StoredPage = { status: number; headers: [name: string, value: string | string[]][]; body: Parts; storedAt: number };

export type PageCache = ReturnType<typeof createPageCache>;

/** Why a request is never answered from the cache, or its key. */
export type CacheLookup = { key: string } | { bypass: "method" | "query" | "cookie" };

export function pageCacheLookupOf(method: string, pathWithSearch: string, cookieHeader: string | null | undefined): CacheLookup {
  if (method !== "GET" && method !== "HEAD") return { bypass: "method" };
  if (pathWithSearch.includes("?")) return { bypass: "query" };
  let consent: string | null = null;
  if (cookieHeader) {
    for (const pair of cookieHeader.split(";")) {
      const trimmed = pair.trim();
      if (trimmed === "") continue;
      const equals = trimmed.indexOf("=");
      const name = equals === -1 ? trimmed : trimmed.slice(0, equals);
      // A second consent cookie, even after an empty one: Remix reads the first, the key would
      // name another, and the page rendered for one choice would be kept for the other.
      if (name !== "consent" || consent !== null) return { bypass: "cookie" };
      consent = trimmed.slice(equals + 1);
      if (consent.length > MAX_CONSENT_VALUE_LENGTH) return { bypass: "cookie" };
    }
  }
  return { key: `${pathWithSearch}\n${consent ?? ""}` };
}

/** The cache key of a request, or null when the request may see something of its own. */
export function pageCacheKeyOf(method: string, pathWithSearch: string, cookieHeader: string | null | undefined): string | null {
  const lookup = pageCacheLookupOf(method, pathWithSearch, cookieHeader);
  return "key" in lookup ? lookup.key : null;
}

export const cacheStatus = {
  hit: `${CACHE_NAME}; hit`,
  stored: `${CACHE_NAME}; fwd=miss; stored`,
  miss: `${CACHE_NAME}; fwd=miss`,
  bypass: (detail: string) => `${CACHE_NAME}; fwd=bypass; detail=${detail}`,
};

export function createPageCache({ ttlSeconds, now = Date.now }: { ttlSeconds: number; now?: () => number }) {
  const pages = new Map<string, StoredPage>();
  const enabled = ttlSeconds > 0;

  function fresh(key: string): StoredPage | undefined {
    const page = pages.get(key);
    if (!page) return undefined;
    if (now() - page.storedAt < ttlSeconds * 1000) return page;
    pages.delete(key);
    return undefined;
  }

  return {
    enabled,

    /**
     * Keeps a rendered document when the route declared itself shareable and the request and
     * the answer allow it; returns the `Cache-Status` the answer carries (also for a HEAD,
     * which is answered without a document and so keeps nothing).
     */
    remember(request: Request, answer: { status: number; headers: Headers; body: Buffer; nonce: string; shareable: boolean }): string {
      const url = new URL(request.url);
      const lookup = pageCacheLookupOf(request.method, url.pathname + url.search, request.headers.get("Cookie"));
      if (!("key" in lookup)) return cacheStatus.bypass(lookup.bypass);
      if (!enabled) return cacheStatus.bypass("off");
      if (!answer.shareable) return cacheStatus.bypass("route-not-shareable");
      if (answer.status !== 200) return cacheStatus.bypass("status");
      if (answer.headers.has("Set-Cookie")) return cacheStatus.bypass("set-cookie");
      // A HEAD is answered without rendering the document: there is nothing to keep.
      if (request.method === "HEAD") return cacheStatus.miss;
      const { key } = lookup;
      if (pages.size >= MAX_ENTRIES && !pages.has(key)) pages.delete(pages.keys().next().value as string);
      const headers: StoredPage["headers"] = [];
      answer.headers.forEach((value, name) => {
        if (name !== "cache-status") headers.push([name, value.includes(answer.nonce) ? value.split(answer.nonce) : value]);
      });
      const body = answer.body
        .toString("utf8")
        .split(answer.nonce)
        .map((part) => Buffer.from(part, "utf8"));
      pages.set(key, { status: answer.status, headers, body, storedAt: now() });
      return cacheStatus.stored;
    },

    /**
     * Express middleware: answers a GET or HEAD from the cache when it holds its page, with a
     * fresh nonce; otherwise passes it on to Remix. The server's compression and access log
     * handle these answers like every other.
     */
    middleware(createNonce: () => string) {
      return (request: ExpressRequest, response: ExpressResponse, next: NextFunction): void => {
        if (!enabled) return next();
        const lookup = pageCacheLookupOf(request.method, request.originalUrl, request.headers.cookie);
        const page = "key" in lookup ? fresh(lookup.key) : undefined;
        if (!page) return next();
        const nonce = createNonce();
        const nonceBytes = Buffer.from(nonce, "utf8");
        const body = Buffer.concat(page.body.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
        response.status(page.status);
        for (const [name, value] of page.headers) response.setHeader(name, typeof value === "string" ? value : value.join(nonce));
        response.setHeader("Cache-Status", cacheStatus.hit);
        response.setHeader("Content-Length", String(body.length));
        // Node sends no body for HEAD.
        response.end(body);
      };
    },
  };
}
