#!/usr/bin/env node
// Measures the order API on the production build over real HTTP: preview and accept
// latency, and that a burst of replays with one Idempotency-Key makes a single order.
// Usage: npm run build && npm run bench   (BENCH_PORT, default 3301; BENCH_REQUESTS, default 200)
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.env.BENCH_PORT ?? 3301);
const total = Number(process.env.BENCH_REQUESTS ?? 200);
const base = `http://127.0.0.1:${port}`;
const databasePath = join(mkdtempSync(join(tmpdir(), "adres-bench-")), "bench.db");

const server = spawn(process.execPath, ["./build/index.js"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", SITE_URL: base, DATABASE_PATH: databasePath },
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

const body = (i) => ({
  imie_nazwisko_najemcy: `Bench ${i}`,
  imie_nazwisko_wynajmujacego: "Anna Nowak",
  email: "bench@example.com",
  telefon: "600100200",
  adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
  adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
  rodzaj_oswiadczenia: i % 2 ? "regular" : "notarized",
  data_zawarcia: "2026-12-01",
  zgoda_na_przetwarzanie_danych: true,
  akceptacja_warunkow: true,
  zgoda_na_natychmiastowe_wykonanie: true,
});

async function timed(path, payload, headers = {}) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(payload),
  });
  const json = await response.json();
  return { ms: performance.now() - started, status: response.status, json };
}

async function run(label, count, concurrency, make) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const result = await make(i);
        if (result.status >= 500 || !result.json.success) throw new Error(`${label} ${i}: ${result.status} ${JSON.stringify(result.json)}`);
        times.push(result.ms);
      }
    }),
  );
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  console.log(
    `${label.padEnd(28)} n=${count} c=${concurrency}  p50 ${pct(50)} ms  p95 ${pct(95)} ms  ${(count / (elapsed / 1000)).toFixed(0)} req/s`,
  );
}

await waitForServer();
await run("POST /api/preview", total, 1, (i) => timed("/api/preview", body(i)));
await run("POST /api/accept (new)", total, 1, (i) => timed("/api/accept", body(i), { "Idempotency-Key": `seq-${i}` }));
await run("POST /api/accept (new)", total, 10, (i) => timed("/api/accept", body(i), { "Idempotency-Key": `par-${i}` }));
const replays = await Promise.all(Array.from({ length: 50 }, () => timed("/api/accept", body(0), { "Idempotency-Key": "one-key" })));
const urls = new Set(replays.map((result) => result.json.payment_url));
console.log(`50 concurrent replays, one key: ${urls.size} payment_url, ${replays.filter((r) => r.status === 201).length} created`);
stop();
process.exit(urls.size === 1 ? 0 : 1);
