import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { OutboxRow } from "~/db/schema";
import {
  claimNextMessage,
  enqueueAgain,
  enqueueMessages,
  FIRST_RETRY_MS,
  markFailed,
  markSent,
  MAX_RETRY_INTERVAL_MS,
  retryDelayMs,
  STALE_CLAIM_MS,
  startOutboxWorker,
} from "./outbox.server";
import { placeSampleOrder } from "../../tests/support/sample-order";

const T0 = new Date("2026-11-23T09:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

let db: AppDatabase;
let orderId: number;
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "outbox-")), "app.db") });
  const { order } = await placeSampleOrder(db, T0);
  orderId = order.id;
  // Placing an order queues its own messages; these tests start from an empty outbox.
  await db.deleteFrom("outbox").execute();
});
afterEach(() => db.destroy());

const attemptsOf = (id: number) => db.selectFrom("outbox_attempts").selectAll().where("message_id", "=", id).orderBy("id").execute();

describe("the outbox", () => {
  it("queues a kind once per order: a replay adds nothing", async () => {
    await enqueueMessages(db, orderId, ["order_confirmation", "operator_new_order"], T0);
    await enqueueMessages(db, orderId, ["order_confirmation"], later(1000));
    const rows = await db.selectFrom("outbox").select(["kind", "status", "next_attempt_at"]).orderBy("id").execute();
    expect(rows).toEqual([
      { kind: "order_confirmation", status: "pending", next_attempt_at: T0.toISOString() },
      { kind: "operator_new_order", status: "pending", next_attempt_at: T0.toISOString() },
    ]);
  });

  it("hands a due message to one claimant only, and takes over a claim left by a dead process after a minute", async () => {
    await enqueueMessages(db, orderId, ["order_confirmation"], T0);
    const first = await claimNextMessage(db, T0);
    expect(first?.kind).toBe("order_confirmation");
    expect(await claimNextMessage(db, later(1000))).toBeUndefined();
    const takeover = await claimNextMessage(db, later(STALE_CLAIM_MS));
    expect(takeover?.id).toBe(first?.id);
    expect(takeover?.claim_id).not.toBe(first?.claim_id);
    // The first claimant's late answer no longer counts.
    await markSent(db, first as OutboxRow, later(STALE_CLAIM_MS + 1));
    expect((await db.selectFrom("outbox").select("status").executeTakeFirstOrThrow()).status).toBe("sending");
  });

  it("does not hand out a message before it is due", async () => {
    await enqueueMessages(db, orderId, ["order_paid"], later(60_000));
    expect(await claimNextMessage(db, T0)).toBeUndefined();
    expect(await claimNextMessage(db, later(60_000))).toBeDefined();
  });

  it("retries within 30 s, then doubling, at most 15 minutes apart, and gives up only after 3 days", async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => retryDelayMs(failures))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000,
    ]);
    expect(retryDelayMs(1)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(50)).toBe(MAX_RETRY_INTERVAL_MS);

    await enqueueMessages(db, orderId, ["order_confirmation"], T0);
    let now = T0;
    let outcome: "retry" | "gave-up" = "retry";
    let tries = 0;
    while (outcome === "retry") {
      const message = await claimNextMessage(db, now);
      if (!message) throw new Error(`nothing due at ${now.toISOString()}`);
      outcome = await markFailed(db, message, "421 Service not available", now);
      tries += 1;
      now = new Date((await db.selectFrom("outbox").select("next_attempt_at").executeTakeFirstOrThrow()).next_attempt_at);
    }
    const row = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.last_error).toBe("421 Service not available");
    const attempts = await attemptsOf(row.id);
    expect(attempts).toHaveLength(tries);
    const lastTry = new Date(attempts.at(-1)!.attempted_at).getTime();
    expect(lastTry - T0.getTime()).toBeGreaterThanOrEqual(3 * 24 * 60 * 60_000);
    expect(attempts.every((attempt) => attempt.outcome === "failed" && attempt.error === "421 Service not available")).toBe(true);
  }, 30_000);

  it("the worker gives a refused message up at once, records why, and sending it again re-arms it", async () => {
    await enqueueMessages(db, orderId, ["order_confirmation", "operator_new_order"], T0);
    class Refusal extends Error {}
    const lines: string[] = [];
    const worker = startOutboxWorker({
      db,
      now: () => T0,
      pollMs: 60_000,
      log: (line) => lines.push(line),
      isRefusal: (error) => error instanceof Refusal,
      deliver: async (message) => {
        if (message.kind === "order_confirmation") throw new Refusal("550 5.1.1 <jan@example.com>: User unknown");
        throw new Error("421 4.3.2 Service shutting down");
      },
    });
    await worker.drain();
    await worker.stop();
    const rows = await db.selectFrom("outbox").select(["kind", "status", "attempts", "refused", "last_error"]).orderBy("id").execute();
    expect(rows).toEqual([
      { kind: "order_confirmation", status: "failed", attempts: 1, refused: 1, last_error: "550 5.1.1 <jan@example.com>: User unknown" },
      { kind: "operator_new_order", status: "pending", attempts: 1, refused: 0, last_error: "421 4.3.2 Service shutting down" },
    ]);
    expect(lines[0]).toContain("refused for good, giving up");
    expect(lines[0]).not.toContain("jan@example.com");

    await enqueueAgain(db, orderId, "order_confirmation", later(60_000), null);
    const again = await db
      .selectFrom("outbox")
      .select(["status", "refused", "last_error"])
      .where("kind", "=", "order_confirmation")
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ status: "pending", refused: 0, last_error: null });
  });

  it("the worker sends every due message once, records each attempt, and comes back to a failed one", async () => {
    await enqueueMessages(db, orderId, ["order_confirmation", "operator_new_order"], T0);
    let clock = T0;
    let failOnce = true;
    const delivered: string[] = [];
    const worker = startOutboxWorker({
      db,
      now: () => clock,
      pollMs: 60_000,
      log: () => undefined,
      deliver: async (message) => {
        if (message.kind === "operator_new_order" && failOnce) {
          failOnce = false;
          throw new Error("connection refused");
        }
        delivered.push(message.kind);
        return `test-${message.id}`;
      },
    });
    expect(await worker.drain()).toBe(1);
    expect(delivered).toEqual(["order_confirmation"]);
    expect(await worker.drain()).toBe(0);
    clock = later(FIRST_RETRY_MS);
    expect(await worker.drain()).toBe(1);
    expect(delivered).toEqual(["order_confirmation", "operator_new_order"]);
    await worker.stop();
    const rows = await db.selectFrom("outbox").select(["kind", "status", "attempts", "last_error"]).orderBy("id").execute();
    expect(rows).toEqual([
      { kind: "order_confirmation", status: "sent", attempts: 1, last_error: null },
      { kind: "operator_new_order", status: "sent", attempts: 2, last_error: null },
    ]);
  });
  it("a worker given a shorter first retry (OUTBOX_FIRST_RETRY_SECONDS) comes back after it, then after double", async () => {
    await enqueueMessages(db, orderId, ["order_confirmation"], T0);
    let clock = T0;
    let failures = 2;
    const worker = startOutboxWorker({
      db,
      now: () => clock,
      pollMs: 60_000,
      log: () => undefined,
      firstRetryMs: 2_000,
      deliver: async (message) => {
        if (failures-- > 0) throw new Error("connection refused");
        return `test-${message.id}`;
      },
    });
    expect(await worker.drain()).toBe(0);
    clock = later(1_999);
    expect(await worker.drain()).toBe(0);
    clock = later(2_000);
    expect(await worker.drain()).toBe(0);
    clock = later(2_000 + 3_999);
    expect(await worker.drain()).toBe(0);
    clock = later(2_000 + 4_000);
    expect(await worker.drain()).toBe(1);
    await worker.stop();
    expect(retryDelayMs(1, 2_000)).toBe(2_000);
    expect(retryDelayMs(20, 2_000)).toBe(MAX_RETRY_INTERVAL_MS);
  });

  it("the worker rests at its gate after each message, told how long the message took", async () => {
    await enqueueMessages(db, orderId, ["order_confirmation", "operator_new_order"], T0);
    const delivered: string[] = [];
    const rests: Array<{ workMs: number; open: () => void }> = [];
    let elapsed = 0;
    const worker = startOutboxWorker({
      db,
      now: () => T0,
      elapsedMs: () => elapsed,
      pollMs: 60_000,
      log: () => undefined,
      whenQuiet: (workMs) => new Promise<void>((open) => rests.push({ workMs, open })),
      deliver: async (message) => {
        elapsed += 30;
        delivered.push(message.kind);
        return `test-${message.id}`;
      },
    });
    const draining = worker.drain();
    // Resting at the gate after the first message: the second waits until the gate opens.
    await vi.waitFor(() => expect(rests).toHaveLength(1));
    expect(delivered).toEqual(["order_confirmation"]);
    expect(rests[0]!.workMs).toBe(30);
    rests[0]!.open();
    await vi.waitFor(() => expect(rests).toHaveLength(2));
    expect(delivered).toEqual(["order_confirmation", "operator_new_order"]);
    rests[1]!.open();
    expect(await draining).toBe(2);
    await worker.stop();
  });
});
