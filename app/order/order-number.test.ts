import { describe, expect, it } from "vitest";
import { orderNumber, orderNumberIn, orderNumbersIn } from "./order-number";

describe("the order number in what people type", () => {
  it("reads it however it is written, and finds none in other text", () => {
    for (const typed of [
      "AE-2026-000123",
      "AE 2026 123",
      "AE2026000123",
      "ae-2026-123",
      "zamówienie nr ae/2026/123 z listopada",
      "AE.2026.000123",
      "AE – 2026 – 123",
    ]) {
      expect(orderNumberIn(typed), typed).toBe("AE-2026-000123");
    }
    expect(orderNumberIn("AE 2026 000007")).toBe("AE-2026-000007");
    expect(orderNumberIn("zamówienie z 23 listopada")).toBeNull();
    expect(orderNumberIn("faktura 2026/123")).toBeNull();
  });

  it("reads a number a bank cut across a line break, or glued to the word before it", () => {
    expect(orderNumberIn("Zamówienie AE-2026-\n000123")).toBe("AE-2026-000123");
    expect(orderNumberIn("ZamówienieAE-2026-000123")).toBe("AE-2026-000123");
  });

  it("does not read a longer run of digits as a number", () => {
    expect(orderNumberIn("AE-2026-0001234")).toBeNull();
  });

  it("lists every number once, in the order written", () => {
    expect(orderNumbersIn("AE-2026-000123 i AE 2026 124, oraz znów ae2026000123")).toEqual(["AE-2026-000123", "AE-2026-000124"]);
  });

  it("writes the number the way the orders table stores it", () => {
    expect(orderNumber(2026, 123)).toBe("AE-2026-000123");
  });
});
