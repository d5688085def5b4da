import { createHash } from "node:crypto";
import type { Insertable, Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { BankStatementLinesTable, BankStatementsTable, Database } from "~/db/schema";
import { orderInvoicing } from "~/invoices/order-invoicing.server";
import { applyTransitionIn } from "~/order/lifecycle/order-transitions.server";
import { lineToKeep, matchStatement, normaliseTitle, orderNumbersNamed, lineKeys, type Match, type OrderFacts } from "./matching";
import type { ReadResult, StatementLine } from "./statement-line";

/** A statement read into lines (readStatement's `read` answer) with the file it came from. */
export type StatementFile = { fileName: string; bytes: Buffer; read: Extract<ReadResult, { kind: "read" }> };

export type ImportResult =
  | { kind: "imported"; statementId: number; counts: Record<Match["outcome"], number> }
  /** The same file was read before (by its bytes), or is being read now: nothing changed. */
  | { kind: "sameFile"; statementId: number };

/**
 * How long an upload holds its file: the same file sent again meanwhile (a second operator, a
 * double click) changes nothing; once it has passed without the file being finished (the process
 * died), sending it again reads the lines that are left.
 */
export const IMPORT_LEASE_MS = 2 * 60_000;

/** Lines that move no order are stored this many at a time, in one statement each. */
const LINES_PER_BATCH = 100;

/** Lets the server answer the requests that came meanwhile: between transactions SQLite's one connection is free. */
const aTurnForOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads a statement into the orders: each credit that matching is sure of marks its order paid
 * exactly as "Oznacz jako opłacone" does (invoice, e-mail, history naming the statement and its
 * line), the doubtful ones wait "Do sprawdzenia", and every line is stored once by its key.
 *
 * Each "paid" is its own transaction: the line's row and the order's move with its history,
 * invoice and e-mail commit together or not at all, so a crash never leaves an order marked
 * without them. The other lines are stored a hundred at a time. Between them the server answers
 * other requests. A line whose key is
 * stored already (another file, or another upload of this one) is read before, and the order's
 * move re-checks its status, so an order is never marked twice. The file counts as read once its
 * last line is (`completed_at`); one left unfinished is finished by sending it again.
 */
export async function importStatement(
  db: AppDatabase,
  { fileName, bytes, read }: StatementFile,
  operator: string,
  now: Date,
): Promise<ImportResult> {
  const lines = read.lines;
  const booked = lines.map((line) => line.bookedOn).sort();
  const claim = await claimStatement(
    db,
    {
      file_sha256: createHash("sha256").update(bytes).digest("hex"),
      file_name: fileName,
      format: read.format,
      encoding: read.encoding,
      content: bytes,
      first_booked_on: booked[0] ?? null,
      last_booked_on: booked.at(-1) ?? null,
      line_count: lines.length,
      uploaded_by: operator,
      uploaded_at: now.toISOString(),
    },
    now,
  );
  if (claim.kind === "sameFile") return claim;

  const statement = { id: claim.statementId, fileName, lastBookedOn: booked.at(-1) ?? "" };
  const context = await matchContext(db, lines);
  const plan = matchStatement(lines, context);
  // A "paid" is its own transaction with the order's move; the other lines only claim their keys.
  let batch: Array<Insertable<BankStatementLinesTable>> = [];
  const storeBatch = async () => {
    if (batch.length > 0)
      await db
        .insertInto("bank_statement_lines")
        .values(batch)
        .onConflict((c) => c.column("line_key").doNothing())
        .execute();
    batch = [];
    await aTurnForOthers();
  };
  for (const [index, line] of lines.entries()) {
    const planned = plan[index]!;
    if (planned.outcome === "readBefore") continue;
    const orderId = "orderNumber" in planned ? (context.orderIds.get(planned.orderNumber) ?? null) : null;
    if (planned.outcome === "paid" && orderId !== null) {
      await db.transaction().execute((trx) => payFromLine(trx, statement, line, index + 1, { ...planned, orderId }, operator, now));
      await aTurnForOthers();
    } else {
      batch.push({ statement_id: statement.id, line_no: index + 1, order_id: orderId, ...lineColumns(line, planned) });
      if (batch.length >= LINES_PER_BATCH) await storeBatch();
    }
  }
  await storeBatch();
  const counts = await countsOf(db, statement.id, lines.length);
  await db
    .updateTable("bank_statements")
    .set({
      paid_count: counts.paid,
      to_check_count: counts.toCheck,
      read_before_count: counts.readBefore,
      not_ours_count: counts.notOurs,
      completed_at: now.toISOString(),
      importing_until: null,
    })
    .where("id", "=", statement.id)
    .execute();
  return { kind: "imported", statementId: statement.id, counts };
}

type NewStatement = Omit<Insertable<BankStatementsTable>, "id" | "paid_count" | "to_check_count" | "read_before_count" | "not_ours_count">;

/**
 * The file's row, taken for this upload: a new one, or one an upload left unfinished whose lease
 * has passed. A file read to its end, or being read under a lease, is the same file again.
 */
async function claimStatement(
  db: AppDatabase,
  values: NewStatement,
  now: Date,
): Promise<{ kind: "claimed"; statementId: number } | { kind: "sameFile"; statementId: number }> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + IMPORT_LEASE_MS).toISOString();
  const inserted = await db
    .insertInto("bank_statements")
    .values({ ...values, paid_count: 0, to_check_count: 0, read_before_count: 0, not_ours_count: 0, importing_until: until })
    .onConflict((conflict) => conflict.column("file_sha256").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { kind: "claimed", statementId: inserted.id };
  const known = await db.selectFrom("bank_statements").select("id").where("file_sha256", "=", values.file_sha256).executeTakeFirstOrThrow();
  const resumed = await db
    .updateTable("bank_statements")
    .set({ importing_until: until })
    .where("id", "=", known.id)
    .where("completed_at", "is", null)
    .where((eb) => eb.or([eb("importing_until", "is", null), eb("importing_until", "<=", at)]))
    .executeTakeFirst();
  return Number(resumed.numUpdatedRows) === 1 ? { kind: "claimed", statementId: known.id } : { kind: "sameFile", statementId: known.id };
}

/** What the file's lines came to, from what is stored: a line stored by another file is read before. */
async function countsOf(db: AppDatabase, statementId: number, lineCount: number): Promise<Record<Match["outcome"], number>> {
  const rows = await db
    .selectFrom("bank_statement_lines")
    .select(["outcome", (eb) => eb.fn.countAll<number>().as("count")])
    .where("statement_id", "=", statementId)
    .groupBy("outcome")
    .execute();
  const counts = { paid: 0, toCheck: 0, readBefore: 0, notOurs: 0 };
  for (const row of rows) counts[row.outcome] = Number(row.count);
  counts.readBefore = lineCount - counts.paid - counts.toCheck - counts.notOurs;
  return counts;
}

type StatementRef = { id: number; fileName: string; lastBookedOn: string };

/**
 * A line that pays an order, in its own transaction: the line is stored first, its key claiming
 * it, so a line another upload holds (committed, or waiting to be under PostgreSQL's lock) moves
 * nothing; then the order is marked paid as "Oznacz jako opłacone" marks it. An order no longer
 * awaiting payment by then makes the line one to check.
 */
async function payFromLine(
  trx: Transaction<Database>,
  statement: StatementRef,
  line: StatementLine,
  lineNo: number,
  planned: Extract<Match, { outcome: "paid" }> & { orderId: number },
  operator: string,
  now: Date,
): Promise<void> {
  const { orderId, ...match } = planned;
  const stored = await trx
    .insertInto("bank_statement_lines")
    .values({ statement_id: statement.id, line_no: lineNo, order_id: orderId, ...lineColumns(line, match) })
    .onConflict((conflict) => conflict.column("line_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!stored) return;
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
  if (moved.ok) return;
  const toCheck: Match = { key: match.key, outcome: "toCheck", reason: "alreadyPaid", orderNumber: match.orderNumber };
  await trx.updateTable("bank_statement_lines").set(lineColumns(line, toCheck)).where("id", "=", stored.id).execute();
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

/** How many orders awaiting payment a credit without a code is compared with, newest first. */
const CANDIDATE_POOL = 500;

/** The orders the statement names, the keys read before, and orders a credit without a code may pay (same amount, a name in common). */
async function matchContext(db: AppDatabase, lines: readonly StatementLine[]) {
  const numbers = orderNumbersNamed(lines);
  const named = numbers.length
    ? await db.selectFrom("orders").select(["id", "number", "status", "price_grosze"]).where("number", "in", numbers).execute()
    : [];
  const orders = new Map<string, OrderFacts>(named.map((row) => [row.number, { status: row.status, priceGrosze: row.price_grosze }]));
  const orderIds = new Map(named.map((row) => [row.number, row.id]));
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
  return { orders, orderIds, readKeys, candidatesFor };
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
