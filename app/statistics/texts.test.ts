import { expect, test } from "vitest";
import { daysText, monthName, monthShort } from "./texts";

test("the median days read as Polish counts them, a half day included, and no dispatch says so", () => {
  expect([0, 1, 2, 5, 1.5, 2.5, null].map(daysText)).toEqual([
    "0 dni",
    "1 dzień",
    "2 dni",
    "5 dni",
    "1,5 dnia",
    "2,5 dnia",
    "brak wysyłek",
  ]);
});

test("a month is named in Polish, in full for the table and short under a chart's bar", () => {
  expect(monthName("2026-11")).toBe("listopad 2026");
  expect(monthShort("2026-10")).toBe("paź");
});
