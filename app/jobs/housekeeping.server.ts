import type { AppDatabase } from "~/db/db.server";
import { env } from "~/config/env.server";
import { warsawDay } from "~/order/delivery-dates.server";
import { enqueueMessages } from "~/outbox/outbox.server";
import { applyTransition } from "~/flows/transitions.server";
import { SYSTEM_ACTOR, UNPAID_REASON } from "~/order/lifecycle/order-transitions.server";
import { paymentDeadline, REMINDER_DAYS_BEFORE_DEADLINE, reminderDueAt } from "~/order/payment-deadline.server";
import { recoverStalePayments } from "~/payments/recovery.server";
import {
  anonymiseExpiredContactThreads,
  anonymiseExpiredOrders,
  anonymiseExpiredStatements,
  anonymiseUnmatchedWithdrawals,
} from "~/order/lifecycle/anonymisation.server";
import { pollShipments } from "~/shipping/ship.server";
import { readStatementDir } from "~/bank-statements/statement-dir.server";
import { errorFields, log } from "~/log/log.server";
import { queueReviewRequests } from "~/reviews/reviews.server";
import { queueAddressReminders } from "~/order/address-later.server";
import { company } from "~/config/env.server";
import { ksefCertificates } from "~/ksef/boot-certificates.server";
import { certificateExpiries, certificateExpiryMail, sendCertificateExpiryNotices } from "~/ksef/certificate-expiry.server";
import { toHtml } from "~/mail/blocks";
import type { MailTransport } from "~/mail/transport.server";
import type { PaymentGateway } from "~/payments/gateway";
import type { ShippingCarrier } from "~/shipping/carrier";

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
  /** Bank statement files read before the retention cutoff and tied to no kept order, whose bytes went (one tied to orders goes with the last of them). */
  statementFilesAnonymised: number;
  /** Statement lines read before the retention cutoff and tied to no kept order, whose payer and title went. */
  statementLinesAnonymised: number;
  /** Contact page threads whose last message came before the retention cutoff, whose texts, name and address went (an order's thread goes with its order). */
  contactThreadsAnonymised: number;
  signInRecordsPruned: number;
  sessionsPruned: number;
  /** Review requests queued for orders dispatched 10 days ago (docs/decisions/052). */
  reviewRequests: number;
  /** Reminders queued for paid orders still without the flat's address, 7 and 30 days after payment (docs/decisions/091). */
  addressReminders: number;
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
  /** The operator's e-mails 30 and 7 days before a KSeF certificate ends (docs/decisions/056). */
  ksefCertificateNotices?: (now: Date) => Promise<number>;
  /** Statement files the bank delivered to BANK_STATEMENT_DIR, read before the deadlines so no order paid by transfer is cancelled. */
  readStatementFiles?: (now: Date) => Promise<number>;
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
 * One pass: each duty in turn, each on its own. A duty that fails (one provider's odd answer, a
 * value the database refuses) is logged under its name and listed in `failed`; the others still
 * run, so no cancellation, reminder, review request, anonymisation or pruning waits for it.
 */
export async function runHousekeeping(
  db: AppDatabase,
  now: Date,
  settings: HousekeepingSettings,
): Promise<
  HousekeepingResult & {
    paymentsRecovered?: number;
    shipmentsRead?: number;
    ksefCertificateNotices?: number;
    statementFilesRead?: number;
    failed?: string[];
  }
> {
  const result: HousekeepingResult & {
    paymentsRecovered?: number;
    shipmentsRead?: number;
    ksefCertificateNotices?: number;
    statementFilesRead?: number;
  } = {
    reminded: 0,
    cancelled: 0,
    anonymised: 0,
    withdrawalsAnonymised: 0,
    statementFilesAnonymised: 0,
    statementLinesAnonymised: 0,
    contactThreadsAnonymised: 0,
    signInRecordsPruned: 0,
    sessionsPruned: 0,
    reviewRequests: 0,
    addressReminders: 0,
  };
  const cutoff = retentionCutoff(now, settings.retentionYears).toISOString();
  const { recoverPayments, pollShipments, ksefCertificateNotices, readStatementFiles } = settings;
  const failed: string[] = [];
  const duties: Array<readonly [string, () => Promise<Partial<typeof result>>]> = [];
  // Online payments first, so no order paid online is cancelled as unpaid below: if they could not be asked about, nothing is.
  if (recoverPayments) duties.push(["payments recovery", async () => ({ paymentsRecovered: await recoverPayments(now) })]);
  if (readStatementFiles) duties.push(["bank statement files", async () => ({ statementFilesRead: await readStatementFiles(now) })]);
  if (pollShipments) duties.push(["shipments", async () => ({ shipmentsRead: await pollShipments(now) })]);
  if (ksefCertificateNotices)
    duties.push(["KSeF certificate notices", async () => ({ ksefCertificateNotices: await ksefCertificateNotices(now) })]);
  duties.push(
    [
      "payment deadlines",
      async () => {
        if (failed.includes("payments recovery")) throw new Error("skipped: the online payments could not be asked about");
        if (failed.includes("bank statement files")) throw new Error("skipped: the bank's statement files could not be read");
        return remindAndCancelUnpaid(db, now, settings.paymentDeadlineDays);
      },
    ],
    ["review requests", async () => ({ reviewRequests: await queueReviewRequests(db, now) })],
    ["address reminders", async () => ({ addressReminders: await queueAddressReminders(db, now) })],
    ["anonymisation", async () => ({ anonymised: await anonymiseExpiredOrders(db, cutoff, now) })],
    ["withdrawals anonymisation", async () => ({ withdrawalsAnonymised: await anonymiseUnmatchedWithdrawals(db, cutoff) })],
    [
      "bank statements anonymisation",
      async () => {
        const { files, lines } = await anonymiseExpiredStatements(db, cutoff);
        return { statementFilesAnonymised: files, statementLinesAnonymised: lines };
      },
    ],
    ["contact threads anonymisation", async () => ({ contactThreadsAnonymised: await anonymiseExpiredContactThreads(db, cutoff, now) })],
    ["sign-in records", async () => ({ signInRecordsPruned: await pruneSignInRecords(db, now) })],
    ["sessions", async () => ({ sessionsPruned: await pruneSessions(db, now) })],
  );
  for (const [duty, run] of duties) {
    try {
      Object.assign(result, await run());
    } catch (error) {
      log.error({ ...errorFields(error), duty }, "housekeeping duty failed");
      failed.push(duty);
    }
  }
  return failed.length > 0 ? { ...result, failed } : result;
}

/**
 * Reminders from two days before the payment deadline, and cancellations of unpaid orders past it.
 * An order the customer withdrew from gets no reminder and no e-mail about payment; past the
 * deadline it is still closed, so its retention period can run.
 */
async function remindAndCancelUnpaid(db: AppDatabase, now: Date, days: number): Promise<{ reminded: number; cancelled: number }> {
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
      // The operator's cancel: the same checks, history line and e-mail (none to a customer who withdrew).
      const moved = await applyTransition(db, order.id, { transition: "cancel", reason: UNPAID_REASON }, SYSTEM_ACTOR, now);
      if (moved.ok) cancelled += 1;
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
  return { reminded, cancelled };
}

async function pruneSignInRecords(db: AppDatabase, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SIGN_IN_RECORDS_KEPT_MS).toISOString();
  const pruned = await db.deleteFrom("sign_in_attempts").where("attempted_at", "<", before).executeTakeFirst();
  return Number(pruned.numDeletedRows);
}

async function pruneSessions(db: AppDatabase, now: Date): Promise<number> {
  const ended = await db.deleteFrom("admin_sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(ended.numDeletedRows);
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
/** Started once per server process (server.ts), with the clients it builds; the timer does not keep the process alive. */
export function startHousekeeping(
  db: AppDatabase,
  services: { payments: PaymentGateway | null; shipping: ShippingCarrier | null; mail: MailTransport },
): void {
  if (started) return;
  started = true;
  const { payments: gateway, shipping: carrier } = services;
  const settings: HousekeepingSettings = {
    paymentDeadlineDays: env.PAYMENT_DEADLINE_DAYS,
    retentionYears: env.RETENTION_YEARS,
    recoverPayments: gateway ? (now) => recoverStalePayments(db, gateway, now) : undefined,
    pollShipments: carrier ? (now) => pollShipments(db, carrier, now) : undefined,
    ksefCertificateNotices:
      ksefCertificates.authentication || ksefCertificates.offline ? notifyOfCertificates(db, services.mail) : undefined,
    readStatementFiles: env.BANK_STATEMENT_DIR ? readStatementFilesIn(db, env.BANK_STATEMENT_DIR) : undefined,
  };
  const tick = () => runHousekeepingOnce(db, new Date(), settings).catch((error) => log.error(errorFields(error), "housekeeping failed"));
  setTimeout(tick, 5000).unref();
  setInterval(tick, HOUSEKEEPING_INTERVAL_MS).unref();
}

/** The statement files read this pass, imported or refused (a file the same as one read before counts too). */
function readStatementFilesIn(db: AppDatabase, dir: string): (now: Date) => Promise<number> {
  return async (now) => {
    const { imported, sameFile, refused } = await readStatementDir(db, dir, now);
    return imported + sameFile + refused;
  };
}

/** Housekeeping's e-mail to the operator about a KSeF certificate near its end, straight over SMTP (it belongs to no order). */
function notifyOfCertificates(db: AppDatabase, transport: MailTransport): (now: Date) => Promise<number> {
  return (now) =>
    sendCertificateExpiryNotices(db, certificateExpiries(ksefCertificates, now), now, async (expiry) => {
      const mail = certificateExpiryMail(expiry, env.SITE_URL);
      await transport.send({
        to: env.OPERATOR_EMAIL,
        replyTo: company.email,
        subject: mail.subject,
        text: mail.text,
        html: toHtml([{ paragraphs: mail.text.split("\n\n") }], "pl"),
        attachments: [],
        messageId: `<ksef-certificate-${expiry.serialHex}-${now.toISOString().slice(0, 10)}@${new URL(env.SITE_URL).hostname}>`,
      });
    });
}
