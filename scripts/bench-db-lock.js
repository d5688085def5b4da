#!/usr/bin/env node
// Shows that a held SQLite write lock does not stall the server (docs/decisions/008).
// Builds and starts the production server on a temp DATABASE_PATH, lets ANOTHER process hold
// the write lock (BEGIN IMMEDIATE) for 8 s, and meanwhile measures GET /robots.txt, GET / and
// GET /healthz latency (healthz reads on its own connection: it must not queue behind the
// waiting write) and one POST /api/accept, which has to wait for the lock but must not hold up the
// others; it must then succeed (or answer 503). Bounded: the whole run stops after 3 minutes.
// Usage: node scripts/bench-db-lock.js   (BENCH_PORT, default 3302; BENCH_SKIP_BUILD=1 to reuse ./build)
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.env.BENCH_PORT ?? 3302);
const base = `http://127.0.0.1:${port}`;
const databasePath = join(mkdtempSync(join(tmpdir(), "adres-lock-")), "bench.db");
const HOLD_MS = 8_000;

const watchdog = setTimeout(() => {
  console.error("bench-db-lock: gave up after 3 minutes");
  process.exit(2);
}, 180_000);

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync("npx", ["remix", "build"], { stdio: "inherit", timeout: 150_000 });
  if (build.status !== 0) process.exit(1);
}

const server = spawn(process.execPath, ["./build/index.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    SITE_URL: base,
    DATABASE_PATH: databasePath,
    DATABASE_URL: "",
  },
  stdio: "ignore",
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
};
process.on("exit", stop);

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not start");
}

/** Another process: takes the write lock, holds it HOLD_MS, commits. Prints "locked" once it holds it. */
function holdWriteLock() {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(databasePath)});
    db.exec("BEGIN IMMEDIATE");
    process.stdout.write("locked\\n");
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${HOLD_MS});
    db.exec("COMMIT");
    db.close();`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const locked = new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => code !== 0 && reject(new Error(`lock holder exited with ${code}`)));
  });
  const released = new Promise((resolve) => child.once("exit", resolve));
  return { locked, released };
}

async function timedGet(path) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const acceptBody = {
  imie_nazwisko_najemcy: "Lock Bench",
  imie_nazwisko_wynajmujacego: "Anna Nowak",
  email: "bench@example.com",
  telefon: "600100200",
  adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
  adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
  rodzaj_oswiadczenia: "regular",
  data_zawarcia: "2026-12-01",
  zgoda_na_przetwarzanie_danych: true,
  akceptacja_warunkow: true,
  zgoda_na_natychmiastowe_wykonanie: true,
};

const summary = (label, results) => {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const pick = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1);
  const statuses = [...new Set(results.map((r) => r.status))].join(",");
  console.log(
    `${label.padEnd(14)} n=${String(ms.length).padStart(3)}  p50=${pick(0.5)} ms  p95=${pick(0.95)} ms  max=${ms.at(-1).toFixed(1)} ms  status=${statuses}`,
  );
};

try {
  await waitForServer();
  await timedGet("/"); // warm up (and make sure the schema exists before the lock is taken)
  const holder = holdWriteLock();
  await holder.locked;
  const lockedAt = performance.now();

  const acceptStarted = performance.now();
  const accept = fetch(`${base}/api/accept`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": "lock-bench-1" },
    body: JSON.stringify(acceptBody),
  }).then(async (response) => ({ status: response.status, ms: performance.now() - acceptStarted, body: await response.text() }));

  const robots = [];
  const home = [];
  const health = [];
  while (performance.now() - lockedAt < HOLD_MS - 300) {
    robots.push(await timedGet("/robots.txt"));
    home.push(await timedGet("/"));
    health.push(await timedGet("/healthz"));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const acceptResult = await accept;
  await holder.released;

  console.log(`\nWrite lock held by another process for ${HOLD_MS} ms. While it was held:`);
  summary("GET /robots.txt", robots);
  summary("GET /", home);
  summary("GET /healthz", health);
  console.log(
    `POST /api/accept  status=${acceptResult.status}  took ${acceptResult.ms.toFixed(0)} ms (waited for the lock)  ${acceptResult.body.slice(0, 120)}`,
  );
  const stalled = [...robots, ...home, ...health].some((r) => r.ms > 1_000 || r.status !== 200);
  const acceptOk = acceptResult.status === 201 || acceptResult.status === 200 || acceptResult.status === 503;
  console.log(
    stalled || !acceptOk
      ? "RESULT: FAIL (a request stalled or the accept failed unclearly)"
      : "RESULT: OK (no request stalled; the accept waited and finished)",
  );
  process.exitCode = stalled || !acceptOk ? 1 : 0;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  stop();
}
