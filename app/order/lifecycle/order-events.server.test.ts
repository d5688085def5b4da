import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, migratedTarget } from "../../../tests/support/test-databases";
import { placeSampleOrder } from "../../../tests/support/sample-order";
import { auditOrder, recordOrderEvent } from "./order-events.server";

const T0 = new Date("2026-11-29T10:00:00Z");

describe.each(DIALECTS)("the order's history on %s", (dialect) => {
  let db: AppDatabase;
  let orderId: number;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    orderId = (await placeSampleOrder(db, T0)).order.id;
  });
  afterEach(() => db.destroy());

  const history = () =>
    db
      .selectFrom("order_events")
      .select(["operator", "from_status", "to_status", "details", "at"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute();

  it("writes a move with who, from, to, its facts as JSON and the moment as ISO text", async () => {
    await db.transaction().execute((trx) =>
      recordOrderEvent(trx, {
        orderId,
        operator: "system",
        from: "awaiting_payment",
        to: "cancelled",
        details: { reason: "unpaid" },
        at: T0,
      }),
    );
    expect(await history()).toEqual([
      { operator: "system", from_status: "awaiting_payment", to_status: "cancelled", details: '{"reason":"unpaid"}', at: T0.toISOString() },
    ]);
  });

  it("writes a line that moves no status with the order's own status on both sides", async () => {
    await auditOrder(db, { id: orderId, status: "awaiting_payment" }, "op@example.com", { action: "resend", kind: "order_received" }, T0);
    expect(await history()).toEqual([
      {
        operator: "op@example.com",
        from_status: "awaiting_payment",
        to_status: "awaiting_payment",
        details: '{"action":"resend","kind":"order_received"}',
        at: T0.toISOString(),
      },
    ]);
  });

  it("leaves nothing behind when the caller's transaction rolls back", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await auditOrder(trx, { id: orderId, status: "awaiting_payment" }, "op@example.com", { action: "note" }, T0);
        throw new Error("the caller's own write failed");
      }),
    ).rejects.toThrow("the caller's own write failed");
    expect(await history()).toEqual([]);
  });
});

describe("one writer of order_events", () => {
  const appDir = join(import.meta.dirname, "../..");
  const WRITER = "order/lifecycle/order-events.server.ts";
  /** Kysely's insert, or raw SQL's. */
  const INSERTS = [/insertInto\(\s*["'`]order_events\b/, /insert\s+into\s+"?order_events\b/i];

  it("is this module alone: no other module of app/ inserts into order_events", () => {
    const writers = (readdirSync(appDir, { recursive: true }) as string[])
      .filter((path) => /\.(ts|tsx)$/.test(path) && !/\.test\.(ts|tsx)$/.test(path))
      // A migration creates the table; it does not write the history.
      .filter((path) => !path.startsWith(join("db", "migrations")))
      .filter((path) => INSERTS.some((insert) => insert.test(readFileSync(join(appDir, path), "utf8"))))
      .map((path) => relative(appDir, join(appDir, path)).split("\\").join("/"));
    expect(writers).toEqual([WRITER]);
  });
});
