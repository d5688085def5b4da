// The declaration's verification page (issue 49, docs/decisions/089): does its answer's time tell a
// known code from an unknown one? On a fresh SQLite file with BENCH_VERIFY_ORDERS paid orders, the
// production build answers `/weryfikacja/{code}` for known and unknown codes, asked for in turn (a
// known one, then an unknown one, and so on, so that a busy moment of the machine falls on both);
// the client's time per answer, from the request to the whole body read.
// Prints the medians and their ratio (the issue asks for the two within 20 % at the median); exits 1
// when they are further apart. Never a timed test: a busy machine moves both sides.
// Usage: npm run build && npm run bench:verify
//   BENCH_VERIFY_PORT (default 3842), BENCH_VERIFY_ORDERS (300), BENCH_VERIFY_LOOKUPS (300 of each).
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "~/db/db.server";
import { codeFrom, formatCode } from "~/order/declaration-code";
import { placeSampleOrder } from "../tests/support/sample-order";
import { ms, percentile, startServer, waitForServer } from "./bench-orders.js";

const port = Number(process.env.BENCH_VERIFY_PORT ?? 3842);
const orderCount = Number(process.env.BENCH_VERIFY_ORDERS ?? 300);
const lookups = Number(process.env.BENCH_VERIFY_LOOKUPS ?? 300);
const WARM_UP = 30;
const TOLERANCE = 0.2;

const directory = mkdtempSync(join(tmpdir(), "bench-verify-"));
const db = await openDatabase({ sqlitePath: join(directory, "bench.db") });
const placedAt = new Date();
const known: string[] = [];
for (let index = 0; index < orderCount; index++) {
  const { order } = await placeSampleOrder(db, placedAt, { idempotencyKey: `bench-verify-${index}` });
  await db
    .updateTable("orders")
    .set({ status: "paid", paid_at: placedAt.toISOString().slice(0, 10) })
    .where("id", "=", order.id)
    .execute();
  const row = await db.selectFrom("declaration_codes").select("code").where("order_id", "=", order.id).executeTakeFirstOrThrow();
  known.push(row.code);
}
await db.destroy();
const knownSet = new Set(known);
const unknown = Array.from({ length: lookups }, () => codeFrom(randomInt)).filter((code) => !knownSet.has(code));

const server = startServer(port, directory);
try {
  await waitForServer(server.base);
  const clientTimes: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
  async function lookUp(kind: "known" | "unknown", code: string, record: boolean) {
    const started = performance.now();
    const response = await fetch(`${server.base}/weryfikacja/${formatCode(code)}`);
    const body = await response.text();
    const took = performance.now() - started;
    if (response.status !== 200) throw new Error(`${kind} code ${code}: ${response.status}`);
    const found = !body.includes("Nie znaleźliśmy takiego oświadczenia");
    if (found !== (kind === "known")) throw new Error(`${kind} code ${code} answered as ${found ? "known" : "unknown"}`);
    if (record) clientTimes[kind].push(took);
  }
  for (let index = 0; index < WARM_UP; index++) {
    await lookUp("known", known[index % known.length]!, false);
    await lookUp("unknown", unknown[index % unknown.length]!, false);
  }
  for (let index = 0; index < lookups; index++) {
    await lookUp("known", known[index % known.length]!, true);
    await lookUp("unknown", unknown[index % unknown.length]!, true);
  }
  const median = (values: number[]) => percentile(values, 0.5);
  const knownMedian = median(clientTimes.known);
  const unknownMedian = median(clientTimes.unknown);
  const ratio = knownMedian / unknownMedian;
  console.log(`\nVerification lookups over HTTP, ${lookups} of each, in turn, on ${orderCount} paid orders (SQLite):`);
  console.log(`  known code:   median ${ms(knownMedian)}, p90 ${ms(percentile(clientTimes.known, 0.9))}`);
  console.log(`  unknown code: median ${ms(unknownMedian)}, p90 ${ms(percentile(clientTimes.unknown, 0.9))}`);
  console.log(`  ratio known / unknown at the median: ${ratio.toFixed(3)} (goal: within ${TOLERANCE * 100} %)`);
  process.exitCode = Math.abs(ratio - 1) <= TOLERANCE ? 0 : 1;
} finally {
  await server.stop();
  rmSync(directory, { recursive: true, force: true });
}
