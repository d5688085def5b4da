/**
 * A site process reading a bank statement, to be killed with SIGKILL in the middle of it
 * (app/bank-statements/import.server.test.ts). It reads the statement file it is given into the
 * database at the target (a SQLite path or a postgres:// URL) and, once it has stored `pauseAfter`
 * of the statement's lines inside its transaction, prints "inside <pid>" and waits there for ever:
 * the test kills that pid, as kill -9 would the site mid-upload. Run with scripts/run-ts.js, which
 * starts this bundle as its own child: the pid printed is the one holding the transaction.
 */
import { readFileSync } from "node:fs";
import type { KyselyPlugin } from "kysely";
import { importStatement } from "~/bank-statements/import.server";
import { readStatement } from "~/bank-statements/read-statement";
import { openDatabase } from "~/db/db.server";

const [target, statementFile, pauseAfter] = process.argv.slice(2);
const db = await openDatabase(target!.startsWith("postgres") ? { postgresUrl: target! } : { sqlitePath: target! });

let linesStored = 0;
const pauseInside: KyselyPlugin = {
  transformQuery({ node }) {
    if (node.kind === "InsertQueryNode" && node.into?.table.identifier.name === "bank_statement_lines") linesStored++;
    return node;
  },
  async transformResult({ result }) {
    if (linesStored >= Number(pauseAfter)) {
      process.stdout.write(`inside ${process.pid}\n`);
      await new Promise(() => undefined);
    }
    return result;
  },
};

const bytes = readFileSync(statementFile!);
const read = await readStatement(bytes);
if (read.kind !== "read") throw new Error(`the statement was not read: ${read.kind}`);
await importStatement(db.withPlugin(pauseInside), { fileName: "wyciag.sta", bytes, read }, "process@example.com", new Date());
process.stdout.write("finished\n");
