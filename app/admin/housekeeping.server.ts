import type { AppDatabase } from "~/db/db.server";
import { env } from "~/config/env.server";
import { warsawDay } from "~/config/delivery-dates.server";
import { enqueueMessages } from "~/outbox/outbox.server";
import { paymentDeadline, REMINDER_DAYS_BEFORE_DEADLINE, reminderDueAt } from "~/order/payment-deadline.server";
import { configuredGateway } from "~/payments/gateway.server";
import { recoverStalePayments } from "~/payments/recovery.server";
import { anonymiseExpiredOrders, anonymiseUnmatchedWithdrawals } from "./anonymisation.server";
import { pollShipments } from "~/shipping/ship.server";
import { configuredCarrier } from "~/shipping/shipping.server";
import { errorFields, log } from "~/log/log.server";
import { queueReviewRequests } from "~/reviews/reviews.server";

export const HOUSEKEEPING_JOB = "housekeeping";
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
/** A run that crashed mid-way frees its lease after this long. */
const LEASE_MS = 5 * 60_000;

/**
 * Takes the job's lease in one UPDATE, so of several processes only one runs the job per period:
 * the row is changed only when no lease is held and the period since the last run is over.
 */
export async function takeLease(db: AppDatabase, name: string, now: Date, periodMs: number): Promise<boolean> {
  const at = now.toISOString();
  await db
    .insertInto("job_runs")
    .values({ name, last_run_at: null, lease_until: null, last_result: null })
    .onConflict((c) => c.column("name").doNothing())
    .execute();
  const periodStart = new Date(now.getTime() - periodMs).toISOString();
  const taken = await db
    .updateTable("job_runs")
    .set({ lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where("name", "=", name)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
    .where((eb) => eb.or([eb("last_run_at", "is", null), eb("last_run_at", "<=", periodStart)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export type HousekeepingResult = {
  reminded: number;
  cancelled: number;
  anonymised: number;
  /** Withdrawal statements that matched no order, received before the retention cutoff (a matched one goes with its order). */
  withdrawalsAnonymised: number;
  signInRecordsPruned: number;
  sessionsPruned: number;
  /** Review requests queued for orders dispatched 10 days ago (docs/decisions/052). */
  reviewRequests: number;
};

/** Sign-in attempts hold e-mail and IP addresses; the lockout reads 15 minutes of them, so a day is plenty. */
export const SIGN_IN_RECORDS_KEPT_MS = 24 * 60 * 60_000;
export type HousekeepingSettings = {
  paymentDeadlineDays: number;
  retentionYears: number;
  /** Online payments whose notification never came, asked about first so no paid order is cancelled as unpaid. */
  recoverPayments?: (now: Date) => Promise<number>;
  /** InPost shipments read again: a lost webhook, a crash before the answer was stored (docs/decisions/048). */
  pollShipments?: (now: Date) => Promise<number>;
};

/**
 * The moment up to which a dispatch or cancellation means the retention period has ended. Data are kept until the
 * end of the `retentionYears`-th calendar year after the year the order ended in: claims under the agreement become
 * time-barred at the end of a calendar year (art. 118 of the civil code), so an order that ended in 2026 is kept
 * through 31 December 2032 (Warsaw) with 6 years. The cutoff is the last moment of the year `retentionYears + 1` ago.
 */
export function retentionCutoff(now: Date, retentionYears: number): Date {
  const firstYearKept = Number(warsawDay(now).slice(0, 4)) - retentionYears;
  // Midnight of 1 January in Warsaw is 23:00 UTC the day before (no summer time in winter).
  return new Date(Date.UTC(firstYearKept - 1, 11, 31, 23, 0, 0) - 1);
}

/**
 * One pass: reminders, cancellations of unpaid orders past the deadline, review requests,
 * anonymisation, and the back office's own records pruned. An order the customer withdrew from gets
 * no reminder and no e-mail about payment; past the deadline it is still closed, so its retention
 * period can run.
 */
export async function runHousekeeping(
  db: AppDatabase,
  now: Date,
  settings: HousekeepingSettings,
): Promise<HousekeepingResult & { paymentsRecovered?: number; shipmentsRead?: number }> {
  const paymentsRecovered = settings.recoverPayments ? await settings.recoverPayments(now) : undefined;
  const shipmentsRead = settings.pollShipments ? await settings.pollShipments(now) : undefined;
  const days = settings.paymentDeadlineDays;
  // No order placed after this moment can be due a reminder yet (a deadline only ever moves later), so
  // the query reads only the orders that may be; each one's own deadline decides (app/order/payment-deadline.server.ts).
  const remindIfOrderedBefore = new Date(now.getTime() - (days - REMINDER_DAYS_BEFORE_DEADLINE) * 24 * 60 * 60 * 1000);

  const unpaid = await db
    .selectFrom("orders")
    .select(["id", "created_at", "withdrawn_at"])
    .where("status", "=", "awaiting_payment")
    .where("created_at", "<=", remindIfOrderedBefore.toISOString())
    .execute();
  let reminded = 0;
  let cancelled = 0;
  for (const order of unpaid) {
    const orderedAt = new Date(order.created_at);
    const deadline = paymentDeadline(orderedAt, days);
    if (deadline.endsAt <= now) {
      const done = await db.transaction().execute(async (trx) => {
        const at = now.toISOString();
        const result = await trx
          .updateTable("orders")
          .set({ status: "cancelled", cancelled_at: at, cancel_reason: "unpaid", updated_at: at })
          .where("id", "=", order.id)
          .where("status", "=", "awaiting_payment")
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto("order_events")
          .values({
            order_id: order.id,
            operator: "system",
            from_status: "awaiting_payment",
            to_status: "cancelled",
            details: JSON.stringify({ reason: "unpaid" }),
            at,
          })
          .execute();
        // A customer who withdrew has been told what happens (the acknowledgement, their order page): no e-mail about payment.
        if (!order.withdrawn_at) await enqueueMessages(trx, order.id, ["order_cancelled"], now, { reason: "unpaid" });
        return true;
      });
      if (done) cancelled += 1;
    } else if (!order.withdrawn_at && reminderDueAt(orderedAt, days) <= now) {
      const before = await db
        .selectFrom("outbox")
        .select("id")
        .where("order_id", "=", order.id)
        .where("kind", "=", "payment_reminder")
        .executeTakeFirst();
      if (before) continue;
      await enqueueMessages(db, order.id, ["payment_reminder"], now, { deadline: deadline.endsAt.toISOString() });
      reminded += 1;
    }
  }

  const reviewRequests = await queueReviewRequests(db, now);
  const cutoff = retentionCutoff(now, settings.retentionYears).toISOString();
  const anonymised = await anonymiseExpiredOrders(db, cutoff, now);
  const withdrawalsAnonymised = await anonymiseUnmatchedWithdrawals(db, cutoff);
  const oldAttempts = await db
    .deleteFrom("sign_in_attempts")
    .where("attempted_at", "<", new Date(now.getTime() - SIGN_IN_RECORDS_KEPT_MS).toISOString())
    .executeTakeFirst();
  const endedSessions = await db.deleteFrom("admin_sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return {
    reminded,
    cancelled,
    anonymised,
    withdrawalsAnonymised,
    signInRecordsPruned: Number(oldAttempts.numDeletedRows),
    sessionsPruned: Number(endedSessions.numDeletedRows),
    reviewRequests,
    ...(paymentsRecovered === undefined ? {} : { paymentsRecovered }),
    ...(shipmentsRead === undefined ? {} : { shipmentsRead }),
  };
}

/** Runs the job if this process holds the lease, and records the run. */
export async function runHousekeepingOnce(
  db: AppDatabase,
  now: Date,
  settings: HousekeepingSettings,
  periodMs = HOUSEKEEPING_INTERVAL_MS,
): Promise<HousekeepingResult | null> {
  if (!(await takeLease(db, HOUSEKEEPING_JOB, now, periodMs - 1000))) return null;
  const result = await runHousekeeping(db, now, settings);
  await db
    .updateTable("job_runs")
    .set({ last_run_at: now.toISOString(), lease_until: null, last_result: JSON.stringify(result) })
    .where("name", "=", HOUSEKEEPING_JOB)
    .execute();
  return result;
}

let started = false;
/** Started once per server process (app/entry.server.tsx); the timer does not keep the process alive. */
export function startHousekeeping(db: AppDatabase): void {
  if (started) return;
  started = true;
  const gateway = configuredGateway();
  const carrier = configuredCarrier();
  const settings: HousekeepingSettings = {
    paymentDeadlineDays: env.PAYMENT_DEADLINE_DAYS,
    retentionYears: env.RETENTION_YEARS,
    recoverPayments: gateway ? (now) => recoverStalePayments(db, gateway, now) : undefined,
    pollShipments: carrier ? (now) => pollShipments(db, carrier, now) : undefined,
  };
  const tick = () => runHousekeepingOnce(db, new Date(), settings).catch((error) => log.error(errorFields(error), "housekeeping failed"));
  setTimeout(tick, 5000).unref();
  setInterval(tick, HOUSEKEEPING_INTERVAL_MS).unref();
}
