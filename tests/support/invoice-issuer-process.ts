/**
 * A second process on the same SQLite file, for the invoice numbering test (app/invoices/numbering.server.test.ts):
 * it pays the orders it is given, each in its own transaction as the site does, which issues their invoices.
 * Run with scripts/run-ts.js, as the site's own scripts are. Prints "ready" once open, then waits
 * for "go" on stdin, so both processes start issuing together.
 */
import { applyTransition } from "~/flows/transitions.server";
import { openDatabase } from "~/db/db.server";

const [path, ...ids] = process.argv.slice(2);
const db = await openDatabase({ sqlitePath: path! });
process.stdout.write("ready\n");
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
process.stdin.destroy();
const now = new Date("2026-11-24T10:00:00Z");
await Promise.all(ids.map((id) => applyTransition(db, Number(id), { transition: "mark_paid", paidAt: now.toISOString() }, "process", now)));
await db.destroy();
process.stdout.write("done\n");
