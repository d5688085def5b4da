import { describe, expect, it, vi } from "vitest";
import { dispatchDatesIfPaidToday, dispatchDatesOf } from "./delivery-promise.server";

// The parcel locker takes longer than the courier here, so the two methods' dates differ.
vi.hoisted(() => {
  process.env.COURIER_TRANSIT_DAYS = "1";
  process.env.LOCKER_TRANSIT_DAYS = "3";
});

describe("dispatch dates for the order pages", () => {
  it("count from the payment with the waiver, and from the end of the 14 days without it", () => {
    // Ordered and paid on Monday 23 November 2026.
    const monday = new Date("2026-11-23T09:00:00Z");
    const regular = dispatchDatesOf("regular", monday, monday, "pl", "courier");
    // Signed Tuesday 24, sent within 2 business days: Thursday 26 November.
    expect(regular.withWaiver).toBe("26 listopada (czwartek)");
    // The 14 days end on Monday 7 December; signed Tuesday 8 (the day after), sent Thursday 10.
    expect(regular.withdrawalEnds).toBe("7 grudnia (poniedziałek)");
    expect(regular.withoutWaiver).toBe("10 grudnia (czwartek)");
    // Notarized: signed by Thursday 26, sent by Monday 30 November.
    expect(dispatchDatesOf("notarized", monday, monday, "en", "courier").withWaiver).toBe("30 November (Monday)");
  });

  it("skip Christmas: paid on 23 December 2026 with the waiver, a regular declaration goes out on 30 December", () => {
    const paid = new Date("2026-12-23T10:00:00Z");
    // 24, 25, 26 December are holidays and 27 a Sunday: signed Monday 28, sent Wednesday 30.
    expect(dispatchDatesOf("regular", paid, paid, "uk", "locker").withWaiver).toBe("30 грудня (середа)");
  });

  it("deliver by the order's method: the courier's transit or the parcel locker's, the dispatch day the same", () => {
    const monday = new Date("2026-11-23T09:00:00Z");
    const courier = dispatchDatesOf("regular", monday, monday, "pl", "courier");
    const locker = dispatchDatesOf("regular", monday, monday, "pl", "locker");
    expect(locker.withWaiver).toBe(courier.withWaiver);
    // Sent by Thursday 26 November: the courier brings it on Friday 27, the locker (3 business days) on Tuesday 1 December.
    expect(courier.deliveredWithWaiver).toEqual({ day: "2026-11-27", label: "27 listopada (piątek)" });
    expect(locker.deliveredWithWaiver).toEqual({ day: "2026-12-01", label: "1 grudnia (wtorek)" });
    expect([courier.transitDays, locker.transitDays]).toEqual([1, 3]);
    // The order form gets both, to follow the customer's choice.
    const today = dispatchDatesIfPaidToday("en", monday);
    expect(today.locker.notarized.deliveredWithWaiver.day).toBe("2026-12-03");
    expect(today.courier.notarized.deliveredWithWaiver.day).toBe("2026-12-01");
  });
});
