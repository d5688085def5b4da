import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "node:net";
import { createRequestHandler } from "@remix-run/express";
import { createCookie, type ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/db.server";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALES } from "~/i18n/locales";
import { homePath, pathFor } from "~/i18n/routes";
import { createPageCache } from "~/server/page-cache.server";
import { createHttpServer } from "./http-server.server";
import { INPOST_WEBHOOK_PATH, P24_NOTIFICATION_PATH, P24_REFUND_NOTIFICATION_PATH } from "./provider-paths";
import { originScreen } from "./origin-screen.server";
import { rateLimitsFor, type RateLimits } from "./rate-limits.server";
import { createServerApp, type ServerAppOptions } from "./server-app.server";

const SITE = "https://adres.example";

/** What the stand-in for Remix saw of each request that reached it. */
type Reached = { method: string; url: string; host: string | undefined; forwardedHost: string | undefined; origin: string | undefined };

/** The smallest app Remix runs: every path renders as the URL Remix was handed, so a test sees what Remix's Express adapter made of a request. */
const URL_ECHO_BUILD = {
  mode: "production",
  entry: {
    module: { default: (request: Request, status: number, headers: Headers) => new Response(`<p>${request.url}</p>`, { status, headers }) },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    page: { id: "page", parentId: "root", path: "*", module: { default: () => null } },
  },
  assets: {
    entry: { module: "/build/entry.js", imports: [] },
    routes: { root: { id: "root", module: "/build/root.js" }, page: { id: "page", parentId: "root", path: "*", module: "/build/page.js" } },
    url: "/build/manifest.js",
    version: "1",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

let servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  servers = [];
});

function publicFiles() {
  const root = mkdtempSync(join(tmpdir(), "server-app-"));
  mkdirSync(join(root, "public", "build"), { recursive: true });
  writeFileSync(join(root, "public", "build", "entry-ABC123.js"), "console.log(1)");
  writeFileSync(join(root, "public", "favicon.svg"), "<svg/>");
  return {
    publicPath: "/build/",
    assetsBuildDirectory: join(root, "public", "build"),
    publicDirectory: join(root, "public"),
    databasePath: join(root, "app.db"),
  };
}

/** The real server layer with real SQLite rate limits, the budgets it asked for recorded, and a stand-in for Remix. */
async function startLayer(overrides: Partial<ServerAppOptions> = {}) {
  const files = publicFiles();
  // The counters' table comes with the app's migrations.
  await (await openDatabase({ sqlitePath: files.databasePath })).destroy();
  const limits = rateLimitsFor({ sqlitePath: files.databasePath });
  const budgets: string[] = [];
  const rateLimits: RateLimits = { check: (budget, client) => (budgets.push(`${budget} ${client}`), limits.check(budget, client)) };
  const reached: Reached[] = [];
  const remix: RequestHandler = (request, response) => {
    reached.push({
      method: request.method,
      url: request.originalUrl,
      host: request.headers.host,
      forwardedHost: request.get("x-forwarded-host"),
      origin: request.get("origin"),
    });
    response.status(200).type("text/html").send("<p>rendered</p>".repeat(200));
  };
  const app = createServerApp({
    remix,
    checkDatabase: async () => undefined,
    siteUrl: SITE,
    allowedOrigins: new Set([SITE]),
    trustedProxies: 0,
    rateLimits,
    rateLimitExempt: new Set(),
    pageCache: createPageCache({ ttlSeconds: 60 }),
    createNonce: () => "nonce",
    activity: { track: () => undefined },
    files,
    pathTemplate: () => "*",
    ...overrides,
  });
  const server = createHttpServer(app, { connectionsPerAddress: 50 });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reached, budgets, server };
}

/** Bytes written on a socket as they are, for request lines no HTTP client would send; the status line and body come back. */
function rawSocket(base: string, bytes: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
  });
}

/** A raw request, so that Host and Content-Length are exactly what a proxy or an attacker would send. */
function raw(
  base: string,
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const length = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
    const request = httpRequest(`${base}${path}`, { method, headers: { ...length, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("the server layer in front of Remix", () => {
  it("answers PUT, PATCH, DELETE and other methods with 405 and Allow before Remix; the API in JSON", async () => {
    const { base, reached } = await startLayer();
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"]) {
      const page = await raw(base, "/en/order-declaration", {
        method,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=accept",
      });
      expect(page.status, method).toBe(405);
      expect(page.headers.allow).toBe("GET, HEAD, POST");
      const api = await raw(base, "/api/accept", { method, headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(api.status, method).toBe(405);
      expect(api.headers.allow).toBe("POST");
      expect(api.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(api.body)).toMatchObject({ success: false });
    }
    expect(reached).toEqual([]);
  });

  it("serves static files before the limits, with a year's cache for the build's assets, and never counts them", async () => {
    const { base, budgets, reached } = await startLayer();
    const asset = await raw(base, "/build/entry-ABC123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const favicon = await raw(base, "/favicon.svg", { method: "HEAD" });
    expect(favicon.status).toBe(200);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await raw(base, "/build/missing-XYZ.js")).status).toBe(404);
    expect((await raw(base, "/healthz")).body).toBe("ok");
    expect(budgets).toEqual([]);
    expect(reached).toEqual([]);
  });

  it("counts HEAD against the reading budget and every POST against the writing one", async () => {
    const { base, budgets } = await startLayer();
    await raw(base, "/en", { method: "HEAD" });
    await raw(base, "/en");
    await raw(base, "/en/contact", { method: "POST", headers: { Origin: SITE }, body: "" });
    expect(budgets).toEqual(["GET 127.0.0.1", "GET 127.0.0.1", "POST 127.0.0.1"]);
  });

  it("refuses past the writing budget with 429, and never counts an exempt address", async () => {
    const { base } = await startLayer();
    const statuses: number[] = [];
    for (let index = 0; index < 31; index++) statuses.push((await raw(base, "/api/preview", { method: "POST", body: "{}" })).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await raw(base, "/healthz")).status).toBe(200);

    const exempt = await startLayer({ rateLimitExempt: new Set(["127.0.0.1"]) });
    for (let index = 0; index < 31; index++)
      expect((await raw(exempt.base, "/api/preview", { method: "POST", body: "{}" })).status).toBe(200);
    expect(exempt.budgets).toEqual([]);
  });

  it("past the writing budget, lets a message form's POST reach its route marked as over the limit, so the route keeps the typed text (decision 086)", async () => {
    const marks: { url: string; rateLimited: unknown }[] = [];
    const { base } = await startLayer({
      remix: (request, response) => {
        marks.push({ url: request.originalUrl, rateLimited: response.locals.rateLimited ?? null });
        response.status(200).type("text/html").send("<p>rendered</p>");
      },
    });
    for (let index = 0; index < 30; index++) expect((await raw(base, "/api/preview", { method: "POST", body: "{}" })).status).toBe(200);
    const form = { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "message=Pytanie" };
    expect((await raw(base, "/uk/contact", form)).status).toBe(200);
    expect((await raw(base, "/platnosc/abcdefghijklmnopqrstuvwxyz012345", form)).status).toBe(200);
    // Every other form is still refused here.
    expect((await raw(base, "/zamow-oswiadczenie", form)).status).toBe(429);
    expect(
      marks.slice(30).map((mark) => [mark.url, (mark.rateLimited as { retryAfterSeconds?: number } | null)?.retryAfterSeconds]),
    ).toEqual([
      ["/uk/contact", expect.any(Number)],
      ["/platnosc/abcdefghijklmnopqrstuvwxyz012345", expect.any(Number)],
    ]);
    // Within the budget nothing is marked.
    expect(marks.slice(0, 30).every((mark) => mark.rateLimited === null)).toBe(true);
  });

  it("counts a declaration's lookup by its address (the QR code's link) against the writing budget, as the form's POST is", async () => {
    const { base, budgets } = await startLayer();
    const statuses: number[] = [];
    for (let index = 0; index < 30; index++) statuses.push((await raw(base, `/weryfikacja/7KQ4-M2XD-${1000 + index}`)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await raw(base, "/uk/verify/7KQ4-M2XD-9TRW")).status).toBe(429);
    expect((await raw(base, "/weryfikacja", { method: "POST", headers: { Origin: SITE }, body: "code=x" })).status).toBe(429);
    // The page with the form, and every other page, still read from the reading budget.
    expect((await raw(base, "/weryfikacja")).status).toBe(200);
    expect(budgets.at(-1)).toBe("GET 127.0.0.1");
  });

  it("counts the providers' notifications against a budget of their own: a busy hour of webhooks loses none, the forms keep 30", async () => {
    const { base, budgets } = await startLayer();
    const webhook = () => raw(base, INPOST_WEBHOOK_PATH, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const statuses: number[] = [];
    for (let index = 0; index < 45; index++) statuses.push((await webhook()).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await raw(base, P24_NOTIFICATION_PATH, { method: "POST", body: "{}" })).status).toBe(200);
    expect(budgets.filter((budget) => budget === "PROVIDER 127.0.0.1")).toHaveLength(46);
    // The same address's form posts have their own 30, untouched by the notifications.
    for (let index = 0; index < 30; index++) expect((await raw(base, "/api/preview", { method: "POST", body: "{}" })).status).toBe(200);
    expect((await raw(base, "/api/preview", { method: "POST", body: "{}" })).status).toBe(429);
  });

  it("answers an absolute-form request line (GET http://host/path) as the path it names, through Remix's own adapter", async () => {
    const { base } = await startLayer({ remix: createRequestHandler({ build: URL_ECHO_BUILD }) });
    const line = (target: string) => `GET ${target} HTTP/1.1\r\nHost: adres.example\r\nConnection: close\r\n\r\n`;
    const absolute = await rawSocket(base, line("http://adres.example/en/contact?x=1"));
    expect(absolute.status).toBe(200);
    // Remix sees SITE_URL's origin and the path, whatever host the request line named.
    expect(absolute.text).toContain("<p>http://adres.example/en/contact?x=1</p>");
    const bare = await rawSocket(base, line("HTTP://elsewhere.example:8080"));
    expect(bare.status).toBe(200);
    expect(bare.text).toContain("<p>http://adres.example/</p>");
    const asterisk = await rawSocket(base, line("*"));
    expect(asterisk.status).toBe(400);
    expect(asterisk.text).toContain("400 Bad Request");
  });

  it("refuses a form from outside the site with a short page in the path's language that links to the site itself; the API in JSON", async () => {
    const { base, reached } = await startLayer();
    const fromCopy = { method: "POST", headers: { Origin: "https://adres-example.translate.goog" }, body: "intent=preview" };
    for (const locale of LOCALES) {
      const path = pathFor("order", locale);
      const refused = await raw(base, path, fromCopy);
      const t = fixedT(locale, "error");
      expect(refused.status, path).toBe(403);
      expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(refused.body).toContain(`<html lang="${locale}">`);
      expect(refused.body).toContain(`<h1>${t("crossSite.heading")}</h1>`);
      expect(refused.body).toContain(`<a href="${SITE}${homePath(locale)}">${t("crossSite.home")}</a>`);
    }
    const api = await raw(base, "/api/accept", { ...fromCopy, headers: { ...fromCopy.headers, "Content-Type": "application/json" } });
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body)).toEqual({ success: false, error: fixedT("pl", "error")("crossSite.text") });
    expect(reached).toEqual([]);
  });

  it("screens Origin against SITE_URL, never Host, and hands Remix SITE_URL's host", async () => {
    const { base, reached } = await startLayer();
    const fromProxy = await raw(base, "/admin/login", {
      method: "POST",
      headers: { Host: "backend:8080", Origin: SITE, "X-Forwarded-Host": "other.example" },
      body: "",
    });
    expect(fromProxy.status).toBe(200);
    expect(reached.at(-1)).toMatchObject({ method: "POST", host: "adres.example", forwardedHost: undefined, origin: SITE });

    // A client that names itself the host gains nothing.
    const forged = await raw(base, "/admin/login", {
      method: "POST",
      headers: { Host: "evil.example", Origin: "http://evil.example" },
      body: "",
    });
    expect(forged.status).toBe(403);
    expect((await raw(base, "/consent", { method: "POST", headers: { Origin: "null" }, body: "" })).status).toBe(403);
    expect(
      (await raw(base, "/consent", { method: "POST", headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" }, body: "" })).status,
    ).toBe(403);
    expect((await raw(base, "/consent", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" }, body: "" })).status).toBe(403);
    expect(reached).toHaveLength(1);

    // A form on one of our no-referrer pages: the browser sends "Origin: null" and Sec-Fetch-Site: same-origin.
    const noReferrerPage = await raw(base, "/admin/login", {
      method: "POST",
      headers: { Origin: "null", "Sec-Fetch-Site": "same-origin" },
      body: "",
    });
    expect(noReferrerPage.status).toBe(200);
    expect(reached.at(-1)).toMatchObject({ host: "adres.example", origin: undefined });
  });

  it("answers a declared oversized body with 413 every time, JSON for the API, without a connection reset", async () => {
    const { base, reached } = await startLayer();
    const body = Buffer.alloc(100 * 1024, "a");
    for (let attempt = 0; attempt < 9; attempt++) {
      const api = await raw(base, "/api/accept", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(body.length) },
        body,
      });
      expect(api.status).toBe(413);
      expect(JSON.parse(api.body)).toMatchObject({ success: false });
    }
    const form = await raw(base, "/en/order-declaration", { method: "POST", headers: { "Content-Length": String(body.length) }, body });
    expect(form.status).toBe(413);
    expect(form.body).toContain("413");
    expect(reached).toEqual([]);

    // The bank statement's form carries a file: its route reads it within its own limit and says what was too large.
    const statement = await raw(base, "/admin/bank-statements", {
      method: "POST",
      headers: { "Content-Length": String(body.length) },
      body,
    });
    expect(statement.status).toBe(200);
    expect(reached).toHaveLength(1);
  });

  it("never keeps a page under a consent its request did not render with, whatever consent cookies it repeats", async () => {
    const pageCache = createPageCache({ ttlSeconds: 60 });
    const consent = createCookie("consent");
    // Renders as the app does: the consent Remix reads (the first cookie of the name) decides the banner.
    const remix: RequestHandler = (request, response) => {
      void (async () => {
        const url = `${SITE}${request.originalUrl}`;
        const choice: unknown = await consent.parse(request.headers.cookie ?? null).catch(() => null);
        const body = Buffer.from(choice === "accepted" ? "<p>no banner</p>" : "<p>cookie banner</p>");
        const headers = new Headers({ "Content-Type": "text/html" });
        const cacheStatus = pageCache.remember(new Request(url, { headers: { Cookie: request.headers.cookie ?? "" } }), {
          status: 200,
          headers,
          body,
          nonce: "n1",
          shareable: true,
        });
        response.status(200).set({ "Content-Type": "text/html", "Cache-Status": cacheStatus }).end(body);
      })();
    };
    const { base } = await startLayer({ remix, pageCache });
    const accepted = (await consent.serialize("accepted")).split(";")[0]!;
    const forged = await raw(base, "/en", { headers: { Cookie: `consent=; ${accepted}` } });
    expect(forged.body).toBe("<p>cookie banner</p>");
    expect(forged.headers["cache-status"]).toBe("adres; fwd=bypass; detail=cookie");
    for (const attempt of [1, 2]) {
      const visitor = await raw(base, "/en", { headers: { Cookie: accepted } });
      expect(visitor.body, `visit ${attempt}`).toBe("<p>no banner</p>");
    }
  });

  it("compresses pages, refusals and cached pages alike, and says what the cache did", async () => {
    const rendered = createPageCache({ ttlSeconds: 60 });
    const request = new Request(`${SITE}/en`);
    const document = Buffer.from(`<html><script nonce="n1"></script>${"<p>cached</p>".repeat(200)}</html>`);
    rendered.remember(request, {
      status: 200,
      headers: new Headers({ "Content-Type": "text/html" }),
      body: document,
      nonce: "n1",
      shareable: true,
    });
    const { base, reached } = await startLayer({ pageCache: rendered });
    const hit = await raw(base, "/en", { headers: { "Accept-Encoding": "gzip" } });
    expect(hit.headers["cache-status"]).toBe("adres; hit");
    expect(hit.headers["content-encoding"]).toBe("gzip");
    const head = await raw(base, "/en", { method: "HEAD" });
    expect(head.headers["cache-status"]).toBe("adres; hit");
    expect(head.body).toBe("");
    const page = await raw(base, "/en/contact", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(reached.map((entry) => entry.url)).toEqual(["/en/contact"]);
  });
});

describe("originScreen's exemptions", () => {
  it("lets Przelewy24's notification paths (payments and refunds) take cross-site POSTs, and nothing else", async () => {
    const { default: express } = await import("express");
    const app = express();
    app.use(originScreen({ allowedOrigins: new Set([SITE]), siteUrl: SITE }));
    app.use((request, response) => void response.json({ origin: request.get("origin") ?? null }));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise<void>((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const path of [P24_NOTIFICATION_PATH, P24_REFUND_NOTIFICATION_PATH]) {
      const notified = await raw(base, path, { method: "POST", headers: { Origin: "https://payments.example" }, body: "" });
      expect(notified.status).toBe(200);
      // Remix would refuse a foreign Origin itself: the exempt path reaches it without one.
      expect(JSON.parse(notified.body)).toEqual({ origin: null });
    }
    expect((await raw(base, "/api/accept", { method: "POST", headers: { Origin: "https://payments.example" }, body: "" })).status).toBe(
      403,
    );
  });
});
