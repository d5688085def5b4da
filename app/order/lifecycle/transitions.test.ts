import { describe, expect, it } from "vitest";
import { availableTransitions, isTransition, targetStatus } from "./transitions";

describe("order status transitions", () => {
  it("allows paid, then dispatched", () => {
    expect(targetStatus("mark_paid", "awaiting_payment")).toBe("paid");
    expect(targetStatus("mark_dispatched", "paid")).toBe("dispatched");
  });

  it("allows cancelling before dispatch only", () => {
    expect(targetStatus("cancel", "awaiting_payment")).toBe("cancelled");
    expect(targetStatus("cancel", "paid")).toBe("cancelled");
    expect(targetStatus("cancel", "dispatched")).toBeNull();
    expect(targetStatus("cancel", "cancelled")).toBeNull();
  });

  it("refuses every other move", () => {
    expect(targetStatus("mark_dispatched", "awaiting_payment")).toBeNull();
    expect(targetStatus("mark_paid", "paid")).toBeNull();
    expect(targetStatus("mark_paid", "cancelled")).toBeNull();
    expect(availableTransitions("dispatched")).toEqual([]);
    expect(availableTransitions("awaiting_payment")).toEqual(["mark_paid", "cancel"]);
    expect(isTransition("delete")).toBe(false);
  });
});
