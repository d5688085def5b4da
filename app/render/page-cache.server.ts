import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { matchPage, type PageId } from "~/i18n/routes";

/**
 * A short-lived cache of whole documents for the pages every visitor sees alike
 * (docs/decisions/023). Rendering the home page costs about 5 ms of the one JavaScript
 * thread, most of it React and Remix's route matching; answering from this cache costs
 * the compression alone, which a plain static server pays too.
 *
 * What keeps one visitor's answer from reaching another:
 * - only the pages below, whose loaders read nothing but the URL and the consent cookie;
 * - only requests without a query string and without any cookie besides `consent`, whose
 *   raw value is part of the key (the banner and the pixels follow it);
 * - only a 200 that sets no cookie;
 * - the CSP nonce is never stored: each answer gets a fresh one, written where the
 *   rendered document had its own.
 */
const SHARED_PAGES: ReadonlySet<PageId> = new Set<PageId>(["home", "tenant", "landlord", "terms", "privacy", "blog", "contact"]);

/** Pages × languages × consent choices is about 90; the cap only bounds a flood of forged consent values. */
const MAX_ENTRIES = 256;
const MAX_CONSENT_VALUE_LENGTH = 200;

type Parts = Buffer[];
type StoredPage = { status: number; headers: [name: string, value: string | string[]][]; body: Parts; storedAt: number };

export type PageCache = ReturnType<typeof createPageCache>;

/** The cache key of a request, or null when the request may see something of its own. */
export function pageCacheKeyOf(method: string, pathWithSearch: string, cookieHeader: string | null | undefined): string | null {
  if (method !== "GET" || pathWithSearch.includes("?")) return null;
  let consent = "";
  if (cookieHeader) {
    for (const pair of cookieHeader.split(";")) {
      const trimmed = pair.trim();
      if (trimmed === "") continue;
      const equals = trimmed.indexOf("=");
      const name = equals === -1 ? trimmed : trimmed.slice(0, equals);
      if (name !== "consent" || consent !== "") return null;
      consent = trimmed.slice(equals + 1);
      if (consent.length > MAX_CONSENT_VALUE_LENGTH) return null;
    }
  }
  return `${pathWithSearch}\n${consent}`;
}

export function isSharedPage(pathname: string): boolean {
  const pageId = matchPage(pathname)?.pageId;
  return pageId !== undefined && SHARED_PAGES.has(pageId);
}

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

    /** Keeps a rendered document when the request and the answer allow it. */
    remember(request: Request, answer: { status: number; headers: Headers; body: Buffer; nonce: string }): void {
      if (!enabled || answer.status !== 200 || answer.headers.has("Set-Cookie")) return;
      const url = new URL(request.url);
      if (!isSharedPage(url.pathname)) return;
      const key = pageCacheKeyOf(request.method, url.pathname + url.search, request.headers.get("Cookie"));
      if (key === null) return;
      if (pages.size >= MAX_ENTRIES && !pages.has(key)) pages.delete(pages.keys().next().value as string);
      const headers: StoredPage["headers"] = [];
      answer.headers.forEach((value, name) => headers.push([name, value.includes(answer.nonce) ? value.split(answer.nonce) : value]));
      const body = answer.body.toString("utf8").split(answer.nonce).map((part) => Buffer.from(part, "utf8"));
      pages.set(key, { status: answer.status, headers, body, storedAt: now() });
    },

    /**
     * Answers the request from the cache when it holds its page, with a fresh nonce and
     * compressed as remix-serve's compression would; resolves to false otherwise.
     */
    serve(request: IncomingMessage, response: ServerResponse, createNonce: () => string): false | Promise<true> {
      if (!enabled) return false;
      const cookie = request.headers.cookie;
      const key = pageCacheKeyOf(request.method ?? "GET", request.url ?? "/", cookie);
      const page = key === null ? undefined : fresh(key);
      if (!page) return false;
      const started = performance.now();
      const nonce = createNonce();
      const nonceBytes = Buffer.from(nonce, "utf8");
      const body = Buffer.concat(page.body.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
      const headers: Record<string, string> = {};
      for (const [name, value] of page.headers) headers[name] = typeof value === "string" ? value : value.join(nonce);
      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      headers["vary"] = "Accept-Encoding";
      return compress(body, encoding).then((sent) => {
        if (encoding !== "identity") headers["content-encoding"] = encoding;
        headers["content-length"] = String(sent.length);
        response.writeHead(page.status, headers);
        response.end(sent);
        // The same line remix-serve's access log (morgan "tiny") writes for the pages it renders.
        console.log(`GET ${request.url} ${page.status} ${sent.length} - ${(performance.now() - started).toFixed(3)} ms`);
        return true as const;
      });
    },
  };
}

type Encoding = "br" | "gzip" | "identity";

/** br, then gzip, then none, among what Accept-Encoding allows (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const accepted = new Set<string>();
  for (const entry of header.split(",")) {
    const [name = "", ...parameters] = entry.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The settings of remix-serve's compression middleware: brotli quality 4, gzip's default level. */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "br") return brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (encoding === "gzip") return gzipAsync(body);
  return Promise.resolve(body);
}
