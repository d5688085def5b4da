// Orders on PostgreSQL: how many a second one instance carries, then two instances behind the
// same database, with the client (its own process) sending orders to both in turn, as a
// round-robin load balancer would. Run by scripts/bench.js (BENCH_ONLY=instances) through
// scripts/run-ts.js, because the private cluster comes from the tests' support code.
// Usage: node scripts/run-ts.js scripts/bench-instances.ts <port>   (uses port and port + 1)
// Prints one JSON line: the rows for the bench's table.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPostgres } from "../tests/support/postgres";
import { ms, percentile, runClient, startServer, waitForServer } from "./bench-orders.js";

type Row = { target: string; goal: string; measured: string; pass: boolean | null };
type Server = ReturnType<typeof startServer>;

const port = Number(process.argv[2] ?? 3704);
const SESSIONS = 16;
const SECONDS = 10;
const rows: Row[] = [];

/** Orders a second from SESSIONS back-to-back sessions, after a short run that each instance gets alike. */
async function saturation(servers: Server[]) {
  const bases = servers.map((server) => server.base);
  await runClient({ bases, mode: "closed", concurrency: SESSIONS, seconds: 3 });
  const result = await runClient({ bases, mode: "closed", concurrency: SESSIONS, seconds: SECONDS });
  return {
    perSecond: result.accept.length / result.seconds,
    acceptP50: percentile(result.accept, 0.5),
    failures: result.failures.length,
    firstFailures: [...new Set(result.failures)].slice(0, 2).join("; "),
  };
}

const postgres = await startPostgres();
const servers: Server[] = [];
try {
  // Both instances must sign and check the same order tokens.
  const env = { DATABASE_URL: postgres.url, ORDER_TOKEN_SECRET: "bench-two-instances-secret-of-at-least-32-chars" };
  for (const offset of [0, 1]) servers.push(startServer(port + offset, mkdtempSync(join(tmpdir(), "adres-bench-pg-")), env));
  await Promise.all(servers.map((server) => waitForServer(server.base)));

  const one = await saturation(servers.slice(0, 1));
  const two = await saturation(servers);
  const ratio = two.perSecond / one.perSecond;
  const describe = (result: typeof one) =>
    `${result.perSecond.toFixed(1)} orders/s (accept p50 ${ms(result.acceptP50)}, ${result.failures} failures${result.failures ? `: ${result.firstFailures}` : ""})`;
  rows.push({ target: "orders on PostgreSQL: saturation, one instance", goal: "(figure only)", measured: describe(one), pass: null });
  rows.push({
    target: "orders on PostgreSQL: two instances vs one",
    goal: ">= 1.7x",
    measured: `${ratio.toFixed(2)}x: ${describe(two)}`,
    pass: ratio >= 1.7 && one.failures + two.failures === 0,
  });
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  postgres.stop();
}
console.log(JSON.stringify(rows));
