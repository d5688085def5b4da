#!/usr/bin/env node
// Fault check for oversized bodies on the production build over real HTTP on 127.0.0.1:
// 10 concurrent 20 MB POSTs to /consent and to /tracking/event, once with a declared
// Content-Length and once streamed (chunked, no length). Each must get 413 quickly, the
// server's resident memory (VmRSS from /proc/<pid>/status) must stay low, and a page must
// still load right after. Exits non-zero when a check fails.
// Usage: npm run build && node scripts/fault-bodies.js   (FAULT_PORT, default 3611)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.env.FAULT_PORT ?? 3611);
const base = `http://127.0.0.1:${port}`;
const BODY_BYTES = 20 * 1024 * 1024;
const CONCURRENT = 10;
const MAX_SECONDS_PER_BURST = 5;
const MAX_RSS_GROWTH_MB = 100;
const databasePath = join(mkdtempSync(join(tmpdir(), "adres-fault-")), "fault.db");

// The server build run by node itself, so server.pid is the process whose memory we read.
const server = spawn(process.execPath, ["./build/index.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    SITE_URL: base,
    DATABASE_PATH: databasePath,
    RATE_LIMIT_DISABLED: "1",
  },
  stdio: "ignore",
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

function rssMegabytes() {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "NaN");
  return kilobytes / 1024;
}

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not start");
}

/**
 * Sends up to BODY_BYTES in 64 KiB chunks on a raw socket until the server answers, and
 * resolves with the status line's code and how much was written. A raw socket, because
 * the server closes the connection after its 413 while the client is still writing, and
 * Node's HTTP client then reports the write error instead of the answer it had received.
 */
function postHugeBody(path, { declareLength }) {
  return new Promise((resolve) => {
    const started = performance.now();
    let written = 0;
    let received = "";
    let settled = false;
    const socket = connect(port, "127.0.0.1");
    const finish = () => {
      if (settled) return;
      settled = true;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve({ status: status ? Number(status) : "no answer", written, ms: performance.now() - started });
      socket.destroy();
    };
    socket.on("data", (data) => {
      received += data.toString("latin1");
      if (received.includes("\r\n\r\n")) finish();
    });
    socket.on("error", () => undefined);
    socket.on("close", finish);
    const lengthHeader = declareLength ? `Content-Length: ${BODY_BYTES}` : "Transfer-Encoding: chunked";
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/x-www-form-urlencoded\r\n${lengthHeader}\r\n\r\n`,
    );
    const payload = Buffer.alloc(64 * 1024, "a");
    const chunk = declareLength
      ? payload
      : Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from("\r\n")]);
    const writeMore = () => {
      while (!settled && !socket.destroyed && written < BODY_BYTES) {
        written += payload.length;
        if (!socket.write(chunk)) return socket.once("drain", writeMore);
      }
      if (!settled && !socket.destroyed && !declareLength) socket.write("0\r\n\r\n");
    };
    writeMore();
  });
}

let failed = false;
function check(condition, message) {
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
  if (!condition) failed = true;
}

await waitForServer();
await fetch(`${base}/`); // warm up the document path before measuring
const rssBefore = rssMegabytes();
console.log(`server pid ${server.pid}, VmRSS before: ${rssBefore.toFixed(1)} MB`);
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, rssMegabytes())), 20);

for (const path of ["/consent", "/tracking/event"]) {
  for (const declareLength of [true, false]) {
    const label = `${CONCURRENT} x 20 MB to ${path}, ${declareLength ? "Content-Length declared" : "streamed without length"}`;
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: CONCURRENT }, () => postHugeBody(path, { declareLength })));
    const seconds = (performance.now() - started) / 1000;
    const statuses = results.map((result) => result.status);
    const sentMb = results.reduce((sum, result) => sum + result.written, 0) / 1024 / 1024;
    check(
      statuses.every((status) => status === 413),
      `${label}: statuses ${[...new Set(statuses)].join(",")}, ${seconds.toFixed(2)} s, ${sentMb.toFixed(1)} MB written by the client before the answer`,
    );
    check(seconds < MAX_SECONDS_PER_BURST, `${label}: answered within ${MAX_SECONDS_PER_BURST} s`);
  }
}

clearInterval(sampler);
const rssAfter = rssMegabytes();
console.log(`VmRSS after: ${rssAfter.toFixed(1)} MB, peak while sending: ${peak.toFixed(1)} MB`);
check(peak - rssBefore < MAX_RSS_GROWTH_MB, `memory grew by ${(peak - rssBefore).toFixed(1)} MB at most (limit ${MAX_RSS_GROWTH_MB} MB)`);

const pageStarted = performance.now();
const page = await fetch(`${base}/en/blog`);
check(page.status === 200, `a page still loads right after: ${page.status} in ${(performance.now() - pageStarted).toFixed(0)} ms`);

stop();
process.exit(failed ? 1 : 0);
