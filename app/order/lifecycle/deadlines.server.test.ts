import { describe, expect, it, vi } from "vitest";
import { orderDeadlinesOf, warsawDayStart } from "./deadlines.server";

const order = {
  status: "paid" as const,
  created_at: "2026-11-23T09:00:00.000Z",
  paid_at: "2026-11-24",
  declaration_type: "regular" as const,
  immediate_performance_consent_at: "2026-11-23T09:00:00.000Z",
  start_date: null,
  delivery_method: "courier" as const,
};

// The parcel locker takes a business day longer than the courier here.
vi.hoisted(() => {
  process.env.COURIER_TRANSIT_DAYS = "1";
  process.env.LOCKER_TRANSIT_DAYS = "2";
});

describe("an order's deadlines", () => {
  it("gives a paid order its dispatch date and flags it once that day has passed", () => {
    // Paid Tuesday 24 Nov: signed by Wed 25, handed to the courier by Fri 27.
    expect(orderDeadlinesOf(order, 7, new Date("2026-11-27T20:00:00Z"))).toEqual({
      paymentDue: null,
      paymentOverdue: false,
      dispatchDue: "2026-11-27",
      dispatchOverdue: false,
      leaseStart: null,
      deliveredBy: "2026-11-30",
      lateForLease: false,
    });
    expect(orderDeadlinesOf(order, 7, new Date("2026-11-27T23:30:00Z")).dispatchOverdue).toBe(true);
    // Without the early start: the withdrawal period ends Monday 7 Dec, signed 8 Dec, out by 10 Dec.
    expect(orderDeadlinesOf({ ...order, immediate_performance_consent_at: null }, 7, new Date("2026-11-24T10:00:00Z")).dispatchDue).toBe(
      "2026-12-10",
    );
  });

  it("gives an unpaid order its payment deadline, overdue the day after", () => {
    const unpaid = { ...order, status: "awaiting_payment" as const, paid_at: null };
    expect(orderDeadlinesOf(unpaid, 7, new Date("2026-11-30T12:00:00Z"))).toEqual({
      paymentDue: "2026-11-30",
      paymentOverdue: false,
      dispatchDue: null,
      dispatchOverdue: false,
      leaseStart: null,
      // If paid today (Monday 30 Nov): signed Tuesday, out by Thursday, delivered Friday.
      deliveredBy: "2026-12-04",
      lateForLease: false,
    });
    expect(orderDeadlinesOf(unpaid, 7, new Date("2026-12-01T08:00:00Z")).paymentOverdue).toBe(true);
  });

  it("flags a delivery after the lease start, paid or (if paid today) unpaid; delivery on the start day is in time", () => {
    // Paid Tuesday 24 Nov: out by Friday 27, delivered Monday 30 Nov.
    const late = orderDeadlinesOf({ ...order, start_date: "2026-11-29" }, 7, new Date("2026-11-25T10:00:00Z"));
    expect(late).toMatchObject({ leaseStart: "2026-11-29", deliveredBy: "2026-11-30", lateForLease: true });
    expect(orderDeadlinesOf({ ...order, start_date: "2026-11-30" }, 7, new Date("2026-11-25T10:00:00Z")).lateForLease).toBe(false);
    // The same order to a parcel locker arrives a business day later, Tuesday 1 December: late for that start.
    expect(
      orderDeadlinesOf({ ...order, start_date: "2026-11-30", delivery_method: "locker" }, 7, new Date("2026-11-25T10:00:00Z")),
    ).toMatchObject({ deliveredBy: "2026-12-01", lateForLease: true });
    const unpaid = { ...order, status: "awaiting_payment" as const, paid_at: null, start_date: "2026-12-02" };
    expect(orderDeadlinesOf(unpaid, 7, new Date("2026-11-30T12:00:00Z"))).toMatchObject({ deliveredBy: "2026-12-04", lateForLease: true });
    // Sent or cancelled: nothing left to promise.
    for (const status of ["dispatched", "cancelled"] as const)
      expect(orderDeadlinesOf({ ...order, status, start_date: "2026-11-01" }, 7, new Date("2026-11-25T10:00:00Z"))).toMatchObject({
        deliveredBy: null,
        lateForLease: false,
      });
  });

  it("finds a Warsaw midnight in winter and in summer time", () => {
    expect(warsawDayStart("2026-12-01")).toBe("2026-11-30T23:00:00.000Z");
    expect(warsawDayStart("2026-07-01")).toBe("2026-06-30T22:00:00.000Z");
  });
});
