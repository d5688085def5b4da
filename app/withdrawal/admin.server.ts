import { sql } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { WithdrawalChannel } from "~/db/schema";
import { refundDueBy } from "./withdrawal.server";

/**
 * The back office's view of withdrawal statements (docs/decisions/046): every statement, the
 * unmatched first (the operator must link them by hand), then the newest; and an order's own.
 */
export type WithdrawalListRow = {
  id: number;
  receivedAt: string;
  refundDueBy: string;
  name: string;
  reference: string;
  email: string;
  locale: string;
  statement: string;
  orderId: number | null;
  orderNumber: string | null;
  matchedBy: string | null;
  /** The daily cap per recipient held its acknowledgement back (docs/decisions/058). */
  acknowledgementWithheld: boolean;
  /** The web form, or an e-mail or a letter the operator recorded (docs/decisions/063), with the day it was sent. */
  channel: WithdrawalChannel;
  sentOn: string | null;
  recordedBy: string | null;
  /** Sent after the withdrawal period: the order was left as it was. */
  late: boolean;
};

const LIST_LIMIT = 200;

function baseQuery(db: AppDatabase) {
  return db
    .selectFrom("withdrawals")
    .leftJoin("orders", "orders.id", "withdrawals.order_id")
    .select([
      "withdrawals.id",
      "withdrawals.received_at",
      "withdrawals.name",
      "withdrawals.order_reference",
      "withdrawals.email",
      "withdrawals.locale",
      "withdrawals.statement",
      "withdrawals.order_id",
      "withdrawals.matched_by",
      "withdrawals.acknowledgement_withheld",
      "withdrawals.channel",
      "withdrawals.sent_on",
      "withdrawals.recorded_by",
      "withdrawals.late",
      "orders.number",
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function rowOf(row: Selected): WithdrawalListRow {
  return {
    id: row.id,
    receivedAt: row.received_at,
    refundDueBy: refundDueBy(row.received_at).toISOString(),
    name: row.name,
    reference: row.order_reference,
    email: row.email,
    locale: row.locale,
    statement: row.statement,
    orderId: row.order_id,
    orderNumber: row.number,
    matchedBy: row.matched_by,
    acknowledgementWithheld: Boolean(row.acknowledgement_withheld),
    channel: row.channel,
    sentOn: row.sent_on,
    recordedBy: row.recorded_by,
    late: Boolean(row.late),
  };
}

export async function withdrawalCounts(db: AppDatabase): Promise<{ all: number; unmatched: number }> {
  const row = await db
    .selectFrom("withdrawals")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("all"),
      eb.fn.sum<number | string | null>(sql`case when order_id is null then 1 else 0 end`).as("unmatched"),
    ])
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), unmatched: Number(row.unmatched ?? 0) };
}

/** Unmatched statements first, then the newest; `unmatchedOnly` leaves the matched out. */
export async function listWithdrawals(db: AppDatabase, { unmatchedOnly }: { unmatchedOnly: boolean }): Promise<WithdrawalListRow[]> {
  const rows = await baseQuery(db)
    .$if(unmatchedOnly, (query) => query.where("withdrawals.order_id", "is", null))
    .orderBy(sql`case when withdrawals.order_id is null then 0 else 1 end`)
    .orderBy("withdrawals.received_at", "desc")
    .orderBy("withdrawals.id", "desc")
    .limit(LIST_LIMIT)
    .execute();
  return rows.map(rowOf);
}

/** The statements that matched or were linked to an order, the first first. */
export async function withdrawalsOfOrder(db: AppDatabase, orderId: number): Promise<WithdrawalListRow[]> {
  const rows = await baseQuery(db)
    .where("withdrawals.order_id", "=", orderId)
    .orderBy("withdrawals.received_at")
    .orderBy("withdrawals.id")
    .execute();
  return rows.map(rowOf);
}
