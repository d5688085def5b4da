import { inDispatchQueue } from "~/shipping/dispatch-queue.server";
import type { AppDatabase } from "~/db/db.server";
import type { OrderRow, OrderStatus } from "~/db/schema";
import { transitDaysOf } from "~/config/env.server";
import { isSingleLineText } from "~/forms/control-characters";
import { likePatterns, searchTerms } from "~/order/search-text";
import { orderDeadlinesOf, dispatchDueDay, warsawDayStart } from "~/order/lifecycle/deadlines.server";
import { shipmentTrouble, type TroubleFacts } from "~/shipping/trouble";
import { SEARCH_TEXT } from "./texts";

export const PAGE_SIZE = 50;
export const STATUSES: readonly OrderStatus[] = ["awaiting_payment", "paid", "dispatched", "cancelled"];
/**
 * `from`/`to`: Warsaw days ("2026-11-01") bounding when the order was placed, both included.
 * `due`: paid orders waiting for dispatch, the earliest dispatch date (so the overdue) first; an
 *   order the customer withdrew from is not among them (it is settled, never shipped).
 * `trouble`: dispatched orders whose InPost parcel came back, cannot be delivered or is stuck, longest on the way first.
 */
export type OrderFilter = {
  status: OrderStatus | null;
  search: string;
  page: number;
  from: string;
  to: string;
  due: boolean;
  trouble: boolean;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Reads the filter from the list's (or the CSV's) query string; anything unknown means "all". */
export function parseOrderFilter(url: URL): OrderFilter {
  const status = url.searchParams.get("status");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const day = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 10);
  return {
    status: STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : null,
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    page: Number.isFinite(page) && page > 0 ? page : 1,
    from: day("from"),
    to: day("to"),
    due: url.searchParams.get("due") === "1",
    trouble: url.searchParams.get("trouble") === "1",
  };
}

/**
 * Why the list and the CSV answer 400 without querying, or null. A search holding control or
 * bidi characters matches nothing anyone typed, and PostgreSQL refuses a NUL outright.
 */
export function filterProblem(url: URL): string | null {
  if (!isSingleLineText(url.searchParams.get("q") ?? "")) return SEARCH_TEXT.controlCharacters;
  const { from, to } = parseOrderFilter(url);
  if ((from && !isDay(from)) || (to && !isDay(to))) return SEARCH_TEXT.dateInvalid;
  if (from && to && from > to) return SEARCH_TEXT.dateOrder;
  return null;
}

export function noCounts(): Record<OrderStatus, number> {
  return Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
}

function nextDay(isoDay: string): string {
  return new Date(new Date(`${isoDay}T12:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** A tracking number, a ShipX shipment id or a locker's name, as an operator pastes one: letters and digits, spaces dropped. */
const SHIPMENT_KEY = /^[A-Za-z0-9]{3,40}$/;

/**
 * Search and dates; the status (and "due") are applied by the callers, so the counts see every status.
 * Every word of the query must be found, in any order, each in any of its spellings; or the whole
 * query is the order's tracking number, its InPost shipment's id or its locker's name (KRA010).
 */
export function filtered(db: AppDatabase, filter: Pick<OrderFilter, "search" | "from" | "to">) {
  let query = db.selectFrom("orders");
  const terms = searchTerms(filter.search);
  const key = filter.search.replace(/\s+/g, "");
  if (terms.length > 0)
    query = query.where((eb) =>
      eb.or([
        eb.and(terms.map((term) => eb.or(likePatterns(term).map((pattern) => eb("search_text", "like", pattern))))),
        ...(SHIPMENT_KEY.test(key)
          ? [eb("tracking_number", "=", key.toUpperCase()), eb("shipment_id", "=", key), eb("locker_name", "=", key.toUpperCase())]
          : []),
      ]),
    );
  if (isDay(filter.from)) query = query.where("created_at", ">=", warsawDayStart(filter.from));
  if (isDay(filter.to)) query = query.where("created_at", "<", warsawDayStart(nextDay(filter.to)));
  return query;
}

const LIST_COLUMNS = [
  "id",
  "number",
  "created_at",
  "declaration_type",
  "variant",
  "price_grosze",
  "currency",
  "status",
  "tenant_name",
  "email",
  "phone",
  "locale",
  "paid_at",
  "immediate_performance_consent_at",
  "start_date",
  "delivery_method",
  "locker_name",
  "tracking_number",
  "shipment_id",
  "shipment_status",
  "dispatched_at",
  "delivered_at",
  "withdrawn_at",
  "address_pending",
  "address_given_at",
] as const;

/** The order's InPost shipment flag, with its own transit time (the locker's or the courier's). */
export function troubleOf(order: TroubleFacts & { delivery_method: OrderRow["delivery_method"] }, now: Date) {
  return shipmentTrouble(order, transitDaysOf(order.delivery_method), now);
}

/**
 * The orders the shipment flag can concern: dispatched through InPost and not delivered. These are
 * the parcels still travelling plus the few that came back, so the callers apply the rule itself
 * (troubleOf) to them in JavaScript rather than a second time in SQL.
 */
export function troubleCandidates(db: AppDatabase, filter: Pick<OrderFilter, "search" | "from" | "to">) {
  return filtered(db, filter).where("status", "=", "dispatched").where("shipment_id", "is not", null).where("delivered_at", "is", null);
}

/** Flagged orders, longest on the way first. */
async function troubledOrders(db: AppDatabase, filter: OrderFilter, now: Date) {
  const candidates = await troubleCandidates(db, filter).select(LIST_COLUMNS).orderBy("dispatched_at").orderBy("id").execute();
  return candidates.filter((order) => troubleOf(order, now) !== null);
}

/** How many orders the shipment filter lists (with the search and dates applied). */
export async function countTrouble(db: AppDatabase, filter: Pick<OrderFilter, "search" | "from" | "to">, now = new Date()) {
  const candidates = await troubleCandidates(db, filter).select(TROUBLE_COLUMNS).execute();
  return candidates.filter((order) => troubleOf(order, now) !== null).length;
}

const TROUBLE_COLUMNS = ["status", "delivery_method", "shipment_id", "shipment_status", "dispatched_at", "delivered_at"] as const;

/** One page (and one row more, to know there is a next) of a list sorted in JavaScript. */
function pageOf<Row>(sorted: Row[], filter: Pick<OrderFilter, "page">): Row[] {
  return sorted.slice((filter.page - 1) * PAGE_SIZE, filter.page * PAGE_SIZE + 1);
}

export async function listOrders(db: AppDatabase, filter: OrderFilter, deadlineDays = 7, now = new Date()) {
  if (filter.due) {
    // Paid, undispatched orders are the day's work, a few dozen at most: their dates are business-day
    // arithmetic in JavaScript, so they are sorted here rather than in SQL.
    const paid = await dispatchQueue(db, filter).select(LIST_COLUMNS).execute();
    const sorted = paid
      .map((row) => ({ row, due: dispatchDueDay(row) ?? "" }))
      .sort((a, b) => a.due.localeCompare(b.due) || a.row.id - b.row.id);
    return withDeadlines(
      pageOf(sorted, filter).map(({ row }) => row),
      filter,
      deadlineDays,
      now,
    );
  }
  if (filter.trouble) return withDeadlines(pageOf(await troubledOrders(db, filter, now), filter), filter, deadlineDays, now);
  let query = filtered(db, filter).select(LIST_COLUMNS);
  if (filter.status) query = query.where("status", "=", filter.status);
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(PAGE_SIZE + 1)
    .offset((filter.page - 1) * PAGE_SIZE)
    .execute();
  return withDeadlines(rows, filter, deadlineDays, now);
}

function withDeadlines<Row extends Parameters<typeof orderDeadlinesOf>[0] & Parameters<typeof troubleOf>[0]>(
  rows: Row[],
  _filter: OrderFilter,
  deadlineDays: number,
  now: Date,
) {
  return {
    rows: rows
      .slice(0, PAGE_SIZE)
      .map((row) => ({ ...row, ...orderDeadlinesOf(row, deadlineDays, now), shipmentTrouble: troubleOf(row, now) })),
    hasNext: rows.length > PAGE_SIZE,
  };
}

/** The dispatch queue ("Do wysyłki") among the orders the search and dates find. */
export function dispatchQueue(db: AppDatabase, filter: Pick<OrderFilter, "search" | "from" | "to">) {
  return inDispatchQueue(filtered(db, filter));
}

/** How many orders wait for dispatch (with the search and dates applied). */
export async function countDue(db: AppDatabase, filter: Pick<OrderFilter, "search" | "from" | "to">): Promise<number> {
  const row = await dispatchQueue(db, filter)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Orders per status for the filter's counts (with the search and dates applied, all statuses). */
export async function countByStatus(
  db: AppDatabase,
  filter: Pick<OrderFilter, "search" | "from" | "to">,
): Promise<Record<OrderStatus, number>> {
  const rows = await filtered(db, filter)
    .select((eb) => ["status", eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  const counts = noCounts();
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** One order of the list, with its deadlines. */
export type OrderListRow = Awaited<ReturnType<typeof listOrders>>["rows"][number];
