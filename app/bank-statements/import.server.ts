import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { orderInvoicing } from "~/invoices/order-invoicing.server";
import { applyTransitionIn } from "~/order/lifecycle/order-transitions.server";
import {
  countMatches,
  lineToKeep,
  matchStatement,
  normaliseTitle,
  orderNumbersNamed,
  lineKeys,
  type Match,
  type OrderFacts,
} from "./matching";
import type { ReadResult, StatementLine } from "./statement-line";

/** A statement read into lines (readStatement's `read` answer) with the file it came from. */
export type StatementFile = { fileName: string; bytes: Buffer; read: Extract<ReadResult, { kind: "read" }> };

export type ImportResult =
  | { kind: "imported"; statementId: number; counts: Record<Match["outcome"], number> }
  /** The same file was read before (by its bytes): nothing changed. */
  | { kind: "sameFile"; statementId: number };

/**
 * Reads a statement into the orders: each credit that matching is sure of marks its order paid
 * exactly as "Oznacz jako opłacone" does (invoice, e-mail, history naming the statement and its
 * line), the doubtful ones wait "Do sprawdzenia", and every line is stored once by its key.
 *
 * The whole file is one transaction. Matching plans outside it; inside, a line whose key is
 * already stored (another file, or another operator's upload of the same one at this moment) is
 * read before, and the order's move re-checks its status, so an order is never marked twice and
 * never marked without its history and e-mail. A crash leaves nothing of the file.
 */
export async function importStatement(
  db: AppDatabase,
  { fileName, bytes, read }: StatementFile,
  operator: string,
  now: Date,
): Promise<ImportResult> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const known = await statementWithBytes(db, sha256);
  if (known !== null) return { kind: "sameFile", statementId: known };

  const lines = read.lines;
  const plan = matchStatement(lines, await matchContext(db, lines));
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const booked = lines.map((line) => line.bookedOn).sort();
    const inserted = await trx
      .insertInto("bank_statements")
      .values({
        file_sha256: sha256,
        file_name: fileName,
        format: read.format,
        encoding: read.encoding,
        content: bytes,
        first_booked_on: booked[0] ?? null,
        last_booked_on: booked.at(-1) ?? null,
        line_count: lines.length,
        paid_count: 0,
        to_check_count: 0,
        read_before_count: 0,
        not_ours_count: 0,
        uploaded_by: operator,
        uploaded_at: at,
      })
      .onConflict((conflict) => conflict.column("file_sha256").doNothing())
      .returning("id")
      .executeTakeFirst();
    // Another operator's upload of the same file committed while this one was matching.
    if (!inserted) return { kind: "sameFile", statementId: (await statementWithBytes(trx, sha256))! };

    const statement = { id: inserted.id, fileName, lastBookedOn: booked.at(-1) ?? "" };
    const outcomes: Match[] = [];
    for (const [index, line] of lines.entries()) {
      outcomes.push(await applyLine(trx, statement, line, index + 1, plan[index]!, operator, now));
    }
    const counts = countMatches(outcomes);
    await trx
      .updateTable("bank_statements")
      .set({
        paid_count: counts.paid,
        to_check_count: counts.toCheck,
        read_before_count: counts.readBefore,
        not_ours_count: counts.notOurs,
      })
      .where("id", "=", inserted.id)
      .execute();
    return { kind: "imported", statementId: inserted.id, counts };
  });
}

type StatementRef = { id: number; fileName: string; lastBookedOn: string };

/**
 * Stores one line, then carries out its plan; answers what it finally was. The line is stored
 * first: its key claims it, so a line another upload holds (committed, or waiting to be under
 * PostgreSQL's lock) is read before here and moves nothing. A "paid" whose order is no longer
 * awaiting payment when it moves becomes a line to check.
 */
async function applyLine(
  trx: Transaction<Database>,
  statement: StatementRef,
  line: StatementLine,
  lineNo: number,
  planned: Match,
  operator: string,
  now: Date,
): Promise<Match> {
  if (planned.outcome === "readBefore") return planned;
  const orderId = "orderNumber" in planned ? ((await orderIdOf(trx, planned.orderNumber)) ?? null) : null;
  const stored = await trx
    .insertInto("bank_statement_lines")
    .values({ statement_id: statement.id, line_no: lineNo, order_id: orderId, ...lineColumns(line, planned) })
    .onConflict((conflict) => conflict.column("line_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!stored) return { key: planned.key, outcome: "readBefore" };
  if (planned.outcome !== "paid" || orderId === null) return planned;

  const moved = await applyTransitionIn(
    trx,
    orderId,
    {
      transition: "mark_paid",
      paidAt: line.bookedOn,
      receivedGrosze: line.amountGrosze,
      bankStatement: statement.fileName,
      statementDate: statement.lastBookedOn,
      statementLine: String(lineNo),
    },
    operator,
    now,
    orderInvoicing,
  );
  if (moved.ok) return planned;
  const toCheck: Match = { key: planned.key, outcome: "toCheck", reason: "alreadyPaid", orderNumber: planned.orderNumber };
  await trx.updateTable("bank_statement_lines").set(lineColumns(line, toCheck)).where("id", "=", stored.id).execute();
  return toCheck;
}

/** The line's stored columns for an outcome: whole when it concerns an order, stripped when not (lineToKeep). */
function lineColumns(line: StatementLine, match: Exclude<Match, { outcome: "readBefore" }>) {
  const kept = lineToKeep(line, match);
  const { key, outcome, ...facts } = match;
  return {
    line_key: key,
    booked_on: kept.bookedOn,
    amount_grosze: kept.amountGrosze,
    currency: kept.currency,
    bank_reference: kept.bankReference,
    title: kept.title ?? null,
    counterparty_name: kept.counterpartyName ?? null,
    counterparty_account: kept.counterpartyAccount ?? null,
    outcome,
    reason: "reason" in facts ? facts.reason : null,
    reason_facts: outcome === "toCheck" ? JSON.stringify(facts) : null,
  };
}

async function statementWithBytes(db: AppDatabase, sha256: string): Promise<number | null> {
  const row = await db.selectFrom("bank_statements").select("id").where("file_sha256", "=", sha256).executeTakeFirst();
  return row?.id ?? null;
}

async function orderIdOf(db: AppDatabase, number: string): Promise<number | undefined> {
  return (await db.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirst())?.id;
}

/** How many orders awaiting payment a credit without a code is compared with, newest first. */
const CANDIDATE_POOL = 500;

/** The orders the statement names, the keys read before, and orders a credit without a code may pay (same amount, a name in common). */
async function matchContext(db: AppDatabase, lines: readonly StatementLine[]) {
  const numbers = orderNumbersNamed(lines);
  const named = numbers.length
    ? await db.selectFrom("orders").select(["number", "status", "price_grosze"]).where("number", "in", numbers).execute()
    : [];
  const orders = new Map<string, OrderFacts>(named.map((row) => [row.number, { status: row.status, priceGrosze: row.price_grosze }]));
  const keys = lineKeys(lines);
  const readKeys = new Set<string>();
  for (let start = 0; start < keys.length; start += 500) {
    const chunk = keys.slice(start, start + 500);
    const rows = await db.selectFrom("bank_statement_lines").select("line_key").where("line_key", "in", chunk).execute();
    for (const row of rows) readKeys.add(row.line_key);
  }
  const awaiting = await db
    .selectFrom("orders")
    .select(["number", "price_grosze", "tenant_name", "tenant_name_original"])
    .where("status", "=", "awaiting_payment")
    .orderBy("id", "desc")
    .limit(CANDIDATE_POOL)
    .execute();
  const candidatesFor = (line: StatementLine) => {
    const payer = normaliseTitle(`${line.counterpartyName} ${line.title}`);
    return awaiting
      .filter((order) => order.price_grosze === line.amountGrosze && sharesAName(payer, order.tenant_name, order.tenant_name_original))
      .map((order) => order.number);
  };
  return { orders, readKeys, candidatesFor };
}

/** A word of three letters or more of the tenant's name, in either script, appears in the payer's name or title. */
function sharesAName(payer: string, ...names: Array<string | null>): boolean {
  const words = new Set(payer.split(/[^\p{L}]+/u).filter((word) => word.length >= 3));
  return names.some(
    (name) =>
      name !== null &&
      normaliseTitle(name)
        .split(/[^\p{L}]+/u)
        .some((word) => word.length >= 3 && words.has(word)),
  );
}
