import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { SYSTEM_ACTOR } from "~/order/lifecycle/order-transitions.server";
import { claimNextMessage, markSent } from "~/outbox/outbox.server";
import { recordShipment } from "~/shipping/ship.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { applyTransition } from "./transitions.server";
import { UNDO_WINDOW_MS, undoableMoves, undoMove, undoOffer } from "./undo.server";

const ORDERED = new Date("2026-11-23T09:00:00Z");
const MOVED = new Date("2026-11-24T10:00:00Z");
const after = (ms: number) => new Date(MOVED.getTime() + ms);
const ME = "op@example.com";
const OTHER = "other@example.com";
const BUYER = { buyerName: "Firma Kowalski sp. z o.o.", buyerAddress: "ul. Polna 2, 70-100 Szczecin", nip: "1234563218" };
const PAID = { transition: "mark_paid", paidAt: "2026-11-24" } as const;
const DISPATCHED = { transition: "mark_dispatched", trackingNumber: "RR123456789PL", courier: "Poczta Polska" } as const;

describe.each(DIALECTS)("undoing an operator's own move on %s", (dialect) => {
  let db: AppDatabase;
  let orderId: number;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    orderId = (await placeSampleOrder(db, ORDERED)).order.id;
  });
  afterEach(() => db.destroy());

  const order = () => db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const history = () =>
    db
      .selectFrom("order_events")
      .select(["id", "operator", "from_status", "to_status", "details", "at"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute();
  const latestEventId = async () => (await history()).at(-1)!.id;
  const mail = (kind: string) =>
    db
      .selectFrom("outbox")
      .select(["status", "data", "resent"])
      .where("order_id", "=", orderId)
      .where("kind", "=", kind as never)
      .executeTakeFirst();
  /** The mail worker's own steps: it claims the next due message and records it sent. */
  const workerSendsNext = async (at: Date) => {
    const message = await claimNextMessage(db, at);
    if (message) await markSent(db, message, at);
    return message?.kind;
  };
  const sendEverything = async (at: Date) => {
    while (await workerSendsNext(at));
  };
  /** What InPost said about the order's shipment, stored as the webhook and housekeeping store it. */
  const inpostSays = (status: string, actor: string, at: Date) =>
    recordShipment(db, orderId, { id: "shp-1", status, trackingNumber: "520000011395200025", reference: null }, actor, at);
  const waitingOnALock = async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
    return rows[0]!.n > 0;
  };
  const markPaid = async (operator = ME, at = MOVED) => {
    expect(await applyTransition(db, orderId, PAID, operator, at)).toMatchObject({ ok: true });
    return latestEventId();
  };

  it("takes back a 'paid' exactly 10 minutes after it: the order awaits payment again, its unsent e-mail is withdrawn, both stay in the history", async () => {
    const eventId = await markPaid();
    expect(await mail("order_paid")).toMatchObject({ status: "pending" });

    expect(await undoMove(db, orderId, eventId, ME, after(UNDO_WINDOW_MS))).toEqual({
      ok: true,
      transition: "mark_paid",
      mail: "withdrawn",
    });

    expect(await order()).toMatchObject({ status: "awaiting_payment", paid_at: null, received_grosze: null });
    expect(await mail("order_paid")).toBeUndefined();
    expect(await mail("order_move_undone")).toBeUndefined();
    // The worker, coming after, finds nothing to send about it.
    await sendEverything(after(UNDO_WINDOW_MS));
    expect(await mail("order_paid")).toBeUndefined();
    const [paid, undone] = (await history()).slice(-2);
    expect(paid).toMatchObject({ operator: ME, from_status: "awaiting_payment", to_status: "paid" });
    expect(undone).toMatchObject({
      operator: ME,
      from_status: "paid",
      to_status: "awaiting_payment",
      at: after(UNDO_WINDOW_MS).toISOString(),
    });
    expect(JSON.parse(undone!.details!)).toEqual({
      action: "undo",
      undone: "mark_paid",
      movedAt: MOVED.toISOString(),
      customerMail: "withdrawn",
    });
  });

  it("refuses a millisecond past the 10 minutes, and changes nothing", async () => {
    const eventId = await markPaid();
    expect(await undoMove(db, orderId, eventId, ME, after(UNDO_WINDOW_MS + 1))).toEqual({ ok: false, reason: "expired" });
    expect(await order()).toMatchObject({ status: "paid", paid_at: "2026-11-24" });
    expect(await mail("order_paid")).toMatchObject({ status: "pending" });
    expect(await history()).toHaveLength(1);
  });

  it("when the 'paid' e-mail has left, the form says so beforehand and the customer gets a correction; a later 'paid' is sent again", async () => {
    const eventId = await markPaid();
    await sendEverything(after(1000));
    expect(await undoOffer(db, orderId, ME, after(2000))).toEqual({
      move: {
        orderId,
        number: (await order()).number,
        eventId,
        transition: "mark_paid",
        until: after(UNDO_WINDOW_MS).toISOString(),
        mailLeft: true,
      },
      refusal: null,
    });

    expect(await undoMove(db, orderId, eventId, ME, after(3000))).toEqual({ ok: true, transition: "mark_paid", mail: "correction" });
    expect(await mail("order_paid")).toMatchObject({ status: "sent" });
    expect(await mail("order_move_undone")).toMatchObject({ status: "pending", data: JSON.stringify({ undone: "mark_paid" }) });
    expect(await workerSendsNext(after(4000))).toBe("order_move_undone");

    // The money arrives after all: the customer, told it was a mistake, hears "paid" again.
    await markPaid(ME, after(60_000));
    expect(await mail("order_paid")).toMatchObject({ status: "pending", resent: 1 });
  });

  it("a message the worker claimed before the undo counts as gone: the worker's send is recorded and a correction follows", async () => {
    await sendEverything(ORDERED);
    const eventId = await markPaid();
    const claimed = await claimNextMessage(db, after(1000));
    expect(claimed?.kind).toBe("order_paid");
    expect(await undoMove(db, orderId, eventId, ME, after(2000))).toMatchObject({ ok: true, mail: "correction" });
    await markSent(db, claimed!, after(3000));
    expect(await mail("order_paid")).toMatchObject({ status: "sent" });
    expect(await mail("order_move_undone")).toMatchObject({ status: "pending" });
  });

  it.runIf(dialect === "postgres")(
    "on PostgreSQL an undo that meets the worker's claim in progress waits for it, then treats the message as gone",
    async () => {
      await sendEverything(ORDERED);
      const eventId = await markPaid();
      const undone: Array<Promise<unknown>> = [];
      await db.transaction().execute(async (worker) => {
        expect((await claimNextMessage(worker, after(1000)))?.kind).toBe("order_paid");
        undone.push(undoMove(db, orderId, eventId, ME, after(1000)));
        // The undo's claim of the same row waits on the worker's row lock until the worker commits.
        await expect.poll(() => waitingOnALock(), { timeout: 30_000 }).toBe(true);
      });
      expect(await undone[0]).toMatchObject({ ok: true, mail: "correction" });
      expect(await mail("order_paid")).toMatchObject({ status: "sending" });
      expect(await mail("order_move_undone")).toMatchObject({ status: "pending" });
    },
  );

  it("a message that failed and waits for its retry is withdrawn with its attempts", async () => {
    await sendEverything(ORDERED);
    const eventId = await markPaid();
    const claimed = await claimNextMessage(db, after(1000));
    expect(claimed?.kind).toBe("order_paid");
    await db.updateTable("outbox").set({ status: "pending", claim_id: null, attempts: 1 }).where("id", "=", claimed!.id).execute();
    await db
      .insertInto("outbox_attempts")
      .values({ message_id: claimed!.id, attempted_at: after(1000).toISOString(), outcome: "failed", error: "421" })
      .execute();
    expect(await undoMove(db, orderId, eventId, ME, after(2000))).toMatchObject({ ok: true, mail: "withdrawn" });
    expect(await db.selectFrom("outbox_attempts").select("id").where("message_id", "=", claimed!.id).execute()).toEqual([]);
  });

  it("refuses another operator's move", async () => {
    const eventId = await markPaid(OTHER);
    expect(await undoMove(db, orderId, eventId, ME, after(1000))).toEqual({ ok: false, reason: "not-yours" });
    expect(await undoOffer(db, orderId, ME, after(1000))).toBeNull();
    expect(await order()).toMatchObject({ status: "paid" });
  });

  it("refuses an online payment's 'paid': it is the gateway's fact", async () => {
    const online = { ...PAID, paidOnline: "przelewy24", paymentMethod: "blik", gatewayOrderId: "p24-1" };
    expect(await applyTransition(db, orderId, online, SYSTEM_ACTOR, MOVED)).toMatchObject({ ok: true });
    const eventId = await latestEventId();
    expect(await undoMove(db, orderId, eventId, SYSTEM_ACTOR, after(1000))).toEqual({ ok: false, reason: "online" });
    expect(await undoMove(db, orderId, eventId, ME, after(1000))).toEqual({ ok: false, reason: "online" });
    expect(await order()).toMatchObject({ status: "paid" });
  });

  it("refuses a 'paid' once an invoice was issued for it (a correction is the way)", async () => {
    orderId = (await placeSampleOrder(db, ORDERED, { idempotencyKey: "with-invoice", details: { invoice: BUYER } })).order.id;
    const eventId = await markPaid();
    expect(await db.selectFrom("invoices").select("id").where("order_id", "=", orderId).execute()).toHaveLength(1);
    expect(await undoOffer(db, orderId, ME, after(1000))).toMatchObject({ refusal: "invoiced" });
    expect(await undoMove(db, orderId, eventId, ME, after(1000))).toEqual({ ok: false, reason: "invoiced" });
    expect(await order()).toMatchObject({ status: "paid" });
    expect(await mail("order_paid")).toMatchObject({ status: "pending" });
  });

  it("takes back a 'dispatched': paid again, the hand-typed number gone, its e-mail withdrawn", async () => {
    await markPaid();
    expect(await applyTransition(db, orderId, DISPATCHED, ME, after(1000))).toMatchObject({ ok: true });
    const eventId = await latestEventId();
    expect(await undoMove(db, orderId, eventId, ME, after(2000))).toEqual({ ok: true, transition: "mark_dispatched", mail: "withdrawn" });
    expect(await order()).toMatchObject({
      status: "paid",
      paid_at: "2026-11-24",
      dispatched_at: null,
      tracking_number: null,
      courier: null,
    });
    expect(await mail("order_dispatched")).toBeUndefined();
    expect(await mail("order_paid")).toMatchObject({ status: "pending" });
  });

  it("refuses a 'dispatched' once InPost has the parcel, but not while it only has the label", async () => {
    await markPaid();
    await inpostSays("confirmed", ME, after(500));
    expect(await applyTransition(db, orderId, DISPATCHED, ME, after(1000))).toMatchObject({ ok: true });
    const eventId = await latestEventId();
    expect(await undoOffer(db, orderId, ME, after(1500))).toMatchObject({ refusal: null });

    await inpostSays("collected_from_sender", SYSTEM_ACTOR, after(1500));
    expect(await undoOffer(db, orderId, ME, after(2000))).toMatchObject({ refusal: "handed-over" });
    expect(await undoMove(db, orderId, eventId, ME, after(2000))).toEqual({ ok: false, reason: "handed-over" });
    expect(await order()).toMatchObject({ status: "dispatched" });
  });

  it("undoes only the order's latest move: not a 'paid' after a dispatch, nor the same move twice", async () => {
    const paidEvent = await markPaid();
    expect(await applyTransition(db, orderId, DISPATCHED, ME, after(1000))).toMatchObject({ ok: true });
    expect(await undoMove(db, orderId, paidEvent, ME, after(2000))).toEqual({ ok: false, reason: "not-latest" });
    const dispatchedEvent = await latestEventId();
    expect(await undoMove(db, orderId, dispatchedEvent, ME, after(2000))).toMatchObject({ ok: true });
    expect(await undoMove(db, orderId, dispatchedEvent, ME, after(3000))).toEqual({ ok: false, reason: "not-latest" });
    expect(await undoOffer(db, orderId, ME, after(3000))).toBeNull();
    expect(await order()).toMatchObject({ status: "paid" });
  });

  it("two undos of the same move at once: one takes it back, the other is refused", async () => {
    const eventId = await markPaid();
    const results = await Promise.all([undoMove(db, orderId, eventId, ME, after(1000)), undoMove(db, orderId, eventId, ME, after(1000))]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "not-latest" }]);
    expect((await history()).filter((event) => event.to_status === "awaiting_payment")).toHaveLength(1);
  });

  it("lists the operator's undoable moves now, each with its order, move and deadline; not another's, not lapsed ones", async () => {
    const mine = await markPaid(ME, MOVED);
    const second = (await placeSampleOrder(db, ORDERED, { idempotencyKey: "second" })).order;
    expect(await applyTransition(db, second.id, PAID, OTHER, after(1000))).toMatchObject({ ok: true });
    const third = (await placeSampleOrder(db, ORDERED, { idempotencyKey: "third" })).order;
    expect(await applyTransition(db, third.id, PAID, ME, after(-UNDO_WINDOW_MS - 1))).toMatchObject({ ok: true });

    expect(await undoableMoves(db, ME, after(2000))).toEqual([
      {
        orderId,
        number: (await order()).number,
        eventId: mine,
        transition: "mark_paid",
        until: after(UNDO_WINDOW_MS).toISOString(),
        mailLeft: false,
      },
    ]);
    expect((await undoableMoves(db, OTHER, after(2000))).map((move) => move.orderId)).toEqual([second.id]);
    expect(await undoableMoves(db, ME, after(UNDO_WINDOW_MS + 1))).toEqual([]);
  });
});
