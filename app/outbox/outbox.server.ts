import { randomUUID } from "node:crypto";
import { PostgresAdapter, type Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database, MessageKind, OutboxRow } from "~/db/schema";
import { log as processLog, redactPersonalData } from "~/log/log.server";
import { currentRequestId, runForRequest } from "~/log/request-context.server";
import type { QuietGate } from "./quiet-gate.server";

/**
 * The transactional outbox (docs/decisions/015). A message is written in the same
 * transaction as the change it reports (an order, a payment), so it exists exactly when
 * the change does. A worker in each server process claims due messages one at a time,
 * atomically, and hands them to `deliver`; a failure is retried with exponential backoff.
 *
 * - First retry within 30 s (OUTBOX_FIRST_RETRY_SECONDS), then doubling, at most 15 min apart, for at least 3 days.
 * - A refusal the worker's `isRefusal` recognises (a mail server's 5xx, docs/decisions/069) is given up at once.
 * - A claim left behind by a process that died mid-send is taken over after a minute.
 * - Each attempt is recorded with its error; the log names message ids, never addresses.
 */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_INTERVAL_MS = 15 * 60_000;
export const RETRY_PERIOD_MS = 3 * 24 * 60 * 60_000;
/** Longer than any live send can take (SMTP gives up after 10 s per step), short enough to recover soon after a crash. */
export const STALE_CLAIM_MS = 60_000;

type Writer = AppDatabase | Transaction<Database>;

/** Queues messages of an order. A kind already queued for the order is left as it is (a replay adds nothing). */
export async function enqueueMessages(
  db: Writer,
  orderId: number,
  kinds: readonly MessageKind[],
  now: Date,
  data: Record<string, unknown> | null = null,
): Promise<void> {
  if (kinds.length === 0) return;
  const timestamp = now.toISOString();
  await db
    .insertInto("outbox")
    .values(
      kinds.map((kind) => ({
        order_id: orderId,
        kind,
        data: data ? JSON.stringify(data) : null,
        next_attempt_at: timestamp,
        created_at: timestamp,
        request_id: currentRequestId() ?? null,
      })),
    )
    .onConflict((conflict) => conflict.columns(["order_id", "kind"]).doNothing())
    .execute();
}

/** Queues the messages of a withdrawal statement, which may belong to no order (docs/decisions/046). One of a kind per statement. */
export async function enqueueWithdrawalMessages(db: Writer, withdrawalId: number, kinds: readonly MessageKind[], now: Date): Promise<void> {
  const timestamp = now.toISOString();
  await db
    .insertInto("outbox")
    .values(
      kinds.map((kind) => ({
        withdrawal_id: withdrawalId,
        order_id: null,
        kind,
        data: null,
        next_attempt_at: timestamp,
        created_at: timestamp,
        request_id: currentRequestId() ?? null,
      })),
    )
    .onConflict((conflict) => conflict.columns(["withdrawal_id", "kind"]).doNothing())
    .execute();
}

/** Queues a message about an operator's account, owned by the audit row of what happened to it (the lock, docs/decisions/060). */
export async function enqueueOperatorEventMessage(db: Writer, operatorEventId: number, kind: MessageKind, now: Date): Promise<void> {
  const timestamp = now.toISOString();
  await db
    .insertInto("outbox")
    .values({
      operator_event_id: operatorEventId,
      order_id: null,
      withdrawal_id: null,
      kind,
      data: null,
      next_attempt_at: timestamp,
      created_at: timestamp,
      request_id: currentRequestId() ?? null,
    })
    .execute();
}

/**
 * Queues a message about a conversation's message (docs/decisions/085): the operator's answer to
 * the customer, or the operator's notice of new messages. One of a kind per message; `dueAt`
 * holds a notice back to the minute it may leave in.
 */
export async function enqueueConversationMessage(
  db: Writer,
  conversationMessageId: number,
  kind: MessageKind,
  now: Date,
  dueAt: Date = now,
): Promise<void> {
  await db
    .insertInto("outbox")
    .values({
      conversation_message_id: conversationMessageId,
      order_id: null,
      withdrawal_id: null,
      kind,
      data: null,
      next_attempt_at: dueAt.toISOString(),
      created_at: now.toISOString(),
      request_id: currentRequestId() ?? null,
    })
    .onConflict((conflict) => conflict.columns(["conversation_message_id", "kind"]).doNothing())
    .execute();
}

/**
 * Sends an order's message of a kind again: a new one when none was queued, otherwise the same
 * row back to pending with the given facts (one row per order and kind keeps replays harmless).
 * A send in progress loses its claim, so its result is not recorded and the row goes out again.
 */
export async function enqueueAgain(
  db: Writer,
  orderId: number,
  kind: MessageKind,
  now: Date,
  data: Record<string, unknown> | null,
): Promise<void> {
  const timestamp = now.toISOString();
  await db
    .insertInto("outbox")
    .values({
      order_id: orderId,
      kind,
      data: data ? JSON.stringify(data) : null,
      next_attempt_at: timestamp,
      created_at: timestamp,
      request_id: currentRequestId() ?? null,
    })
    .onConflict((conflict) =>
      conflict.columns(["order_id", "kind"]).doUpdateSet((eb) => ({
        ...(data ? { data: JSON.stringify(data) } : {}),
        status: "pending",
        next_attempt_at: timestamp,
        claim_id: null,
        claimed_at: null,
        last_error: null,
        refused: 0,
        request_id: currentRequestId() ?? null,
        resent: eb(eb.ref("outbox.resent"), "+", 1),
      })),
    )
    .execute();
}

/**
 * Takes back an order's message of a kind that has not left: still waiting, or given up. It is
 * claimed and deleted in the caller's transaction, so a worker either claimed it first (it is
 * leaving: false, the caller treats it as sent) or never sees it. True when it was taken back.
 */
export async function withdrawUnsentMessage(trx: Transaction<Database>, orderId: number, kind: MessageKind): Promise<boolean> {
  // The claim is the worker's own conditional UPDATE; on PostgreSQL it waits for a worker's claim of the row to commit, then finds it sending.
  const claimed = await trx
    .updateTable("outbox")
    .set({ status: "sending", claim_id: `withdrawn-${randomUUID()}` })
    .where("order_id", "=", orderId)
    .where("kind", "=", kind)
    .where("status", "in", ["pending", "failed"])
    .returning("id")
    .executeTakeFirst();
  if (!claimed) return false;
  await trx.deleteFrom("outbox_attempts").where("message_id", "=", claimed.id).execute();
  await trx.deleteFrom("outbox").where("id", "=", claimed.id).execute();
  return true;
}

/** Whether an order's message of a kind is out of our hands: sent, or being sent now. */
export async function messageLeft(db: Writer, orderId: number, kind: MessageKind): Promise<boolean> {
  const row = await db.selectFrom("outbox").select("status").where("order_id", "=", orderId).where("kind", "=", kind).executeTakeFirst();
  return row?.status === "sent" || row?.status === "sending";
}

/** The wait before the next try after `failures` failed ones. */
export function retryDelayMs(failures: number, firstRetryMs = FIRST_RETRY_MS): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, failures - 1), MAX_RETRY_INTERVAL_MS);
}

function isPostgres(db: AppDatabase): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Which kinds of message a worker takes: e-mails in one lane, KSeF's submissions in another, so
 * that a slow or absent KSeF delays no e-mail (docs/decisions/050).
 */
export type OutboxLane = { only: readonly MessageKind[] } | { except: readonly MessageKind[] };

/**
 * Takes the next due message for this worker, or none. One statement: on SQLite the write
 * lock makes it atomic; on PostgreSQL `FOR UPDATE SKIP LOCKED` lets several processes claim
 * different messages at the same moment without waiting for each other.
 */
export async function claimNextMessage(db: AppDatabase, now: Date, lane?: OutboxLane): Promise<OutboxRow | undefined> {
  const timestamp = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const claimId = randomUUID();
  let due = db
    .selectFrom("outbox")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", timestamp)]),
        eb.and([eb("status", "=", "sending"), eb("claimed_at", "<=", staleBefore)]),
      ]),
    );
  if (lane && "only" in lane) due = due.where("kind", "in", [...lane.only]);
  if (lane && "except" in lane) due = due.where("kind", "not in", [...lane.except]);
  const next = due
    .orderBy("next_attempt_at")
    .limit(1)
    .$if(isPostgres(db), (query) => query.forUpdate().skipLocked());
  return db
    .updateTable("outbox")
    .set({ status: "sending", claim_id: claimId, claimed_at: timestamp })
    .where("id", "=", next)
    .returningAll()
    .executeTakeFirst();
}

/** Records a delivered message. Only the worker holding the claim may. */
export async function markSent(db: AppDatabase, message: OutboxRow, now: Date): Promise<void> {
  const timestamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("outbox")
      .set({ status: "sent", sent_at: timestamp, attempts: message.attempts + 1, claim_id: null, last_error: null })
      .where("id", "=", message.id)
      .where("claim_id", "=", message.claim_id)
      .execute();
    await trx
      .insertInto("outbox_attempts")
      .values({ message_id: message.id, attempted_at: timestamp, outcome: "sent", error: null })
      .execute();
  });
}

/**
 * Records a failed attempt and schedules the next one, or gives up: at once when the failure was
 * a refusal (trying again gets the same answer), otherwise once the retry period is over.
 */
export async function markFailed(
  db: AppDatabase,
  message: OutboxRow,
  error: string,
  now: Date,
  { refused = false, firstRetryMs = FIRST_RETRY_MS }: { refused?: boolean; firstRetryMs?: number } = {},
): Promise<"retry" | "gave-up"> {
  const failures = message.attempts + 1;
  const givesUp = refused || now.getTime() - new Date(message.created_at).getTime() >= RETRY_PERIOD_MS;
  const timestamp = now.toISOString();
  const text = error.slice(0, 500);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("outbox")
      .set({
        status: givesUp ? "failed" : "pending",
        attempts: failures,
        next_attempt_at: new Date(now.getTime() + retryDelayMs(failures, firstRetryMs)).toISOString(),
        claim_id: null,
        last_error: text,
        refused: refused ? 1 : 0,
      })
      .where("id", "=", message.id)
      .where("claim_id", "=", message.claim_id)
      .execute();
    await trx
      .insertInto("outbox_attempts")
      .values({ message_id: message.id, attempted_at: timestamp, outcome: "failed", error: text })
      .execute();
  });
  return givesUp ? "gave-up" : "retry";
}

/** Sends one message: composes it from the database and hands it over; resolves with a log-safe reference. */
export type Deliver = (message: OutboxRow) => Promise<string>;

export type OutboxWorkerOptions = {
  db: AppDatabase;
  deliver: Deliver;
  /** How often an idle worker looks for due messages. */
  pollMs?: number;
  now?: () => Date;
  /** A monotonic clock in milliseconds, which times each delivery for `whenQuiet`. */
  elapsedMs?: () => number;
  log?: (line: string) => void;
  /** Rests after each message while the process is busy with requests (quiet-gate.server.ts). */
  whenQuiet?: QuietGate;
  /** The kinds this worker takes; all when not given. */
  lane?: OutboxLane;
  /** Whether a delivery's error is a permanent refusal, given up at once; none is when not given. */
  isRefusal?: (error: unknown) => boolean;
  /** The wait after a first failure (then doubling); FIRST_RETRY_MS when not given. */
  firstRetryMs?: number;
};

export type OutboxWorker = {
  /** Looks for due messages now (after an order, say) instead of at the next poll. */
  nudge(): void;
  /** Sends every due message, one after another; resolves when none is left. */
  drain(): Promise<number>;
  /** Stops polling and waits for the message being sent, if any. */
  stop(): Promise<void>;
};

export function startOutboxWorker({
  db,
  deliver,
  pollMs = 1000,
  now = () => new Date(),
  elapsedMs = () => performance.now(),
  log = (line) => processLog.info(line),
  whenQuiet,
  lane,
  isRefusal = () => false,
  firstRetryMs,
}: OutboxWorkerOptions): OutboxWorker {
  let running: Promise<number> | null = null;
  let stopped = false;

  /** 1 when sent, 0 when not; the lines it writes carry the id of the request that queued the message. */
  async function sendOne(message: OutboxRow): Promise<number> {
    try {
      const reference = await deliver(message);
      await markSent(db, message, now());
      log(`[outbox] message ${message.id} (${message.kind}) sent: ${reference}`);
      return 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const refused = isRefusal(error);
      const outcome = await markFailed(db, message, reason, now(), { refused, firstRetryMs });
      const next = outcome === "retry" ? "will retry" : refused ? "refused for good, giving up" : "giving up";
      // An SMTP server's refusal may quote the recipient: the database keeps the whole reason, the log does not.
      log(`[outbox] message ${message.id} (${message.kind}) failed, ${next}: ${redactPersonalData(reason)}`);
      return 0;
    }
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const message = await claimNextMessage(db, now(), lane);
      if (!message) break;
      const started = elapsedMs();
      const send = () => sendOne(message);
      sent += await (message.request_id ? runForRequest(message.request_id, send) : send());
      if (whenQuiet) await whenQuiet(elapsedMs() - started, () => stopped);
    }
    return sent;
  }

  function drain(): Promise<number> {
    // One pass at a time per process; a nudge during a pass is served by that pass's loop.
    running ??= sendDue()
      .catch((error: unknown) => {
        log(`[outbox] could not read the outbox: ${redactPersonalData(error instanceof Error ? error.message : String(error))}`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void drain(), pollMs);
  timer.unref();

  return {
    nudge: () => void drain(),
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
