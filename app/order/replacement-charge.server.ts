import type { AppDatabase } from "~/db/db.server";
import type { PaymentRow, ReplacementChargeRow } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import { enqueueAgain } from "~/outbox/outbox.server";
import { auditOrder } from "./lifecycle/order-events.server";
import { SYSTEM_ACTOR } from "./lifecycle/order-transitions.server";
import { issueReplacementIn, replaceableOrder, type ReplacementFacts } from "./replacement.server";

/**
 * A paid replacement declaration the customer pays online (docs/decisions/094): its facts wait as a
 * charge until the gateway confirms the payment, which issues it exactly as issueReplacement does.
 */
export type ChargeRequestOutcome =
  { ok: true; chargeId: number } | { ok: false; reason: "not-found" | "not-dispatched" | "closed" | "already-awaiting" };

/** What the customer's e-mail and page say about the replacement they are asked to pay for. */
export type ChargeMailFacts = ReplacementFacts & { priceGrosze: number };

/** The partial unique index: one charge awaiting payment per order. SQLite names its column, PostgreSQL the index. */
function awaitingAlready(error: unknown): boolean {
  return (
    isUniqueViolation(error, "replacement_charges", ["order_id"]) ||
    (error as { constraint?: string } | null)?.constraint === "replacement_charges_one_awaiting"
  );
}

/**
 * "Poproś klienta o płatność online": in ONE transaction the charge is stored with its price, the
 * history says so and the customer's e-mail (its link and amount) is queued. A second request while
 * one waits is refused, however close together the two came (the partial unique index decides).
 */
export async function requestReplacementPayment(
  db: AppDatabase,
  input: { orderId: number; facts: ReplacementFacts; priceGrosze: number; operator: string; now: Date },
): Promise<ChargeRequestOutcome> {
  const { orderId, facts, priceGrosze, operator, now } = input;
  try {
    return await db.transaction().execute(async (trx): Promise<ChargeRequestOutcome> => {
      const found = await replaceableOrder(trx, orderId);
      if (!found.ok) return found;
      const { order } = found;
      const charge = await trx
        .insertInto("replacement_charges")
        .values({
          order_id: order.id,
          owner_name: facts.owner,
          flat_address: facts.address,
          flat_city: facts.city,
          declared_on: facts.declaredOn,
          price_grosze: priceGrosze,
          currency: order.currency,
          state: "awaiting_payment",
          requested_by: operator,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await auditOrder(
        trx,
        order,
        operator,
        {
          action: "replacement_payment_requested",
          owner: facts.owner,
          flatAddress: facts.address,
          declaredOn: facts.declaredOn,
          dueGrosze: priceGrosze,
        },
        now,
      );
      const mail: ChargeMailFacts = { ...facts, priceGrosze };
      await enqueueAgain(trx, order.id, "replacement_payment_requested", now, mail);
      return { ok: true, chargeId: charge.id };
    });
  } catch (error) {
    if (awaitingAlready(error)) return { ok: false, reason: "already-awaiting" };
    throw error;
  }
}

/** The operator withdraws the request; a payment that still arrives for it is the operator's to return (settleChargeIn). */
export async function cancelReplacementCharge(
  db: AppDatabase,
  input: { orderId: number; chargeId: number; operator: string; now: Date },
): Promise<boolean> {
  const { orderId, chargeId, operator, now } = input;
  return db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable("replacement_charges")
      .set({ state: "cancelled", cancelled_at: now.toISOString(), cancelled_by: operator })
      .where("id", "=", chargeId)
      .where("order_id", "=", orderId)
      .where("state", "=", "awaiting_payment")
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) !== 1) return false;
    const order = await trx.selectFrom("orders").select(["id", "status"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    await auditOrder(trx, order, operator, { action: "replacement_payment_cancelled" }, now);
    return true;
  });
}

/** The order's replacement awaiting payment, if any. */
export async function awaitingCharge(db: AppDatabase, orderId: number): Promise<ReplacementChargeRow | null> {
  const row = await db
    .selectFrom("replacement_charges")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("state", "=", "awaiting_payment")
    .executeTakeFirst();
  return row ?? null;
}

/** A charge read by id, for the payment that names it. */
export async function chargeById(db: AppDatabase, chargeId: number): Promise<ReplacementChargeRow | null> {
  return (await db.selectFrom("replacement_charges").selectAll().where("id", "=", chargeId).executeTakeFirst()) ?? null;
}

/**
 * The paid part of settling a charge's payment, inside the settling transaction (app/payments/settle.server.ts):
 * the charge becomes paid and its replacement is issued. The charge's state is the guard: cancelled meanwhile,
 * or refused by the order (withdrawn, erased, another replacement came first), the money is the operator's to
 * return and they are told; the order's own status and payment stay as they are.
 */
export async function settleChargeIn(
  trx: AppDatabase,
  payment: Pick<PaymentRow, "order_id" | "amount_grosze" | "gateway"> & { replacement_charge_id: number },
  gatewayOrderId: string,
  now: Date,
): Promise<"issued" | "to-return"> {
  const at = now.toISOString();
  const claimed = await trx
    .updateTable("replacement_charges")
    .set({ state: "paid", paid_at: at })
    .where("id", "=", payment.replacement_charge_id)
    .where("state", "=", "awaiting_payment")
    .returningAll()
    .executeTakeFirst();
  const issued = claimed
    ? await issueReplacementIn(trx, {
        orderId: claimed.order_id,
        replaces: null,
        facts: { owner: claimed.owner_name, address: claimed.flat_address, city: claimed.flat_city, declaredOn: claimed.declared_on },
        priceGrosze: claimed.price_grosze,
        operator: claimed.requested_by,
        now,
        paidOnline: { gateway: payment.gateway, gatewayOrderId },
      })
    : null;
  if (claimed && issued?.ok) {
    await trx.updateTable("replacement_charges").set({ code: issued.code }).where("id", "=", claimed.id).execute();
    return "issued";
  }
  if (claimed) {
    // Paid, but the order no longer takes it: the request ends, and the money goes back by the operator's hand.
    await trx
      .updateTable("replacement_charges")
      .set({ state: "cancelled", paid_at: null, cancelled_at: at, cancelled_by: SYSTEM_ACTOR })
      .where("id", "=", claimed.id)
      .execute();
  }
  await enqueueAgain(trx, payment.order_id, "operator_payment_to_return", now, { receivedGrosze: payment.amount_grosze });
  return "to-return";
}
