import { randomInt } from "node:crypto";
import type { SubstituteFlat } from "~/config/company";
import type { AppDatabase } from "~/db/db.server";
import type { DeclarationCodeRow } from "~/db/schema";
import { enqueueAgain } from "~/outbox/outbox.server";
import { codeFrom, formatCode } from "./declaration-code";
import { currentDeclarationCode } from "./declaration-code.server";
import { auditOrder } from "./lifecycle/order-events.server";

/** What the operator records for a replacement declaration (docs/decisions/092): the new flat, its owner and the declaration's day. */
export type ReplacementFacts = { owner: string; address: string; city: string; declaredOn: string };

export type ReplacementOutcome =
  | { ok: true; code: string }
  | {
      ok: false;
      /**
       * `stale`: the declaration the form replaces is no longer the current one (another replacement came first).
       * `awaiting-payment`: a replacement awaits the customer's online payment (docs/decisions/094); it is cancelled first.
       */
      reason: "not-found" | "not-dispatched" | "closed" | "stale" | "awaiting-payment";
    };

/** The e-mail's facts: the new flat and declaration, so the message says what changed as it was when issued. */
export type ReplacementMailFacts = ReplacementFacts & { code: string; replacedCode: string };

export type ReplacementInput = {
  orderId: number;
  replaces: string | null;
  facts: ReplacementFacts;
  priceGrosze: number;
  operator: string;
  now: Date;
  /** How it was paid online (docs/decisions/094), for the history line; absent when the operator confirmed a transfer or it is free. */
  paidOnline?: { gateway: string; gatewayOrderId: string };
};

/**
 * A replacement declaration for a dispatched order (issue 49): the tenant's substitute flat can no
 * longer be used and the landlord asked for a new one within 21 days. In ONE transaction the current
 * declaration gets `replaced_at`, a new one with a new code and the new flat is added, the history
 * records it and the customer's e-mail is queued. `replaces` is the code the operator's form showed
 * as current: a form opened before another replacement is refused rather than replacing that one.
 * Two operators at once: the UPDATE of the current row serialises them (a row lock on PostgreSQL,
 * the write lock taken at BEGIN on SQLite) and the second finds nothing left to replace.
 */
export function issueReplacement(db: AppDatabase, input: ReplacementInput): Promise<ReplacementOutcome> {
  return db.transaction().execute((trx) => issueReplacementIn(trx, input));
}

/**
 * The order a replacement, issued or asked to be paid for, belongs to: dispatched (a paid one has not sent its
 * declaration yet), not withdrawn from, not erased.
 */
export async function replaceableOrder(trx: AppDatabase, orderId: number) {
  const order = await trx
    .selectFrom("orders")
    .select(["id", "status", "currency", "created_at", "withdrawn_at", "anonymised_at"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return { ok: false as const, reason: "not-found" as const };
  if (order.withdrawn_at || order.anonymised_at) return { ok: false as const, reason: "closed" as const };
  if (order.status !== "dispatched") return { ok: false as const, reason: "not-dispatched" as const };
  return { ok: true as const, order };
}

/** issueReplacement inside a transaction the caller holds: the online payment's settling issues it with the payment (docs/decisions/094). */
export async function issueReplacementIn(trx: AppDatabase, input: ReplacementInput): Promise<ReplacementOutcome> {
  const { orderId, facts, operator, now } = input;
  const found = await replaceableOrder(trx, orderId);
  if (!found.ok) return found;
  const { order } = found;
  // A replacement waiting for its online payment would be issued on top of this one when paid: cancel it first.
  const awaiting = await trx
    .selectFrom("replacement_charges")
    .select("id")
    .where("order_id", "=", order.id)
    .where("state", "=", "awaiting_payment")
    .executeTakeFirst();
  if (awaiting) return { ok: false, reason: "awaiting-payment" };
  // An order placed before codes existed has its first declaration's row made now, to be replaced.
  const current = await currentDeclarationCode(trx, order.id, order.created_at);
  if (input.replaces !== null && input.replaces !== current) return { ok: false, reason: "stale" };
  const at = now.toISOString();
  const replaced = await trx
    .updateTable("declaration_codes")
    .set({ replaced_at: at })
    .where("order_id", "=", order.id)
    .where("code", "=", current)
    .where("replaced_at", "is", null)
    .executeTakeFirst();
  if (Number(replaced.numUpdatedRows) === 0) return { ok: false, reason: "stale" };
  const code = codeFrom(randomInt);
  await trx
    .insertInto("declaration_codes")
    .values({
      order_id: order.id,
      code,
      issued_at: at,
      owner_name: facts.owner,
      flat_address: facts.address,
      flat_city: facts.city,
      declared_on: facts.declaredOn,
      issued_by: operator,
      price_grosze: input.priceGrosze,
    })
    .execute();
  await auditOrder(
    trx,
    order,
    operator,
    {
      action: "declaration_replaced",
      replacedCode: formatCode(current),
      code: formatCode(code),
      owner: facts.owner,
      flatAddress: facts.address,
      declaredOn: facts.declaredOn,
      ...(input.priceGrosze > 0 ? { receivedGrosze: input.priceGrosze } : {}),
      ...(input.paidOnline ? { paidOnline: input.paidOnline.gateway, gatewayOrderId: input.paidOnline.gatewayOrderId } : {}),
    },
    now,
  );
  const mail: ReplacementMailFacts = { ...facts, code, replacedCode: current };
  // One row per order and kind: a second replacement re-arms the e-mail with its own facts.
  await enqueueAgain(trx, order.id, "declaration_replaced", now, mail);
  return { ok: true, code };
}

/** An order's declarations, the first one first; the current one has no `replaced_at`. */
export function declarationsOfOrder(db: AppDatabase, orderId: number): Promise<DeclarationCodeRow[]> {
  return db.selectFrom("declaration_codes").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

/** The flat a declaration names: a replacement's own, the first declaration's from the settings (SUBSTITUTE_FLAT_*). */
export function flatOfDeclaration(
  row: Pick<DeclarationCodeRow, "owner_name" | "flat_address" | "flat_city">,
  settings: SubstituteFlat,
): SubstituteFlat {
  return row.owner_name && row.flat_address
    ? { owner: row.owner_name, address: row.flat_address, city: row.flat_city ?? settings.city }
    : settings;
}

/**
 * The declaration to print for an order: the current one (its row made now for an order placed before
 * codes existed, docs/decisions/089), or the one of the code asked for, a replaced one included; null
 * when the order has no declaration of that code.
 */
export async function declarationToPrint(
  db: AppDatabase,
  order: { id: number; created_at: string },
  askedCode: string | null,
): Promise<DeclarationCodeRow | null> {
  const code = askedCode ?? (await currentDeclarationCode(db, order.id, order.created_at));
  const row = await db
    .selectFrom("declaration_codes")
    .selectAll()
    .where("order_id", "=", order.id)
    .where("code", "=", code)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether a declaration is a replacement (it names its own flat) rather than the order's first. */
export const isReplacement = (row: Pick<DeclarationCodeRow, "owner_name">): boolean => row.owner_name !== null;
