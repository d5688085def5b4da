import { describe, expect, it } from "vitest";
import { lastDayToAsk, mayStillAsk } from "./deadline";

describe("the time to ask for an invoice after paying", () => {
  it("runs three months from the end of the month of payment", () => {
    expect(lastDayToAsk("2026-11-24")).toBe("2027-02-28");
    expect(lastDayToAsk("2026-11-01")).toBe("2027-02-28");
    expect(lastDayToAsk("2027-11-30")).toBe("2028-02-29");
    expect(lastDayToAsk("2026-03-31")).toBe("2026-06-30");
    expect(lastDayToAsk("2026-10-15")).toBe("2027-01-31");
  });

  it("allows the last day and not the day after", () => {
    expect(mayStillAsk("2026-11-24", "2027-02-28")).toBe(true);
    expect(mayStillAsk("2026-11-24", "2027-03-01")).toBe(false);
  });
});
