import { z } from "zod";
import { formatAddress, type PostalAddress } from "~/config/company";
import type { AppDatabase } from "~/db/db.server";
import { enqueueAgain, enqueueMessages } from "~/outbox/outbox.server";
import type { OrderRow } from "~/db/schema";
import { auditOrder } from "./lifecycle/order-events.server";
import { SYSTEM_ACTOR } from "./lifecycle/order-transitions.server";
import { isPaymentToken } from "./payment-token";
import { PROPERTY_ADDRESS_RULES } from "./schema";
import { searchColumns } from "./search-text";
import { ADDRESS_REMINDER_DAYS } from "./address-later";
import { paymentTime } from "./delivery-dates.server";

/*
 * The server's half of an order placed before the flat is found (docs/decisions/091): the address given on the
 * order's page, checked with the order form's own rules, shown as the declaration's text, then stored; and the
 * reminders while it is missing.
 */

/** The three fields as typed, kept for the answer whatever happens to them. */
export type TypedAddress = { propertyAddress: string; propertyPostalCode: string; propertyCity: string };
export const ADDRESS_FIELD_NAMES = ["propertyAddress", "propertyPostalCode", "propertyCity"] as const;

export type AddressCheck =
  | { ok: true; typed: TypedAddress; parts: PostalAddress; line: string }
  /** `errors`: each field's message as an i18n key of the "order" namespace, the order form's own. */
  | { ok: false; typed: TypedAddress; errors: Partial<Record<keyof TypedAddress, string>> };

const propertyAddressSchema = z.object(PROPERTY_ADDRESS_RULES);

/** The flat's address as the order page posted it, checked by the order form's rules (./schema.ts). */
export function checkPropertyAddress(form: FormData): AddressCheck {
  const typed = Object.fromEntries(
    ADDRESS_FIELD_NAMES.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value.slice(0, 400) : ""];
    }),
  ) as TypedAddress;
  const parsed = propertyAddressSchema.safeParse(typed);
  if (!parsed.success) {
    const errors: Partial<Record<keyof TypedAddress, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as keyof TypedAddress;
      errors[name] ??= issue.message;
    }
    return { ok: false, typed, errors };
  }
  const parts = { street: parsed.data.propertyAddress, postalCode: parsed.data.propertyPostalCode, city: parsed.data.propertyCity };
  return { ok: true, typed, parts, line: formatAddress(parts) };
}

type PendingOrder = Pick<OrderRow, "id" | "status" | "withdrawn_at" | "anonymised_at" | "address_pending">;

/** An order that may be given its flat's address now: paid, waiting for it, not withdrawn from. */
export function mayGiveAddress(order: PendingOrder): boolean {
  return order.status === "paid" && order.address_pending === 1 && !order.withdrawn_at && !order.anonymised_at;
}

/** The order behind a page's token, when it waits for its flat's address; undefined otherwise. */
export async function orderAwaitingAddress(db: AppDatabase, token: string): Promise<OrderRow | undefined> {
  if (!isPaymentToken(token)) return undefined;
  const order = await db.selectFrom("orders").selectAll().where("payment_token", "=", token).executeTakeFirst();
  return order && mayGiveAddress(order) ? order : undefined;
}

export type GiveAddressOutcome = { ok: true } | { ok: false; reason: "not-awaiting" };

/**
 * Stores the flat's address once: into the order's property columns, with `address_given_at`, the day the delivery
 * promise counts from. The customer gets the e-mail that confirms it (with the dispatch day); the history says so.
 * A second confirmation (a double press, another tab) finds nothing waiting and changes nothing.
 */
export async function giveAddress(
  db: AppDatabase,
  orderId: number,
  address: { parts: PostalAddress; line: string },
  now: Date,
): Promise<GiveAddressOutcome> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
    if (!order || !mayGiveAddress(order)) return { ok: false, reason: "not-awaiting" } as const;
    const at = now.toISOString();
    const updated = await trx
      .updateTable("orders")
      .set({
        property_address: address.line,
        property_street: address.parts.street,
        property_postal_code: address.parts.postalCode,
        property_city: address.parts.city,
        address_pending: 0,
        address_given_at: at,
        ...searchColumns({ ...order, property_address: address.line }),
        updated_at: at,
      })
      .where("id", "=", orderId)
      .where("address_pending", "=", 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "not-awaiting" } as const;
    await auditOrder(trx, order, SYSTEM_ACTOR, { action: "address_given", after: { propertyAddress: address.line } }, now);
    await enqueueMessages(trx, orderId, ["address_confirmed"], now);
    return { ok: true } as const;
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping's reminders: 7 and 30 days after payment, an order still waiting for its flat's address gets an
 * e-mail, each once. The outbox keeps one row per order and kind: the 30-day reminder sends that row again with
 * `data.day` 30 (a new Message-ID), so the row says which went last. An order found past both days at once gets only
 * the later one. Returns how many were queued.
 */
export async function queueAddressReminders(db: AppDatabase, now: Date): Promise<number> {
  const firstDue = new Date(now.getTime() - ADDRESS_REMINDER_DAYS[0] * DAY_MS).toISOString();
  const waiting = await db
    .selectFrom("orders")
    .select(["id", "paid_at"])
    .where("status", "=", "paid")
    .where("address_pending", "=", 1)
    .where("withdrawn_at", "is", null)
    .where("paid_at", "is not", null)
    .where("paid_at", "<=", firstDue)
    .execute();
  let queued = 0;
  for (const order of waiting) {
    const paidAt = paymentTime(order.paid_at);
    if (!paidAt) continue;
    const due = [...ADDRESS_REMINDER_DAYS].reverse().find((days) => paidAt.getTime() + days * DAY_MS <= now.getTime());
    if (due === undefined) continue;
    const sent = await db
      .selectFrom("outbox")
      .select("data")
      .where("order_id", "=", order.id)
      .where("kind", "=", "address_reminder")
      .executeTakeFirst();
    // The later reminder stands for the earlier: once the 30-day one went, the 7-day one never goes after it.
    if (sent && Number((JSON.parse(sent.data ?? "{}") as { day?: unknown }).day) >= due) continue;
    await enqueueAgain(db, order.id, "address_reminder", now, { day: due });
    queued += 1;
  }
  return queued;
}
