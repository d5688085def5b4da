import { Agent, createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { P24_NOTIFICATION_PATH } from "~/payments/paths";
import { createRequestScreen } from "./request-guard.server";

const screenRequest = createRequestScreen({ rateLimits: null, checkDatabase: async () => undefined, hsts: false, trustedProxies: 0 });

/** A real HTTP server that screens each request, then answers 200 and counts the body it read. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(async (request, response) => {
    if (await screenRequest(request, response)) return;
    let size = 0;
    request.on("data", (chunk: Buffer) => (size += chunk.length));
    request.on("end", () => response.writeHead(200).end(`read ${size}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, headers: Record<string, string>, body = "", path = "/zamowienie-oswiadczenia"): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${path}`, { method, headers }, (incoming) => {
      let text = "";
      incoming.on("data", (chunk) => (text += chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, text }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

describe("the request screen", () => {
  it("refuses a POST from another site or from an opaque origin with 403, and no stack trace", async () => {
    for (const origin of ["null", "http://evil.example", "https://127.0.0.1.evil.example"]) {
      const answer = await send("POST", { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, "intent=accept");
      expect(answer.status, origin).toBe(403);
      expect(answer.text).not.toMatch(/at |Error/);
    }
    expect((await send("POST", { "Sec-Fetch-Site": "cross-site" }, "intent=accept")).status).toBe(403);
    expect((await send("POST", { Referer: "http://evil.example/form" }, "intent=accept")).status).toBe(403);
  });

  it("lets our own pages and clients without a browser's headers through", async () => {
    const host = new URL(base).host;
    expect((await send("POST", { Origin: base, Host: host }, "a=1")).status).toBe(200);
    expect((await send("POST", { "Sec-Fetch-Site": "same-origin" }, "a=1")).status).toBe(200);
    expect((await send("POST", {}, "a=1")).status).toBe(200);
    expect((await send("GET", { Origin: "http://evil.example" })).status).toBe(200);
  });

  it("lets the payment gateway's notification in from another site, and only that path; its body limit still applies", async () => {
    const crossSite = { Origin: "https://sandbox.przelewy24.pl", "Content-Type": "application/json" };
    expect((await send("POST", crossSite, "{}", P24_NOTIFICATION_PATH)).status).toBe(200);
    expect((await send("POST", crossSite, "{}", `${P24_NOTIFICATION_PATH}/other`)).status).toBe(403);
    expect((await send("POST", crossSite, "{}", `/en${P24_NOTIFICATION_PATH}`)).status).toBe(403);
    expect((await send("POST", { ...crossSite, Connection: "close", "Content-Length": String(20 * 1024 * 1024) }, "", P24_NOTIFICATION_PATH)).status).toBe(413);
  });

  it("answers 413 to a body declared over 64 KiB without reading it", async () => {
    const answer = await send("POST", { "Content-Length": String(20 * 1024 * 1024) });
    expect(answer.status).toBe(413);
  });

  it("keeps the connection of a 413'd body that ends, so the next request on it is answered", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // Sends the body in two parts, `pauseMs` apart, on the agent's one kept-alive socket.
      const viaAgent = (body: string, pauseMs = 0) =>
        new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
          const outgoing = httpRequest(`${base}/zamowienie-oswiadczenia`, { method: "POST", agent, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) } }, (incoming) => {
            incoming.resume();
            incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, socket: outgoing.socket }));
          });
          outgoing.on("error", reject);
          outgoing.write(body.slice(0, 2));
          setTimeout(() => outgoing.end(body.slice(2)), pauseMs);
        });
      const first = await viaAgent(`a=${"x".repeat(70_000)}`);
      expect(first.status).toBe(413);
      // The next request is still being sent when the screen's 3-second lingering close would
      // fire: it used to destroy this reused socket under it ("connection reset").
      const second = await viaAgent("a=1", 3_300);
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  }, 10_000);
});
