import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, pageCacheKeyOf, preferredEncoding } from "./page-cache.server";

const NONCE = "rendered+nonce/AAAA==";
const PAGE = `<!doctype html><html><head><script nonce="${NONCE}">1</script></head><body>Strona główna<script nonce="${NONCE}" type="module">2</script></body></html>`;

function renderedAnswer(overrides: { status?: number; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": `script-src 'self' 'nonce-${NONCE}'`, ...overrides.headers });
  return { status: overrides.status ?? 200, headers, body: Buffer.from(PAGE, "utf8"), nonce: NONCE };
}

const pageRequest = (path: string, headers: Record<string, string> = {}, method = "GET") => new Request(`http://127.0.0.1${path}`, { method, headers });

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real HTTP server that answers from the cache, or 404 "rendered by Remix" when the cache passes. */
async function serveFrom(cache: ReturnType<typeof createPageCache>) {
  let nonces = 0;
  server = createServer((request, response) => {
    const served = cache.serve(request, response, () => `fresh-nonce-${++nonces}`);
    if (served === false) {
      response.writeHead(404).end("rendered by Remix");
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("pageCacheKeyOf", () => {
  it("keys a GET without query by its path and its consent cookie's raw value", () => {
    expect(pageCacheKeyOf("GET", "/", null)).toBe("/\n");
    expect(pageCacheKeyOf("GET", "/", "consent=abc")).toBe("/\nabc");
    expect(pageCacheKeyOf("GET", "/uk", " consent=abc ; ")).toBe("/uk\nabc");
  });

  it("refuses anything that may carry the visitor's own state", () => {
    expect(pageCacheKeyOf("POST", "/", null)).toBeNull();
    expect(pageCacheKeyOf("HEAD", "/", null)).toBeNull();
    expect(pageCacheKeyOf("GET", "/?cookie-settings=1", null)).toBeNull();
    expect(pageCacheKeyOf("GET", "/", "consent=abc; _fbp=fb.1.2")).toBeNull();
    expect(pageCacheKeyOf("GET", "/", "placed-order=xyz")).toBeNull();
    expect(pageCacheKeyOf("GET", "/", "consent=a; consent=b")).toBeNull();
    expect(pageCacheKeyOf("GET", "/", `consent=${"x".repeat(201)}`)).toBeNull();
  });
});

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding(undefined)).toBe("identity");
    expect(preferredEncoding("*")).toBe("gzip");
  });
});

describe("createPageCache", () => {
  it("answers a shared page again with a fresh nonce in the document and in the CSP, compressed", async () => {
    const cache = createPageCache({ ttlSeconds: 60 });
    cache.remember(pageRequest("/"), renderedAnswer());
    const base = await serveFrom(cache);

    const first = await fetch(`${base}/`, { headers: { "Accept-Encoding": "br" } });
    const second = await fetch(`${base}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(first.headers.get("vary")).toBe("Accept-Encoding");
    expect(first.headers.get("content-security-policy")).toBe("script-src 'self' 'nonce-fresh-nonce-1'");
    expect(second.headers.get("content-security-policy")).toBe("script-src 'self' 'nonce-fresh-nonce-2'");
    const text = await first.text();
    expect(text).toBe(PAGE.replaceAll(NONCE, "fresh-nonce-1"));
    expect(await second.text()).toBe(PAGE.replaceAll(NONCE, "fresh-nonce-2"));
  });

  it("sends the bytes compressed as announced", async () => {
    const cache = createPageCache({ ttlSeconds: 60 });
    cache.remember(pageRequest("/"), renderedAnswer());
    const base = await serveFrom(cache);
    const { request } = await import("node:http");
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(`${base}/`, { headers: { "Accept-Encoding": encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    const br = await raw("br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString("utf8")).toContain("Strona główna");
    const gzipped = await raw("gzip");
    expect(gzipped.encoding).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString("utf8")).toContain("Strona główna");
    const plain = await raw("identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain("Strona główna");
  });

  it("keeps each consent choice apart, and never answers a request with other cookies or a query", async () => {
    const cache = createPageCache({ ttlSeconds: 60 });
    cache.remember(pageRequest("/", { Cookie: "consent=accepted-value" }), renderedAnswer());
    const base = await serveFrom(cache);
    expect((await fetch(`${base}/`, { headers: { Cookie: "consent=accepted-value" } })).status).toBe(200);
    expect(await (await fetch(`${base}/`)).text()).toBe("rendered by Remix");
    expect(await (await fetch(`${base}/`, { headers: { Cookie: "consent=rejected-value" } })).text()).toBe("rendered by Remix");
    expect(await (await fetch(`${base}/`, { headers: { Cookie: "consent=accepted-value; session=1" } })).text()).toBe("rendered by Remix");
    expect(await (await fetch(`${base}/?utm_source=x`, { headers: { Cookie: "consent=accepted-value" } })).text()).toBe("rendered by Remix");
  });

  it("keeps only a 200 of a shared page that sets no cookie", async () => {
    const cache = createPageCache({ ttlSeconds: 60 });
    cache.remember(pageRequest("/regulamin"), renderedAnswer({ status: 500 }));
    cache.remember(pageRequest("/kontakt"), renderedAnswer({ headers: { "Set-Cookie": "flash=1" } }));
    cache.remember(pageRequest("/zamowienie-oswiadczenia"), renderedAnswer());
    cache.remember(pageRequest("/platnosc/abc"), renderedAnswer());
    cache.remember(pageRequest("/dla-najemcy", {}, "POST"), renderedAnswer());
    const base = await serveFrom(cache);
    for (const path of ["/regulamin", "/kontakt", "/zamowienie-oswiadczenia", "/platnosc/abc", "/dla-najemcy"]) {
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
    off.remember(pageRequest("/en"), renderedAnswer());
    expect(off.enabled).toBe(false);
  });
});
