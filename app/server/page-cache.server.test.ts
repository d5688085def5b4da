import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { cacheStatus, createPageCache, pageCacheKeyOf, pageCacheLookupOf } from "./page-cache.server";

const NONCE = "rendered+nonce/AAAA==";
const PAGE = `<!doctype html><html><head><script nonce="${NONCE}">1</script></head><body>Strona główna<script nonce="${NONCE}" type="module">2</script></body></html>`;

function renderedAnswer(overrides: { status?: number; headers?: Record<string, string>; shareable?: boolean } = {}) {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": `script-src 'self' 'nonce-${NONCE}'`,
    ...overrides.headers,
  });
  return {
    status: overrides.status ?? 200,
    headers,
    body: Buffer.from(PAGE, "utf8"),
    nonce: NONCE,
    shareable: overrides.shareable ?? true,
  };
}

const pageRequest = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://127.0.0.1${path}`, { method, headers });

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real HTTP server that answers from the cache, or 404 "rendered by Remix" when the cache passes. */
async function serveFrom(cache: ReturnType<typeof createPageCache>) {
  let nonces = 0;
  const app = express();
  app.use(cache.middleware(() => `fresh-nonce-${++nonces}`));
  app.use((_request, response) => void response.status(404).end("rendered by Remix"));
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("pageCacheKeyOf", () => {
  it("keys a GET or HEAD without query by its path and its consent cookie's raw value", () => {
    expect(pageCacheKeyOf("GET", "/", null)).toBe("/\n");
    expect(pageCacheKeyOf("HEAD", "/", null)).toBe("/\n");
    expect(pageCacheKeyOf("GET", "/", "consent=abc")).toBe("/\nabc");
    expect(pageCacheKeyOf("GET", "/uk", " consent=abc ; ")).toBe("/uk\nabc");
  });

  it("refuses anything that may carry the visitor's own state, and says why", () => {
    expect(pageCacheLookupOf("POST", "/", null)).toEqual({ bypass: "method" });
    expect(pageCacheLookupOf("GET", "/?cookie-settings=1", null)).toEqual({ bypass: "query" });
    expect(pageCacheLookupOf("GET", "/", "consent=abc; _fbp=fb.1.2")).toEqual({ bypass: "cookie" });
    expect(pageCacheKeyOf("GET", "/", "placed-order=xyz")).toBeNull();
    expect(pageCacheKeyOf("GET", "/", "consent=a; consent=b")).toBeNull();
    expect(pageCacheKeyOf("GET", "/", "consent=; consent=b")).toBeNull();
    expect(pageCacheKeyOf("GET", "/", `consent=${"x".repeat(201)}`)).toBeNull();
  });
});

describe("createPageCache", () => {
  it("answers a shared page again with a fresh nonce in the document and in the CSP, and says it was a hit", async () => {
    const cache = createPageCache({ ttlSeconds: 60 });
    expect(cache.remember(pageRequest("/"), renderedAnswer())).toBe(cacheStatus.stored);
    const base = await serveFrom(cache);

    const first = await fetch(`${base}/`);
    const second = await fetch(`${base}/`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-status")).toBe("adres; hit");
    expect(first.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(first.headers.get("content-security-policy")).toBe("script-src 'self' 'nonce-fresh-nonce-1'");
    expect(second.headers.get("content-security-policy")).toBe("script-src 'self' 'nonce-fresh-nonce-2'");
    expect(await first.text()).toBe(PAGE.replaceAll(NONCE, "fresh-nonce-1"));
    expect(await second.text()).toBe(PAGE.replaceAll(NONCE, "fresh-nonce-2"));
  });

  it("answers HEAD from the same entry, with the headers and no body", async () => {
    const cache = createPageCache({ ttlSeconds: 60 });
    cache.remember(pageRequest("/en"), renderedAnswer());
    const base = await serveFrom(cache);
    const head = await fetch(`${base}/en`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-status")).toBe("adres; hit");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
  });

  it("keeps each consent choice apart, and never answers a request with other cookies or a query", async () => {
    const cache = createPageCache({ ttlSeconds: 60 });
    cache.remember(pageRequest("/", { Cookie: "consent=accepted-value" }), renderedAnswer());
    const base = await serveFrom(cache);
    expect((await fetch(`${base}/`, { headers: { Cookie: "consent=accepted-value" } })).status).toBe(200);
    expect(await (await fetch(`${base}/`)).text()).toBe("rendered by Remix");
    expect(await (await fetch(`${base}/`, { headers: { Cookie: "consent=rejected-value" } })).text()).toBe("rendered by Remix");
    expect(await (await fetch(`${base}/`, { headers: { Cookie: "consent=accepted-value; session=1" } })).text()).toBe("rendered by Remix");
    expect(await (await fetch(`${base}/?utm_source=x`, { headers: { Cookie: "consent=accepted-value" } })).text()).toBe(
      "rendered by Remix",
    );
  });

  it("keeps only a 200 that sets no cookie, of a route that declared itself shareable", async () => {
    const cache = createPageCache({ ttlSeconds: 60 });
    expect(cache.remember(pageRequest("/regulamin"), renderedAnswer({ status: 500 }))).toBe("adres; fwd=bypass; detail=status");
    expect(cache.remember(pageRequest("/kontakt"), renderedAnswer({ headers: { "Set-Cookie": "flash=1" } }))).toBe(
      "adres; fwd=bypass; detail=set-cookie",
    );
    expect(cache.remember(pageRequest("/platnosc/abc"), renderedAnswer({ shareable: false }))).toBe(
      "adres; fwd=bypass; detail=route-not-shareable",
    );
    expect(cache.remember(pageRequest("/dla-najemcy", {}, "POST"), renderedAnswer())).toBe("adres; fwd=bypass; detail=method");
    expect(cache.remember(pageRequest("/en/for-tenant", {}, "HEAD"), renderedAnswer())).toBe("adres; fwd=miss");
    const base = await serveFrom(cache);
    for (const path of ["/regulamin", "/kontakt", "/platnosc/abc", "/dla-najemcy", "/en/for-tenant"]) {
      expect(await (await fetch(base + path)).text(), path).toBe("rendered by Remix");
    }
  });

  it("forgets a page after its time, and keeps nothing when turned off", async () => {
    let clock = 1_000_000;
    const cache = createPageCache({ ttlSeconds: 60, now: () => clock });
    cache.remember(pageRequest("/en"), renderedAnswer());
    const base = await serveFrom(cache);
    clock += 59_000;
    expect((await fetch(`${base}/en`)).status).toBe(200);
    clock += 2_000;
    expect(await (await fetch(`${base}/en`)).text()).toBe("rendered by Remix");

    const off = createPageCache({ ttlSeconds: 0 });
    expect(off.remember(pageRequest("/en"), renderedAnswer())).toBe("adres; fwd=bypass; detail=off");
    expect(off.enabled).toBe(false);
  });
});
