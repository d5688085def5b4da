import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { applyTransition } from "./order-transitions.server";
import { placeSampleOrder } from "../../tests/support/sample-order";

const T0 = new Date("2026-11-23T09:00:00Z");

describe.each(DIALECTS)("transitions on %s", (dialect) => {
  let db: AppDatabase;
  let orderId: number;
  beforeEach(async () => {
    db = await openDatabase(await freshTarget(dialect));
    const { order } = await placeSampleOrder(db, T0);
    orderId = order.id;
  });
  afterEach(() => db.destroy());

  const orderRow = () => db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const customerMessages = () =>
    db
      .selectFrom("outbox")
      .select(["kind", "data"])
      .where("order_id", "=", orderId)
      .where("kind", "in", ["order_paid", "order_dispatched", "order_cancelled"])
      .orderBy("id")
      .execute();

  describe("applying a status transition", () => {
    it("marks paid then dispatched, each with its audit row and customer e-mail", async () => {
      expect(await applyTransition(db, orderId, { transition: "mark_paid", paidAt: "2026-11-24" }, "op@example.com", T0)).toEqual({
        ok: true,
        from: "awaiting_payment",
        to: "paid",
      });
      expect(
        await applyTransition(
          db,
          orderId,
          { transition: "mark_dispatched", trackingNumber: "RR123456789PL", courier: "Poczta Polska" },
          "op@example.com",
          T0,
        ),
      ).toMatchObject({ ok: true, to: "dispatched" });
      const order = await orderRow();
      expect(order).toMatchObject({
        status: "dispatched",
        paid_at: "2026-11-24",
        tracking_number: "RR123456789PL",
        courier: "Poczta Polska",
        dispatched_at: T0.toISOString(),
      });
      const events = await db
        .selectFrom("order_events")
        .select(["operator", "from_status", "to_status", "details"])
        .orderBy("id")
        .execute();
      expect(events.map((e) => [e.from_status, e.to_status, e.operator])).toEqual([
        ["awaiting_payment", "paid", "op@example.com"],
        ["paid", "dispatched", "op@example.com"],
      ]);
      expect((await customerMessages()).map((m) => [m.kind, JSON.parse(m.data ?? "null")])).toEqual([
        ["order_paid", { paidAt: "2026-11-24" }],
        ["order_dispatched", { trackingNumber: "RR123456789PL", courier: "Poczta Polska" }],
      ]);
    });

    it("refuses a move the rules do not allow and changes nothing", async () => {
      expect(await applyTransition(db, orderId, { transition: "mark_dispatched", trackingNumber: "X", courier: null }, "op", T0)).toEqual({
        ok: false,
        reason: "not-allowed",
        current: "awaiting_payment",
      });
      expect((await orderRow()).status).toBe("awaiting_payment");
      expect(await db.selectFrom("order_events").selectAll().execute()).toEqual([]);
      expect(await customerMessages()).toEqual([]);
    });

    it("cancels before dispatch with the reason, not after", async () => {
      await applyTransition(db, orderId, { transition: "cancel", reason: "Klient zrezygnował" }, "op", T0);
      expect(await orderRow()).toMatchObject({ status: "cancelled", cancel_reason: "Klient zrezygnował" });
      expect(await applyTransition(db, orderId, { transition: "mark_paid", paidAt: "2026-11-24" }, "op", T0)).toMatchObject({ ok: false });
      expect(await applyTransition(db, 9999, { transition: "cancel", reason: "x" }, "op", T0)).toEqual({ ok: false, reason: "not-found" });
    });
  });
});
