import { describe, expect, it } from "vitest";
import { formatDeliveryDay } from "~/i18n/date-format";
import { warsawDay } from "~/order/delivery-dates.server";
import { paymentDeadline, reminderDueAt } from "./payment-deadline.server";

const day = (date: Date | null) => (date ? warsawDay(date) : null);

describe("the payment deadline, the customer's to meet", () => {
  it("is the 7th day after the order and passes at the end of that day in Warsaw, not at the hour of the order", () => {
    // Ordered on Monday 23 November 2026 at 10:00 in Warsaw.
    const deadline = paymentDeadline(new Date("2026-11-23T09:00:00Z"), 7);
    expect(day(deadline.day)).toBe("2026-11-30");
    expect(deadline.movedFrom).toBeNull();
    expect(deadline.endsAt.toISOString()).toBe("2026-11-30T23:00:00.000Z");
  });

  it("moves off a Sunday to the next business day and says from which day (art. 115 of the civil code)", () => {
    // Ordered on Sunday 29 November 2026: the 7th day is Sunday 6 December.
    const deadline = paymentDeadline(new Date("2026-11-29T18:30:00Z"), 7);
    expect(day(deadline.movedFrom)).toBe("2026-12-06");
    expect(formatDeliveryDay(deadline.movedFrom!, "pl-PL")).toBe("6 grudnia (niedziela)");
    expect(day(deadline.day)).toBe("2026-12-07");
    expect(formatDeliveryDay(deadline.day, "pl-PL")).toBe("7 grudnia (poniedziałek)");
    expect(deadline.endsAt.toISOString()).toBe("2026-12-07T23:00:00.000Z");
  });

  it("moves off a Saturday, a public holiday and a run of them", () => {
    expect(day(paymentDeadline(new Date("2026-11-28T12:00:00Z"), 7).day)).toBe("2026-12-07"); // Saturday 5 December
    expect(day(paymentDeadline(new Date("2026-11-04T12:00:00Z"), 7).day)).toBe("2026-11-12"); // 11 November, Independence Day
    // 24 (from 2025), 25 and 26 December, then a Sunday.
    const christmas = paymentDeadline(new Date("2026-12-17T12:00:00Z"), 7);
    expect([day(christmas.movedFrom), day(christmas.day)]).toEqual(["2026-12-24", "2026-12-28"]);
  });

  it("counts Warsaw's calendar days: an order late in the evening is that day's, and summer time ends the day at 22:00 UTC", () => {
    // 23:30 in Warsaw on Tuesday 1 June 2027 is 21:30 UTC.
    const deadline = paymentDeadline(new Date("2027-06-01T21:30:00Z"), 7);
    expect(day(deadline.day)).toBe("2027-06-08");
    expect(deadline.endsAt.toISOString()).toBe("2027-06-08T22:00:00.000Z");
  });

  it("reminds two calendar days before the deadline's last day, at the hour of the order, after a move too", () => {
    expect(reminderDueAt(new Date("2026-11-23T09:00:00Z"), 7).toISOString()).toBe("2026-11-28T09:00:00.000Z");
    // Deadline moved from Sunday 6 to Monday 7 December: reminded on Saturday 5 December.
    expect(reminderDueAt(new Date("2026-11-29T18:30:00Z"), 7).toISOString()).toBe("2026-12-05T18:30:00.000Z");
  });
});
