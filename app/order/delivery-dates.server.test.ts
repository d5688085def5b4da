import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  deliveryDates,
  expectedDispatchDate,
  isBusinessDay,
  isPublicHoliday,
  signedByDate,
  warsawDay,
  withdrawalPeriodEnd,
} from "./delivery-dates.server";

/** An instant given as Warsaw wall-clock time (the test runs in whatever zone the machine has). */
function warsaw(isoLocal: string, offset = "+01:00"): Date {
  return new Date(`${isoLocal}${offset}`);
}

const day = (date: Date) => warsawDay(date);

describe("business days", () => {
  it("skip weekends", () => {
    expect(isBusinessDay(warsaw("2026-11-20T10:00"))).toBe(true); // Friday
    expect(isBusinessDay(warsaw("2026-11-21T10:00"))).toBe(false); // Saturday
    expect(isBusinessDay(warsaw("2026-11-22T10:00"))).toBe(false); // Sunday
    expect(day(addBusinessDays(warsaw("2026-11-20T16:00"), 1))).toBe("2026-11-23");
  });

  it("skip Easter Monday 2027 (29 March)", () => {
    expect(isPublicHoliday(warsaw("2027-03-29T09:00", "+02:00"))).toBe(true);
    expect(day(addBusinessDays(warsaw("2027-03-26T12:00"), 1))).toBe("2027-03-30");
  });

  it("skip Independence Day (11 November)", () => {
    expect(isBusinessDay(warsaw("2026-11-11T12:00"))).toBe(false);
    expect(day(addBusinessDays(warsaw("2026-11-10T12:00"), 1))).toBe("2026-11-12");
  });

  it("skip Christmas Eve from 2025 on, but not in 2024 (2024 amendment of the public holidays act)", () => {
    expect(isPublicHoliday(warsaw("2024-12-24T12:00"))).toBe(false);
    expect(isPublicHoliday(warsaw("2025-12-24T12:00"))).toBe(true);
    expect(isPublicHoliday(warsaw("2026-12-24T12:00"))).toBe(true);
    // Paid Wednesday 23 December 2026: 24–26 are holidays, 27 is a Sunday.
    expect(day(addBusinessDays(warsaw("2026-12-23T11:00"), 1))).toBe("2026-12-28");
  });

  it("count the calendar day in Warsaw, not in UTC", () => {
    // 23:30 UTC on Thursday 26 November is already Friday 27 November in Warsaw.
    const lateThursdayUtc = new Date("2026-11-26T23:30:00Z");
    expect(warsawDay(lateThursdayUtc)).toBe("2026-11-27");
    expect(day(addBusinessDays(lateThursdayUtc, 1))).toBe("2026-11-30");
  });

  it("with zero days give the same day, or the next business day when it is not one", () => {
    expect(day(addBusinessDays(warsaw("2026-11-25T12:00"), 0))).toBe("2026-11-25");
    expect(day(addBusinessDays(warsaw("2026-11-21T12:00"), 0))).toBe("2026-11-23");
    expect(() => addBusinessDays(new Date(), -1)).toThrow(RangeError);
  });
});

describe("delivery dates", () => {
  const paidMonday = warsaw("2026-11-23T10:00");

  it("sign a regular declaration 1 business day and a notarized one 3 business days after payment", () => {
    expect(day(signedByDate("regular", paidMonday))).toBe("2026-11-24");
    expect(day(signedByDate("notarized", paidMonday))).toBe("2026-11-26");
  });

  it("dispatch 2 business days after signing", () => {
    expect(day(expectedDispatchDate("regular", paidMonday))).toBe("2026-11-26");
    // Notarized: signed Thursday 26, then Friday 27 and Monday 30.
    expect(day(expectedDispatchDate("notarized", paidMonday))).toBe("2026-11-30");
  });

  it("carry over Christmas and New Year", () => {
    // Paid 23 Dec 2026: signed Mon 28 Dec, dispatched Wed 30 Dec.
    expect(day(expectedDispatchDate("regular", warsaw("2026-12-23T11:00")))).toBe("2026-12-30");
    // Notarized: signed 28, 29, 30 Dec → Wed 30 Dec, then 31 Dec and (1 Jan a holiday) Mon 4 Jan 2027.
    expect(day(expectedDispatchDate("notarized", warsaw("2026-12-23T11:00")))).toBe("2027-01-04");
  });
});

describe("the withdrawal period", () => {
  it("ends 14 days after the day the agreement is concluded", () => {
    // Concluded Monday 2 November 2026: ends Monday 16 November.
    expect(day(withdrawalPeriodEnd(warsaw("2026-11-02T15:00")))).toBe("2026-11-16");
  });

  it("moves to the next business day when it would end on a Saturday or a holiday", () => {
    // Concluded Saturday 31 October 2026 → Saturday 14 November → Monday 16 November.
    expect(day(withdrawalPeriodEnd(warsaw("2026-10-31T10:00")))).toBe("2026-11-16");
    // Concluded 28 October 2026 → 11 November (Independence Day) → Thursday 12 November.
    expect(day(withdrawalPeriodEnd(warsaw("2026-10-28T10:00")))).toBe("2026-11-12");
  });

  it("delays the work when no early start was asked for, and not when it was", () => {
    const order = { orderedAt: warsaw("2026-11-02T10:00"), paidAt: warsaw("2026-11-03T10:00") };
    const early = deliveryDates("regular", { ...order, earlyStart: true, transitDays: 1 });
    expect([day(early.countedFrom), day(early.signedBy), day(early.dispatchBy)]).toEqual(["2026-11-03", "2026-11-04", "2026-11-06"]);
    const waiting = deliveryDates("regular", { ...order, earlyStart: false, transitDays: 1 });
    // The period ends Monday 16 November; signed Tuesday 17, dispatched Thursday 19.
    expect([day(waiting.countedFrom), day(waiting.signedBy), day(waiting.dispatchBy)]).toEqual(["2026-11-16", "2026-11-17", "2026-11-19"]);
    // Paid after the period ended: the payment day counts.
    const late = deliveryDates("notarized", {
      orderedAt: order.orderedAt,
      paidAt: warsaw("2026-11-20T10:00"),
      earlyStart: false,
      transitDays: 1,
    });
    expect(day(late.countedFrom)).toBe("2026-11-20");
  });

  it("delivers the given transit in business days after dispatch", () => {
    const order = { orderedAt: warsaw("2026-11-02T10:00"), paidAt: warsaw("2026-11-03T10:00"), earlyStart: true };
    // Dispatched by Friday 6 November: one business day later is Monday 9; three are Thursday 12 (11 November is a holiday).
    expect(day(deliveryDates("regular", { ...order, transitDays: 1 }).deliveredBy)).toBe("2026-11-09");
    expect(day(deliveryDates("regular", { ...order, transitDays: 3 }).deliveredBy)).toBe("2026-11-12");
  });

  it("count from the day the flat's address was given, for an order placed before the flat was found (docs/decisions/091)", () => {
    const order = { orderedAt: warsaw("2026-11-02T10:00"), paidAt: warsaw("2026-11-03T10:00"), transitDays: 1 };
    // With the early start the work starts with the address: given Monday 23 November, signed Tuesday 24, dispatched Thursday 26.
    const early = deliveryDates("regular", { ...order, earlyStart: true, addressGivenAt: warsaw("2026-11-23T21:30") });
    expect([day(early.countedFrom), day(early.signedBy), day(early.dispatchBy)]).toEqual(["2026-11-23", "2026-11-24", "2026-11-26"]);
    // Given within the withdrawal period, without the early start: the period's end (Monday 16 November) still decides.
    const waiting = deliveryDates("regular", { ...order, earlyStart: false, addressGivenAt: warsaw("2026-11-05T10:00") });
    expect(day(waiting.countedFrom)).toBe("2026-11-16");
    // Given after the period, without the early start: the address day counts, not the period's end.
    const after = deliveryDates("notarized", { ...order, earlyStart: false, addressGivenAt: warsaw("2026-11-20T10:00") });
    expect(day(after.countedFrom)).toBe("2026-11-20");
    // An address given before the money came (never on the order page, but a date is a date): the payment counts.
    const before = deliveryDates("regular", { ...order, earlyStart: true, addressGivenAt: warsaw("2026-11-02T12:00") });
    expect(day(before.countedFrom)).toBe("2026-11-03");
  });
});
