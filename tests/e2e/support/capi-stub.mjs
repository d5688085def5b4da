#!/usr/bin/env node
// A stand-in for Meta's Conversions API, bound to 127.0.0.1 only, for the browser tests.
// POST /<version>/<pixel>/events  records the request and answers like the API (200).
// GET /__events                   every recorded request: [{ path, body }]
// DELETE /__events                forgets them
// POST /__behaviour {match, respond: "error" | "hang"}  requests whose body contains `match`
//                                 (a test's own user-agent token) get a 500 or no answer at all.
// GET /__health                   for Playwright's webServer readiness check.
// Each recorded request says when the client stopped waiting for its answer ("closedAt", epoch
// ms, null while it still waits): a hanging request stays open until the client gives up.
import { createServer } from "node:http";

const port = Number(process.env.CAPI_STUB_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2);
let recorded = [];
let behaviours = [];

function readBody(request) {
  return new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function send(response, status, body) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
  const text = await readBody(request);
  if (url.pathname === "/__health") return send(response, 200, { ok: true });
  if (url.pathname === "/__events" && request.method === "GET") return send(response, 200, recorded);
  if (url.pathname === "/__events" && request.method === "DELETE") {
    recorded = [];
    return send(response, 200, { ok: true });
  }
  if (url.pathname === "/__behaviour" && request.method === "POST") {
    behaviours.push(JSON.parse(text));
    return send(response, 200, { ok: true });
  }
  if (request.method === "POST" && /^\/v\d+\.\d+\/[^/]+\/events$/.test(url.pathname)) {
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return send(response, 400, { error: { message: "Invalid JSON" } });
    }
    const entry = { path: url.pathname, body, closedAt: null };
    recorded.push(entry);
    response.on("close", () => (entry.closedAt = Date.now()));
    const behaviour = behaviours.find(({ match }) => text.includes(match));
    if (behaviour?.respond === "hang") return; // never answers; the client must time out
    if (behaviour?.respond === "error") return send(response, 500, { error: { message: "stand-in failure" } });
    return send(response, 200, { events_received: Array.isArray(body.data) ? body.data.length : 0, fbtrace_id: "stand-in" });
  }
  return send(response, 404, { error: { message: "Not found" } });
});

server.listen(port, "127.0.0.1", () => console.log(`Conversions API stand-in on http://127.0.0.1:${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
