import type { AppDatabase } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import { isSingleLineText } from "~/forms/control-characters";
import { searchPatterns } from "~/order/search-text";
import { toCsv } from "./csv";

export const PAGE_SIZE = 50;
export const STATUSES: readonly OrderStatus[] = ["awaiting_payment", "paid", "dispatched", "cancelled"];
export type OrderFilter = { status: OrderStatus | null; search: string; page: number };

/** Reads the filter from the list's (or the CSV's) query string; anything unknown means "all". */
export function parseOrderFilter(url: URL): OrderFilter {
  const status = url.searchParams.get("status");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    status: STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : null,
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/**
 * A search holding control or bidi characters matches nothing anyone typed, and PostgreSQL
 * refuses a NUL in a query outright: the list and the CSV answer it 400 without querying.
 */
export function searchIsRefused(url: URL): boolean {
  return !isSingleLineText(url.searchParams.get("q") ?? "");
}

export function noCounts(): Record<OrderStatus, number> {
  return Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
}

function filtered(db: AppDatabase, filter: OrderFilter) {
  let query = db.selectFrom("orders");
  if (filter.status) query = query.where("status", "=", filter.status);
  const patterns = searchPatterns(filter.search);
  if (patterns.length > 0) query = query.where((eb) => eb.or(patterns.map((pattern) => eb("search_text", "like", pattern))));
  return query;
}

export async function listOrders(db: AppDatabase, filter: OrderFilter) {
  const rows = await filtered(db, filter)
    .select(["id", "number", "created_at", "declaration_type", "variant", "price_grosze", "currency", "status", "tenant_name", "email", "locale"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(PAGE_SIZE + 1)
    .offset((filter.page - 1) * PAGE_SIZE)
    .execute();
  return { rows: rows.slice(0, PAGE_SIZE), hasNext: rows.length > PAGE_SIZE };
}

/** Orders per status for the filter's counts (with the search applied, all statuses). */
export async function countByStatus(db: AppDatabase, search: string): Promise<Record<OrderStatus, number>> {
  const rows = await filtered(db, { status: null, search, page: 1 }).select((eb) => ["status", eb.fn.countAll().as("n")]).groupBy("status").execute();
  const counts = noCounts();
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** The filtered list (every page) as CSV for Polish Excel. */
export async function ordersCsv(db: AppDatabase, filter: OrderFilter): Promise<string> {
  const rows = await filtered(db, filter)
    .select(["number", "created_at", "status", "declaration_type", "variant", "price_grosze", "tenant_name", "email", "phone", "locale", "paid_at", "dispatched_at", "tracking_number", "courier", "cancelled_at", "cancel_reason"])
    .orderBy("created_at", "desc")
    .execute();
  const header = ["Numer", "Data", "Status", "Rodzaj", "Wariant", "Kwota (zł)", "Klient", "E-mail", "Telefon", "Język", "Opłacono", "Wysłano", "Numer przesyłki", "Przewoźnik", "Anulowano", "Powód anulowania"];
  return toCsv([
    header,
    ...rows.map((r) => [r.number, r.created_at, r.status, r.declaration_type, r.variant, (r.price_grosze / 100).toFixed(2).replace(".", ","), r.tenant_name, r.email, r.phone, r.locale, r.paid_at, r.dispatched_at, r.tracking_number, r.courier, r.cancelled_at, r.cancel_reason]),
  ]);
}
