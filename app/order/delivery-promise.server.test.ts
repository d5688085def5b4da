import { describe, expect, it } from "vitest";
import { dispatchDatesOf } from "./delivery-promise.server";

describe("dispatch dates for the order pages", () => {
  it("count from the payment with the waiver, and from the end of the 14 days without it", () => {
    // Ordered and paid on Monday 23 November 2026.
    const monday = new Date("2026-11-23T09:00:00Z");
    const regular = dispatchDatesOf("regular", monday, monday, "pl");
    // Signed Tuesday 24, sent within 2 business days: Thursday 26 November.
    expect(regular.withWaiver).toBe("26 listopada (czwartek)");
    // The 14 days end on Monday 7 December; signed Tuesday 8 (the day after), sent Thursday 10.
    expect(regular.withdrawalEnds).toBe("7 grudnia (poniedziałek)");
    expect(regular.withoutWaiver).toBe("10 grudnia (czwartek)");
    // Notarized: signed by Thursday 26, sent by Monday 30 November.
    expect(dispatchDatesOf("notarized", monday, monday, "en").withWaiver).toBe("30 November (Monday)");
  });

  it("skip Christmas: paid on 23 December 2026 with the waiver, a regular declaration goes out on 30 December", () => {
    const paid = new Date("2026-12-23T10:00:00Z");
    // 24, 25, 26 December are holidays and 27 a Sunday: signed Monday 28, sent Wednesday 30.
    expect(dispatchDatesOf("regular", paid, paid, "uk").withWaiver).toBe("30 грудня (середа)");
  });
});
