import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { applyTransition } from "~/flows/transitions.server";
import { openDatabase, type AppDatabase, type DatabaseTarget } from "~/db/db.server";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { issueInvoiceIn } from "./issue.server";

const ORDERED = new Date("2026-11-23T09:00:00Z");
const PAID = new Date("2026-11-24T10:00:00Z");
const BUYER = { buyerName: "Jan Kowalski", buyerAddress: "ul. Krótka 1, 00-001 Warszawa", nip: null };

const opened: AppDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});
async function open(target: DatabaseTarget) {
  const db = await openDatabase(target);
  opened.push(db);
  return db;
}

async function ordersAskingForInvoices(db: AppDatabase, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++)
    ids.push((await placeSampleOrder(db, ORDERED, { idempotencyKey: `k${index}`, details: { invoice: BUYER } })).order.id);
  return ids;
}

const pay = (db: AppDatabase, orderId: number) =>
  applyTransition(db, orderId, { transition: "mark_paid", paidAt: PAID.toISOString() }, "system", PAID);

/** The month's numbers in order; they must be 0001 … count, each once. */
async function expectGapless(db: AppDatabase, count: number) {
  const rows = await db.selectFrom("invoices").select(["number", "number_seq"]).where("series", "=", "FV").orderBy("number_seq").execute();
  expect(rows.map((row) => row.number)).toEqual(
    Array.from({ length: count }, (_, index) => `FV/2026/11/${String(index + 1).padStart(4, "0")}`),
  );
}

describe.each(DIALECTS)("invoice numbers under concurrency on %s", (dialect) => {
  it("gives many invoices issued at once from several connections numbers without a gap or a duplicate, rolled-back ones included", async () => {
    const target = await freshTarget(dialect);
    const first = await open(target);
    const instances = [first, await open(target), await open(target)];
    const ids = await ordersAskingForInvoices(first, 24);
    // Every fourth issuer takes a number and then fails: its number must come back to the next one.
    const failed = new Error("rolled back on purpose");
    const results = await Promise.allSettled(
      ids.map((id, index) =>
        index % 4 === 3
          ? instances[index % 3]!.transaction().execute(async (trx) => {
              await issueInvoiceIn(trx, id, { now: PAID, issuedBy: "system" });
              throw failed;
            })
          : pay(instances[index % 3]!, id),
      ),
    );
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(6);
    await expectGapless(first, 18);
  });
});

describe("invoice numbers from two processes on one SQLite file", () => {
  it("has no gap and no duplicate when two processes and this one issue at the same time", async () => {
    const target = await freshTarget("sqlite");
    if (!("sqlitePath" in target)) throw new Error("a SQLite target");
    const db = await open(target);
    const ids = await ordersAskingForInvoices(db, 18);
    const processes = [ids.slice(0, 6), ids.slice(6, 12)].map((share) =>
      spawn(process.execPath, ["scripts/run-ts.js", "tests/support/invoice-issuer-process.ts", target.sqlitePath, ...share.map(String)], {
        stdio: ["pipe", "pipe", "inherit"],
      }),
    );
    const lines = processes.map((child) => createInterface({ input: child.stdout! })[Symbol.asyncIterator]());
    for (const line of lines) expect((await line.next()).value).toBe("ready");
    const exits = processes.map((child) => new Promise<number | null>((resolve) => child.once("exit", resolve)));
    for (const child of processes) child.stdin!.end("go\n");
    await Promise.all(ids.slice(12).map((id) => pay(db, id)));
    expect(await Promise.all(exits)).toEqual([0, 0]);
    await expectGapless(db, 18);
  }, 120_000);
});
