import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database, OrderStatus, StatementLineResolution } from "~/db/schema";
import { orderInvoicing } from "~/invoices/order-invoicing.server";
import { applyTransitionIn } from "~/order/lifecycle/order-transitions.server";
import { orderNumberIn } from "~/order/order-number";
import { objectOf } from "~/order/lifecycle/event-details";
import type { ToCheck } from "./matching";

/** An order a line may pay, with what the operator weighs: its price against the amount. */
export type LineOrder = { id: number | null; number: string; priceGrosze: number | null; status: OrderStatus | null };

export type OpenLine = {
  id: number;
  statementId: number;
  fileName: string;
  lineNo: number;
  bookedOn: string;
  amountGrosze: number;
  currency: string;
  title: string;
  payer: string;
  account: string;
  toCheck: ToCheck;
  /** The orders the line names or resembles, each once, the likeliest first. */
  orders: LineOrder[];
};

/** How many open lines one page lists; the count says how many there are in all. */
const OPEN_LINES_SHOWN = 200;

const lineColumns = [
  "bank_statement_lines.id",
  "bank_statement_lines.statement_id",
  "bank_statements.file_name",
  "bank_statement_lines.line_no",
  "bank_statement_lines.booked_on",
  "bank_statement_lines.amount_grosze",
  "bank_statement_lines.currency",
  "bank_statement_lines.title",
  "bank_statement_lines.counterparty_name",
  "bank_statement_lines.counterparty_account",
  "bank_statement_lines.reason_facts",
] as const;

/** Lines waiting for the operator ("Do sprawdzenia"), or marked to be given back ("Zwroty do wykonania"), oldest first. */
export async function listLines(db: AppDatabase, which: "open" | "refund", statementId?: number): Promise<OpenLine[]> {
  const rows = await db
    .selectFrom("bank_statement_lines")
    .innerJoin("bank_statements", "bank_statements.id", "bank_statement_lines.statement_id")
    .select(lineColumns)
    .where("bank_statement_lines.outcome", "=", "toCheck")
    .where((eb) =>
      which === "open" ? eb("bank_statement_lines.resolution", "is", null) : eb("bank_statement_lines.resolution", "=", "refund"),
    )
    .$if(statementId !== undefined, (query) => query.where("bank_statement_lines.statement_id", "=", statementId!))
    .orderBy("bank_statement_lines.booked_on")
    .orderBy("bank_statement_lines.statement_id")
    .orderBy("bank_statement_lines.line_no")
    .limit(OPEN_LINES_SHOWN)
    .execute();
  const lines = rows.map((row) => ({ row, toCheck: objectOf(row.reason_facts) as ToCheck }));
  const numbers = [...new Set(lines.flatMap(({ toCheck }) => numbersOf(toCheck)))];
  const known = numbers.length
    ? await db.selectFrom("orders").select(["id", "number", "price_grosze", "status"]).where("number", "in", numbers).execute()
    : [];
  const byNumber = new Map(known.map((order) => [order.number, order]));
  return lines.map(({ row, toCheck }) => ({
    id: row.id,
    statementId: row.statement_id,
    fileName: row.file_name,
    lineNo: row.line_no,
    bookedOn: row.booked_on,
    amountGrosze: row.amount_grosze,
    currency: row.currency,
    title: row.title ?? "",
    payer: row.counterparty_name ?? "",
    account: row.counterparty_account ?? "",
    toCheck,
    orders: numbersOf(toCheck).map((number) => {
      const order = byNumber.get(number);
      return { id: order?.id ?? null, number, priceGrosze: order?.price_grosze ?? null, status: order?.status ?? null };
    }),
  }));
}

function numbersOf(toCheck: ToCheck): string[] {
  if ("orderNumber" in toCheck) return [toCheck.orderNumber];
  if ("orderNumbers" in toCheck) return toCheck.orderNumbers;
  return toCheck.candidates;
}

/** How many lines wait for the operator: the "Dziś" page's count. */
export async function countOpenLines(db: AppDatabase): Promise<number> {
  const row = await db
    .selectFrom("bank_statement_lines")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("outcome", "=", "toCheck")
    .where("resolution", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type Resolution = { action: "assign"; orderNumber: string } | { action: "refund" } | { action: "skip" };

export type ResolveResult =
  | { ok: true; resolution: StatementLineResolution; orderNumber?: string }
  | { ok: false; error: "lineNotFound" | "alreadyResolved" | "number" | "foreignCurrency" }
  | { ok: false; error: "unknown"; orderNumber: string }
  | { ok: false; error: "notAwaiting"; orderNumber: string; status: OrderStatus };

const RESOLUTION = { assign: "assigned", refund: "refund", skip: "skipped" } as const satisfies Record<
  Resolution["action"],
  StatementLineResolution
>;

/** The move refused inside the transaction: the line's resolution is rolled back with it. */
class NotAwaiting extends Error {
  constructor(readonly status: OrderStatus) {
    super("the order is not awaiting payment");
  }
}

/**
 * The operator's decision on one line. "Przypisz do zamówienia" marks the order paid with the
 * line's amount, exactly as a statement line that matched would (history names the statement and
 * line); the line is decided once, whoever comes second is told so.
 */
export async function resolveLine(
  db: AppDatabase,
  lineId: number,
  resolution: Resolution,
  operator: string,
  now: Date,
): Promise<ResolveResult> {
  const line = await db
    .selectFrom("bank_statement_lines")
    .innerJoin("bank_statements", "bank_statements.id", "bank_statement_lines.statement_id")
    .select(lineColumns)
    .select(["bank_statement_lines.resolution", "bank_statement_lines.outcome", "bank_statements.last_booked_on"])
    .where("bank_statement_lines.id", "=", lineId)
    .executeTakeFirst();
  if (!line || line.outcome !== "toCheck") return { ok: false, error: "lineNotFound" };
  if (line.resolution !== null) return { ok: false, error: "alreadyResolved" };

  let order: { id: number; number: string; status: OrderStatus } | undefined;
  if (resolution.action === "assign") {
    if (line.currency !== "PLN") return { ok: false, error: "foreignCurrency" };
    const number = orderNumberIn(resolution.orderNumber);
    if (!number) return { ok: false, error: "number" };
    order = await db.selectFrom("orders").select(["id", "number", "status"]).where("number", "=", number).executeTakeFirst();
    if (!order) return { ok: false, error: "unknown", orderNumber: number };
    if (order.status !== "awaiting_payment") return { ok: false, error: "notAwaiting", orderNumber: number, status: order.status };
  }
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const decided = await trx
        .updateTable("bank_statement_lines")
        .set({
          resolution: RESOLUTION[resolution.action],
          resolved_by: operator,
          resolved_at: at,
          ...(order ? { order_id: order.id } : {}),
        })
        .where("id", "=", lineId)
        .where("resolution", "is", null)
        .executeTakeFirst();
      if (Number(decided.numUpdatedRows) !== 1) return { ok: false, error: "alreadyResolved" } as const;
      if (!order) return { ok: true, resolution: RESOLUTION[resolution.action] } as const;
      const moved = await applyTransitionIn(
        trx,
        order.id,
        {
          transition: "mark_paid",
          paidAt: line.booked_on,
          receivedGrosze: line.amount_grosze,
          bankStatement: line.file_name,
          statementDate: line.last_booked_on ?? line.booked_on,
          statementLine: String(line.line_no),
        },
        operator,
        now,
        orderInvoicing,
      );
      if (!moved.ok) throw new NotAwaiting(moved.current ?? order.status);
      return { ok: true, resolution: "assigned", orderNumber: order.number } as const;
    });
  } catch (error) {
    if (error instanceof NotAwaiting) return { ok: false, error: "notAwaiting", orderNumber: order!.number, status: error.status };
    throw error;
  }
}

/**
 * The "paid" a statement line made, taken back by its operator ("Cofnij", app/flows/undo.server.ts)
 * in the undo's transaction: the line waits "Do sprawdzenia" again, so the money is neither lost
 * nor counted as the order's. A line marked paid by itself gets the reason "undone"; one the
 * operator assigned gets its first reason back, and the order it named, if any.
 */
export async function reopenLineOf(trx: Transaction<Database>, orderId: number): Promise<void> {
  const line = await trx
    .selectFrom("bank_statement_lines")
    .select(["id", "outcome", "reason_facts"])
    .where("order_id", "=", orderId)
    .where((eb) => eb.or([eb("outcome", "=", "paid"), eb("resolution", "=", "assigned")]))
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!line) return;
  const undo = { resolution: null, resolved_by: null, resolved_at: null };
  if (line.outcome === "paid") {
    const order = await trx.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirstOrThrow();
    const toCheck: ToCheck = { reason: "undone", orderNumber: order.number };
    await trx
      .updateTable("bank_statement_lines")
      .set({ ...undo, outcome: "toCheck", reason: toCheck.reason, reason_facts: JSON.stringify(toCheck) })
      .where("id", "=", line.id)
      .execute();
    return;
  }
  const named = objectOf(line.reason_facts).orderNumber;
  const namedOrder =
    typeof named === "string" ? await trx.selectFrom("orders").select("id").where("number", "=", named).executeTakeFirst() : undefined;
  await trx
    .updateTable("bank_statement_lines")
    .set({ ...undo, order_id: namedOrder?.id ?? null })
    .where("id", "=", line.id)
    .execute();
}

export type StatementSummary = {
  id: number;
  fileName: string;
  format: string;
  firstBookedOn: string | null;
  lastBookedOn: string | null;
  uploadedAt: string;
  uploadedBy: string;
  /** False while an upload reads it, or when the one reading it died: sending the file again finishes it. */
  completed: boolean;
  counts: { lines: number; paid: number; toCheck: number; readBefore: number; notOurs: number };
};

const summaryOf = (row: {
  id: number;
  file_name: string;
  format: string;
  first_booked_on: string | null;
  last_booked_on: string | null;
  uploaded_at: string;
  uploaded_by: string;
  completed_at: string | null;
  line_count: number;
  paid_count: number;
  to_check_count: number;
  read_before_count: number;
  not_ours_count: number;
}): StatementSummary => ({
  id: row.id,
  fileName: row.file_name,
  format: row.format,
  firstBookedOn: row.first_booked_on,
  lastBookedOn: row.last_booked_on,
  uploadedAt: row.uploaded_at,
  uploadedBy: row.uploaded_by,
  completed: row.completed_at !== null,
  counts: {
    lines: row.line_count,
    paid: row.paid_count,
    toCheck: row.to_check_count,
    readBefore: row.read_before_count,
    notOurs: row.not_ours_count,
  },
});

const summaryColumns = [
  "id",
  "file_name",
  "format",
  "first_booked_on",
  "last_booked_on",
  "uploaded_at",
  "uploaded_by",
  "completed_at",
  "line_count",
  "paid_count",
  "to_check_count",
  "read_before_count",
  "not_ours_count",
] as const;

/** The statements read last, newest first. */
export async function recentStatements(db: AppDatabase, limit = 10): Promise<StatementSummary[]> {
  const rows = await db.selectFrom("bank_statements").select(summaryColumns).orderBy("id", "desc").limit(limit).execute();
  return rows.map(summaryOf);
}

/** One statement's result page: its counts and the orders its lines paid. */
export async function statementResult(db: AppDatabase, statementId: number) {
  const row = await db.selectFrom("bank_statements").select(summaryColumns).where("id", "=", statementId).executeTakeFirst();
  if (!row) return null;
  const paid = await db
    .selectFrom("bank_statement_lines")
    .innerJoin("orders", "orders.id", "bank_statement_lines.order_id")
    .select([
      "orders.id as orderId",
      "orders.number",
      "bank_statement_lines.line_no as lineNo",
      "bank_statement_lines.amount_grosze as amountGrosze",
    ])
    .where("bank_statement_lines.statement_id", "=", statementId)
    .where("bank_statement_lines.outcome", "=", "paid")
    .orderBy("bank_statement_lines.line_no")
    .execute();
  return { statement: summaryOf(row), paid };
}
