import { describe, expect, it, vi } from "vitest";
import { deliveryDates, warsawDay } from "~/order/delivery-dates.server";
import { dispatchDatesOf } from "./delivery-promise.server";
import { lateDelivery } from "./delivery-warning";

// The parcel locker takes a business day longer than the courier here.
vi.hoisted(() => {
  process.env.COURIER_TRANSIT_DAYS = "1";
  process.env.LOCKER_TRANSIT_DAYS = "2";
});

// Tuesday 24 November 2026, 10:00 in Warsaw: ordered and paid at once.
const now = new Date("2026-11-24T10:00:00+01:00");
const datesBy = (method: "courier" | "locker") => ({
  regular: dispatchDatesOf("regular", now, now, "pl", method),
  notarized: dispatchDatesOf("notarized", now, now, "pl", method),
});
const dates = datesBy("courier");

describe("the delivery date", () => {
  it("is the dispatch date plus the courier's transit, in business days", () => {
    const notarized = deliveryDates("notarized", { paidAt: now, orderedAt: now, earlyStart: true, transitDays: 1 });
    // Signed by Friday 27 November, dispatched by Tuesday 1 December, delivered by Wednesday 2 December.
    expect(warsawDay(notarized.dispatchBy)).toBe("2026-12-01");
    expect(warsawDay(notarized.deliveredBy)).toBe("2026-12-02");
    expect(dates.notarized.deliveredWithWaiver).toEqual({ day: "2026-12-02", label: "2 grudnia (środa)" });
  });
});

describe("delivery versus the lease start", () => {
  it("warns by the parcel locker's transit for a locker order, where the courier would be in time", () => {
    // The regular declaration with the request goes out by Friday 27 November: the courier brings it on Monday 30,
    // the parcel locker (2 business days) on Tuesday 1 December, after a lease starting on 30 November.
    const choice = { type: "regular" as const, startDate: "2026-11-30", earlyStart: true };
    expect(lateDelivery(dates, choice)).toBeNull();
    expect(lateDelivery(datesBy("locker"), choice)?.deliveredBy).toEqual({ day: "2026-12-01", label: "1 grudnia (wtorek)" });
  });

  it("is late when a notarised declaration without the early start arrives after the start, and names every way out", () => {
    const late = lateDelivery(dates, { type: "notarized", startDate: "2026-12-01", earlyStart: false });
    // Without the request the work waits for the 14 days (to 8 December): delivered by 16 December.
    expect(late?.deliveredBy.day).toBe("2026-12-16");
    // Even with the request the notarised one arrives on 2 December: the early start alone is not enough.
    expect(late?.earlyStart).toBeNull();
    // The regular one with the request: signed 25, sent 27 (Friday), delivered Monday 30 November.
    expect(late?.regular).toEqual({ day: "2026-11-30", label: "30 listopada (poniedziałek)", withEarlyStart: true });
    expect(late?.moveStartTo.day).toBe("2026-12-16");
  });

  it("offers the early start when it alone is enough", () => {
    const late = lateDelivery(dates, { type: "notarized", startDate: "2026-12-03", earlyStart: false });
    expect(late?.earlyStart?.day).toBe("2026-12-02");
  });

  it("is on time when delivery falls on the start day or before it", () => {
    expect(lateDelivery(dates, { type: "notarized", startDate: "2026-12-02", earlyStart: true })).toBeNull();
    expect(lateDelivery(dates, { type: "notarized", startDate: "2026-12-01", earlyStart: true })).not.toBeNull();
    expect(lateDelivery(dates, { type: "regular", startDate: "2027-01-15", earlyStart: false })).toBeNull();
  });

  it("says nothing without a valid start date", () => {
    expect(lateDelivery(dates, { type: "regular", startDate: "", earlyStart: false })).toBeNull();
    expect(lateDelivery(dates, { type: "regular", startDate: "1.12.2026", earlyStart: false })).toBeNull();
  });
});
