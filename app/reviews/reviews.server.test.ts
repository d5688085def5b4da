import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anonymiseOrder } from "~/order/lifecycle/anonymisation.server";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { reviewStart } from "./form-action.server";
import type { ValidReview } from "./review-form";
import {
  decideReview,
  listReviews,
  orderForReview,
  publishedReviews,
  queueReviewRequests,
  recordRequestObjection,
  REQUEST_OBJECTION_DETAILS,
  reviewCounts,
  submitReview,
} from "./reviews.server";

const ORDERED = new Date("2026-10-01T09:00:00Z");
const DISPATCHED = new Date("2026-10-05T12:00:00Z");
const afterDispatch = (days: number, hours = 0) => new Date(DISPATCHED.getTime() + days * 86_400_000 + hours * 3_600_000);
const REVIEW: ValidReview = { stars: 4, text: "Szybko i bez problemów.", displayName: "Marta", city: "Gdańsk" };

describe.each(DIALECTS)("reviews on %s", (dialect) => {
  let db: AppDatabase;
  let order: OrderRow;
  let number = 0;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    ({ order } = await placeSampleOrder(db, ORDERED, { locale: "uk" }));
  });
  afterEach(() => db.destroy());

  async function dispatch(id: number, at = DISPATCHED) {
    await db
      .updateTable("orders")
      .set({ status: "dispatched", paid_at: ORDERED.toISOString(), dispatched_at: at.toISOString() })
      .where("id", "=", id)
      .execute();
  }
  async function anotherDispatchedOrder(email?: string): Promise<OrderRow> {
    number += 1;
    const placed = await placeSampleOrder(db, ORDERED, { idempotencyKey: `other-${number}`, details: email ? { email } : {} });
    await dispatch(placed.order.id);
    return placed.order;
  }
  const requestsOf = (id: number) =>
    db.selectFrom("outbox").select("kind").where("order_id", "=", id).where("kind", "=", "review_request").execute();

  it("opens the form only for a dispatched order that was neither withdrawn nor erased, and only through its token", async () => {
    expect(await orderForReview(db, order.payment_token)).toMatchObject({ reviewable: false, review: null });
    await dispatch(order.id);
    expect(await orderForReview(db, order.payment_token)).toMatchObject({ order: { id: order.id, locale: "uk" }, reviewable: true });
    expect(await orderForReview(db, "x".repeat(32))).toBeNull();
    expect(await orderForReview(db, "not a token\u0000")).toBeNull();
    await db
      .updateTable("orders")
      .set({ withdrawn_at: afterDispatch(1).toISOString() })
      .where("id", "=", order.id)
      .execute();
    expect(await orderForReview(db, order.payment_token)).toMatchObject({ reviewable: false, closed: "withdrawn" });
    await db.transaction().execute((trx) => anonymiseOrder(trx, order.id, afterDispatch(2)));
    expect(await orderForReview(db, order.payment_token)).toBeNull();
  });

  it("tells the customer of a cancelled or withdrawn order that no review and no request will come, and one not yet dispatched that it will", async () => {
    expect(await reviewStart(db, order.payment_token, false)).toEqual({ step: "notYet", number: order.number });
    const cancelled = await anotherDispatchedOrder();
    await db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", cancelled.id).execute();
    expect(await reviewStart(db, cancelled.payment_token, false)).toEqual({
      step: "closed",
      number: cancelled.number,
      closed: "cancelled",
    });
    // A paid order the customer withdrew from: withdrawn, whatever its status.
    await db
      .updateTable("orders")
      .set({ status: "paid", withdrawn_at: afterDispatch(0).toISOString() })
      .where("id", "=", order.id)
      .execute();
    expect(await reviewStart(db, order.payment_token, false)).toEqual({ step: "closed", number: order.number, closed: "withdrawn" });
  });

  it("keeps one review per order: changed while pending, left as decided afterwards, and audited when decided", async () => {
    await dispatch(order.id);
    expect(await submitReview(db, { orderId: order.id, review: REVIEW, locale: "uk", now: afterDispatch(11) })).toBe("saved");
    const changed = { ...REVIEW, stars: 5, text: "Ще краще, ніж я думала." };
    expect(await submitReview(db, { orderId: order.id, review: changed, locale: "uk", now: afterDispatch(12) })).toBe("saved");
    const stored = await db.selectFrom("reviews").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      stars: 5,
      text: changed.text,
      display_name: "Marta",
      city: "Gdańsk",
      locale: "uk",
      status: "pending",
      created_at: afterDispatch(11).toISOString(),
      updated_at: afterDispatch(12).toISOString(),
      consent_at: afterDispatch(12).toISOString(),
    });
    expect((await listReviews(db, "pending")).map((row) => [row.order_number, row.stars])).toEqual([[order.number, 5]]);

    expect(await decideReview(db, stored[0]!.id, "approved", "operator@adres.test", afterDispatch(13))).toBe("decided");
    expect(await decideReview(db, stored[0]!.id, "approved", "operator@adres.test", afterDispatch(13))).toBe("unchanged");
    expect(await decideReview(db, 9999, "approved", "operator@adres.test")).toBe("notFound");
    expect(await submitReview(db, { orderId: order.id, review: REVIEW, locale: "uk", now: afterDispatch(14) })).toBe("decided");
    expect(await db.selectFrom("reviews").select(["stars", "status", "decided_by", "decided_at"]).executeTakeFirstOrThrow()).toEqual({
      stars: 5,
      status: "approved",
      decided_by: "operator@adres.test",
      decided_at: afterDispatch(13).toISOString(),
    });
    expect(await reviewCounts(db)).toEqual({ pending: 0, approved: 1, rejected: 0 });
    const audit = await db
      .selectFrom("order_events")
      .select(["operator", "details", "to_status"])
      .where("order_id", "=", order.id)
      .execute();
    expect(audit).toEqual([
      { operator: "operator@adres.test", details: JSON.stringify({ action: "review_approved" }), to_status: "dispatched" },
    ]);
  });

  it("publishes nothing until three reviews are approved, then the newest approved ones, whatever their stars", async () => {
    const orders = [order, await anotherDispatchedOrder(), await anotherDispatchedOrder(), await anotherDispatchedOrder()];
    await dispatch(order.id);
    const ids: number[] = [];
    for (const [index, each] of orders.entries()) {
      await submitReview(db, { orderId: each.id, review: { ...REVIEW, stars: index + 1 }, locale: "pl", now: afterDispatch(11 + index) });
      ids.push((await db.selectFrom("reviews").select("id").where("order_id", "=", each.id).executeTakeFirstOrThrow()).id);
    }
    await decideReview(db, ids[0]!, "approved", "op");
    await decideReview(db, ids[1]!, "approved", "op");
    await decideReview(db, ids[3]!, "rejected", "op");
    expect(await publishedReviews(db)).toEqual([]);
    await decideReview(db, ids[2]!, "approved", "op");
    expect((await publishedReviews(db)).map((review) => review.stars)).toEqual([3, 2, 1]);
    // An approval taken back takes the section below three again.
    await decideReview(db, ids[0]!, "rejected", "op");
    expect(await publishedReviews(db)).toEqual([]);
  });

  it("asks for a review once, 10 days after dispatch, never for a cancelled, withdrawn or already reviewed order", async () => {
    await dispatch(order.id);
    const withdrawn = await anotherDispatchedOrder();
    await db
      .updateTable("orders")
      .set({ withdrawn_at: afterDispatch(1).toISOString() })
      .where("id", "=", withdrawn.id)
      .execute();
    const cancelled = await anotherDispatchedOrder();
    await db
      .updateTable("orders")
      .set({ status: "cancelled", cancelled_at: afterDispatch(1).toISOString() })
      .where("id", "=", cancelled.id)
      .execute();
    const reviewed = await anotherDispatchedOrder();
    await submitReview(db, { orderId: reviewed.id, review: REVIEW, locale: "pl", now: afterDispatch(3) });

    expect(await queueReviewRequests(db, afterDispatch(9, 23))).toBe(0);
    const settings = { paymentDeadlineDays: 7, retentionYears: 6 };
    expect(await runHousekeeping(db, afterDispatch(10), settings)).toMatchObject({ reviewRequests: 1 });
    expect(await queueReviewRequests(db, afterDispatch(11))).toBe(0);
    expect(await requestsOf(order.id)).toHaveLength(1);
    for (const other of [withdrawn, cancelled, reviewed]) expect(await requestsOf(other.id)).toEqual([]);
  });

  it("asks as soon as InPost reports the parcel delivered, without waiting 10 days", async () => {
    await dispatch(order.id);
    expect(await queueReviewRequests(db, afterDispatch(2))).toBe(0);
    await db
      .updateTable("orders")
      .set({ delivered_at: afterDispatch(2, 1).toISOString() })
      .where("id", "=", order.id)
      .execute();
    expect(await queueReviewRequests(db, afterDispatch(2, 2))).toBe(1);
    expect(await requestsOf(order.id)).toHaveLength(1);
  });

  it("never asks a customer who objected; the objection is recorded once per order, survives erasure, and names the orders already asked", async () => {
    await dispatch(order.id);
    const other = await anotherDispatchedOrder("anna@example.com");
    expect(await recordRequestObjection(db, [order.id], "operator@adres.test", afterDispatch(1))).toEqual({
      recorded: [order.number],
      alreadyAsked: [],
    });
    expect(await queueReviewRequests(db, afterDispatch(10, 1))).toBe(1);
    expect(await requestsOf(order.id)).toEqual([]);
    expect(await requestsOf(other.id)).toHaveLength(1);
    // The other order had been asked already; the first carries its objection and is not recorded twice.
    expect(await recordRequestObjection(db, [order.id, other.id], "operator@adres.test", afterDispatch(11))).toEqual({
      recorded: [other.number],
      alreadyAsked: [other.number],
    });
    const objections = () =>
      db
        .selectFrom("order_events")
        .select(["order_id", "operator"])
        .where("details", "=", REQUEST_OBJECTION_DETAILS)
        .orderBy("order_id")
        .execute();
    expect(await objections()).toEqual([
      { order_id: order.id, operator: "operator@adres.test" },
      { order_id: other.id, operator: "operator@adres.test" },
    ]);
    await db.transaction().execute((trx) => anonymiseOrder(trx, order.id, afterDispatch(12)));
    expect(await objections()).toHaveLength(2);
    expect(await recordRequestObjection(db, [order.id], "operator@adres.test", afterDispatch(13))).toEqual({
      recorded: [],
      alreadyAsked: [],
    });
  });

  it("an objection is the customer's: a later order under the same e-mail, written in capitals, is not asked either", async () => {
    await dispatch(order.id);
    await recordRequestObjection(db, [order.id], "operator@adres.test", afterDispatch(1));
    const later = await anotherDispatchedOrder("JAN@Example.COM");
    const stranger = await anotherDispatchedOrder("anna@example.com");
    expect(await queueReviewRequests(db, afterDispatch(10, 1))).toBe(1);
    expect(await requestsOf(order.id)).toEqual([]);
    expect(await requestsOf(later.id)).toEqual([]);
    expect(await requestsOf(stranger.id)).toHaveLength(1);
  });

  it("does not ask about an order dispatched more than 30 days ago", async () => {
    await dispatch(order.id);
    expect(await queueReviewRequests(db, afterDispatch(30))).toBe(0);
    expect(await requestsOf(order.id)).toEqual([]);
  });

  it("removes the review with the rest of the customer's data", async () => {
    await dispatch(order.id);
    await submitReview(db, { orderId: order.id, review: REVIEW, locale: "uk", now: afterDispatch(11) });
    await db.transaction().execute((trx) => anonymiseOrder(trx, order.id, afterDispatch(12)));
    expect(await db.selectFrom("reviews").selectAll().execute()).toEqual([]);
  });
});
