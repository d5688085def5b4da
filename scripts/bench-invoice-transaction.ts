// How long the transaction that marks an order paid and issues its invoice to a buyer with a NIP
// holds the database's write lock: the first in a process, and the median of 20 after it. Without
// --schema-loaded the first loads libxml2 and the FA(3) schema inside it (as before the KSeF lane
// loaded them at start); with it, the schema is loaded first, as the lane's start leaves it
// (docs/decisions/050). A real SQLite file.
// Usage: node scripts/run-ts.js scripts/bench-invoice-transaction.ts [--schema-loaded]
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

// The seller's NIP must be valid for the FA(3) file to be built (and checked) at all; the settings are read when the modules load.
process.env.COMPANY_TAX_ID ??= "5265877635";
const [{ openDatabase }, { applyTransition }, { placeSampleOrder }, { loadFa3Schema }] = await Promise.all([
  import("~/db/db.server"),
  import("~/flows/transitions.server"),
  import("../tests/support/sample-order"),
  import("~/ksef/fa3-schema.server"),
]);

const db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "bench-invoice-")), "app.db") });
const buyer = { buyerName: "Kowalski & Syn sp. j.", buyerAddress: "ul. Krzywa 2/4, 60-001 Poznań", nip: "7791011327" };

async function payOneOrder(key: string): Promise<number> {
  const now = new Date();
  const { order } = await placeSampleOrder(db, now, { details: { invoice: buyer }, idempotencyKey: key });
  const started = performance.now();
  const moved = await applyTransition(db, order.id, { transition: "mark_paid", paidAt: now.toISOString() }, "bench", now);
  const took = performance.now() - started;
  if (!moved.ok) throw new Error(`the order was not paid: ${moved.reason}`);
  return took;
}

if (process.argv.includes("--schema-loaded")) await loadFa3Schema();
const first = await payOneOrder("first");
const later: number[] = [];
for (let index = 0; index < 20; index++) later.push(await payOneOrder(`later-${index}`));
later.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    schemaLoadedFirst: process.argv.includes("--schema-loaded"),
    firstTransactionMs: Math.round(first),
    laterTransactionsMedianMs: Number(later[Math.floor(later.length / 2)]!.toFixed(1)),
  }),
);
await db.destroy();
