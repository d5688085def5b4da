import { describe, expect, it } from "vitest";
import { isoDateOf, readDate } from "./dates";

describe("the lease start as people type it", () => {
  it("reads the stated day.month.year, ISO, other separators, two-digit years and the eight digits of a number pad", () => {
    for (const typed of [
      "2.12.2026",
      "02.12.2026",
      " 2026-12-02 ",
      "2-12-2026",
      "2,12,2026",
      "2 12 2026",
      "2.12.26",
      "02122026",
      "2026.12.02",
    ])
      expect(isoDateOf(typed), typed).toBe("2026-12-02");
  });

  it("reads a month written out in any of the site's languages, in full or shortened, with the year word people add", () => {
    for (const typed of [
      "2 грудня 2026",
      "2 грудня 2026 р.",
      "2 декабря 2026 г.",
      "2 декабря 2026 года",
      "2 grudnia 2026 r.",
      "2 Grudzień 2026",
      "2 gru 2026",
      "2 December 2026",
      "December 2, 2026",
      "Dec 2 2026",
      "2 дек. 2026",
    ])
      expect(isoDateOf(typed), typed).toBe("2026-12-02");
    expect(isoDateOf("5 травня 2026")).toBe("2026-05-05");
    expect(isoDateOf("5 мая 2026")).toBe("2026-05-05");
    expect(isoDateOf("1 lip 2026")).toBe("2026-07-01");
    expect(isoDateOf("1 listopada 2026")).toBe("2026-11-01");
  });

  it("reads a date with slashes only when it can mean one day, and says when it could mean two", () => {
    expect(isoDateOf("25/12/2026")).toBe("2026-12-25");
    expect(isoDateOf("12/25/2026")).toBe("2026-12-25");
    expect(isoDateOf("5/5/2026")).toBe("2026-05-05");
    expect(readDate("2/12/2026")).toEqual({ problem: "ambiguous" });
    expect(readDate("12/01/2027")).toEqual({ problem: "ambiguous" });
  });

  it("refuses what is no day, or names a month it cannot tell", () => {
    for (const typed of ["31.02.2027", "2 ma 2026", "2 грудня", "grudnia 2026", "abc", "2.12.2026 12:00", "1.13.2026", "2026-12-1x", ""])
      expect(readDate(typed), typed).toEqual({ problem: "invalid" });
  });
});
