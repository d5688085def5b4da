import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, migratedTarget } from "../../../tests/support/test-databases";
import { applyTransition } from "~/flows/transitions.server";
import { SYSTEM_ACTOR, UNPAID_REASON } from "./order-transitions.server";
import { placeSampleOrder } from "../../../tests/support/sample-order";
import { withdrawThroughLink } from "../../../tests/support/withdrawal";

const T0 = new Date("2026-11-23T09:00:00Z");

describe.each(DIALECTS)("transitions on %s", (dialect) => {
  let db: AppDatabase;
  let orderId: number;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
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

    it("reopens a deadline cancellation only with the customer's consent, kept in the audit row, counting from the later of consent and payment", async () => {
      await db
        .updateTable("orders")
        .set({ status: "cancelled", cancel_reason: "unpaid", cancelled_at: T0.toISOString() })
        .where("id", "=", orderId)
        .execute();
      const facts = { transition: "reopen", paidAt: "2026-11-30", consentAt: "2026-12-02", consentHow: "e-mail z 2.12" } as const;
      expect(await applyTransition(db, orderId, facts, "op@example.com", T0)).toEqual({ ok: true, from: "cancelled", to: "paid" });
      // The money arrived on 30 November, the customer said yes on 2 December: the periods count from 2 December.
      expect(await orderRow()).toMatchObject({ status: "paid", paid_at: "2026-12-02", cancel_reason: null });
      const [event] = await db.selectFrom("order_events").select(["from_status", "to_status", "details"]).execute();
      expect(event).toMatchObject({ from_status: "cancelled", to_status: "paid" });
      expect(JSON.parse(event!.details ?? "{}")).toEqual({ paidAt: "2026-11-30", consentAt: "2026-12-02", consentHow: "e-mail z 2.12" });
      const reopened = await db
        .selectFrom("outbox")
        .select("kind")
        .where("order_id", "=", orderId)
        .where("kind", "=", "order_reopened")
        .execute();
      expect(reopened).toHaveLength(1);
    });

    it("cancels before dispatch with the reason, not after", async () => {
      await applyTransition(db, orderId, { transition: "cancel", reason: "Klient zrezygnował" }, "op", T0);
      expect(await orderRow()).toMatchObject({ status: "cancelled", cancel_reason: "Klient zrezygnował" });
      expect(await applyTransition(db, orderId, { transition: "mark_paid", paidAt: "2026-11-24" }, "op", T0)).toMatchObject({ ok: false });
      expect(await applyTransition(db, 9999, { transition: "cancel", reason: "x" }, "op", T0)).toEqual({ ok: false, reason: "not-found" });
    });

    it("closes at the deadline an order the customer withdrew from without an e-mail about payment; an operator's cancel still tells them", async () => {
      const other = (await placeSampleOrder(db, T0, { idempotencyKey: "second-order" })).order.id;
      for (const id of [orderId, other])
        await withdrawThroughLink(db, await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow(), T0);
      await applyTransition(db, orderId, { transition: "cancel", reason: UNPAID_REASON }, SYSTEM_ACTOR, T0);
      await applyTransition(db, other, { transition: "cancel", reason: "Klient zrezygnował" }, "op", T0);
      expect(await orderRow()).toMatchObject({ status: "cancelled", cancel_reason: UNPAID_REASON });
      expect(await customerMessages()).toEqual([]);
      const toOther = await db
        .selectFrom("outbox")
        .select("kind")
        .where("order_id", "=", other)
        .where("kind", "=", "order_cancelled")
        .execute();
      expect(toOther).toEqual([{ kind: "order_cancelled" }]);
    });
  });
});
