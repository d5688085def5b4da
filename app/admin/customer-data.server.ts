import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { eraseOrderIn } from "~/order/lifecycle/anonymisation.server";
import type { ErasureRequest } from "./erasure-request";
import { recordOperatorEvent } from "./operator-audit.server";
import { filtered, PAGE_SIZE } from "./order-list.server";

/**
 * A customer's data on request (docs/decisions/044 and 060): one person's orders, everything
 * stored about them, as a structured export (RODO art. 15 and 20) and, on request, erased at once
 * the way housekeeping erases it at the end of retention (art. 17).
 *
 * One customer is every order with the e-mail address (without case) of the order the operator
 * opened: the address the request must come from, so the request proves it. A phone proves
 * nothing (anyone can type anyone's number into an order), so an order sharing only the phone is
 * shown apart and joins the customer only when the operator confirms it by hand, one by one; it
 * is never exported or erased otherwise.
 */

/** The digits that identify a phone number however it was written: "+48 600-100-200" and "600100200" alike. */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("48") ? digits.slice(2) : digits;
}

const emailKey = (email: string) => email.trim().toLowerCase();
/** Fewer digits than any real number: such a "phone" links nobody to anybody. */
const MIN_PHONE_DIGITS = 6;

export type Customer = {
  /** What the request must come from: the opened order's e-mail (null once its data is erased). */
  email: string | null;
  /** The orders of that e-mail, and those the operator confirmed by hand, oldest first. */
  orders: OrderRow[];
  /** The numbers among `orders` that the operator confirmed by hand (phone only), for the audit trail. */
  confirmedByHand: string[];
  /** Orders with one of the customer's phone numbers but another e-mail, not confirmed: shown apart, never exported or erased. */
  phoneOnly: OrderRow[];
};

/**
 * The customer of the order the operator opened, with `confirmedIds` (orders that share only a
 * phone, ticked by the operator) joined; an id that is no such order is ignored. Null when there
 * is no such order.
 */
export async function findCustomer(db: AppDatabase, orderId: number, confirmedIds: readonly number[] = []): Promise<Customer | null> {
  const found = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!found) return null;
  // An anonymised order names nobody any more: it is its own, and nobody else's.
  if (found.anonymised_at) return { email: null, orders: [found], confirmedByHand: [], phoneOnly: [] };
  const email = emailKey(found.email);
  // The e-mail and the phone are stored as typed, so the comparison is made here; an order's two columns are cheap to read.
  const candidates = await db.selectFrom("orders").select(["id", "email", "phone"]).where("anonymised_at", "is", null).execute();
  const byEmail = candidates.filter((order) => emailKey(order.email) === email);
  const phones = new Set(byEmail.map((order) => phoneKey(order.phone)).filter((key) => key.length >= MIN_PHONE_DIGITS));
  const phoneOnlyIds = candidates
    .filter((order) => emailKey(order.email) !== email && phones.has(phoneKey(order.phone)))
    .map((order) => order.id);
  const ids = [...byEmail.map((order) => order.id), ...phoneOnlyIds];
  const rows = await db.selectFrom("orders").selectAll().where("id", "in", ids).orderBy("id").execute();
  const confirmed = new Set(confirmedIds.filter((id) => phoneOnlyIds.includes(id)));
  const isPhoneOnly = (order: OrderRow) => phoneOnlyIds.includes(order.id);
  return {
    email: found.email,
    orders: rows.filter((order) => !isPhoneOnly(order) || confirmed.has(order.id)),
    confirmedByHand: rows.filter((order) => confirmed.has(order.id)).map((order) => order.number),
    phoneOnly: rows.filter((order) => isPhoneOnly(order) && !confirmed.has(order.id)),
  };
}

/** The ids the operator confirmed by hand, as the customer page's links and forms carry them (`also`). */
export function confirmedIdsOf(values: readonly FormDataEntryValue[]): number[] {
  return values.flatMap((value) => (typeof value === "string" && /^\d{1,12}$/.test(value) ? [Number(value)] : []));
}

/** The audit trail's record of an export: which orders were handed over (those confirmed by hand named apart), by whom; no personal data. */
export async function recordExport(db: AppDatabase, operator: string, customer: Customer, format: "json" | "pdf", ip: string, now: Date) {
  await recordOperatorEvent(
    db,
    {
      operator,
      action: "customer_data_exported",
      ip,
      details: { orders: customer.orders.map((order) => order.number), format, ...confirmedByHandOf(customer) },
    },
    now,
  );
}

const confirmedByHandOf = (customer: Customer) =>
  customer.confirmedByHand.length > 0 ? { confirmedByHand: customer.confirmedByHand } : {};

/** Orders still being fulfilled: their data is needed to deliver what was paid for or to match a payment. */
export function ordersInProgress(orders: OrderRow[]): OrderRow[] {
  return orders.filter((order) => !order.anonymised_at && (order.status === "awaiting_payment" || order.status === "paid"));
}

export type ErasureResult = { ok: true; erased: string[] } | { ok: false; reason: "in-progress"; orders: string[] };

/**
 * "Usuń dane": every order of the customer (its e-mail's, and those the operator confirmed by
 * hand) is anonymised at once, as housekeeping does at the end of retention (the number, amounts,
 * dates, statuses and the audit trail's who and when stay, as accounting and tax law require), in
 * one transaction with the audit rows: one per order in its history and one in the operator's
 * trail, each with the request's category and reference (decision 060: no free text, which could
 * name the person). An order still awaiting payment or delivery is refused: the operator cancels
 * or completes it first.
 */
export async function eraseCustomerData(
  db: AppDatabase,
  customer: Customer,
  request: { operator: string; ip: string } & ErasureRequest,
  now: Date,
): Promise<ErasureResult> {
  const { orders } = customer;
  const busy = ordersInProgress(orders);
  if (busy.length > 0) return { ok: false, reason: "in-progress", orders: busy.map((order) => order.number) };
  return db.transaction().execute(async (trx) => {
    const erased: string[] = [];
    for (const order of orders) {
      const details = { action: "erasure_on_request", category: request.category, reference: request.reference } as const;
      if (await eraseOrderIn(trx, order, request.operator, details, now)) erased.push(order.number);
    }
    await recordOperatorEvent(
      trx,
      {
        operator: request.operator,
        action: "customer_data_erased",
        ip: request.ip,
        details: { orders: erased, category: request.category, reference: request.reference, ...confirmedByHandOf(customer) },
      },
      now,
    );
    return { ok: true, erased } as const;
  });
}

/** Orders the search finds (the same folding as the order list's, docs/decisions/032 and 041), newest first, to open a customer from. */
export function findCustomerOrders(db: AppDatabase, search: string) {
  return filtered(db, { search, from: "", to: "" })
    .select(["id", "number", "created_at", "status", "tenant_name", "email", "phone", "anonymised_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(PAGE_SIZE)
    .execute();
}
