import { describe, expect, it } from "vitest";
import { paidForGrosze, type PaidForFacts } from "./paid-for";

const PAID: PaidForFacts = {
  status: "paid",
  paid_at: "2026-11-24T10:00:00.000Z",
  price_grosze: 29_900,
  received_grosze: null,
  refunded_grosze: null,
  refunded_at: null,
  withdrawal_decision: null,
  withdrawal_retained_grosze: null,
};
const CANCELLED = { ...PAID, status: "cancelled" } as const;
const REFUNDED_AT = "2026-12-02T10:00:00.000Z";

describe("what an order's invoice states as paid", () => {
  it("is the price of a paid order, and of one dispatched or delivered; nothing before the payment", () => {
    expect(paidForGrosze(PAID)).toBe(29_900);
    expect(paidForGrosze({ ...PAID, status: "dispatched" })).toBe(29_900);
    // The bank credited more: the invoice still states the price.
    expect(paidForGrosze({ ...PAID, received_grosze: 30_000 })).toBe(29_900);
    expect(paidForGrosze({ ...PAID, status: "awaiting_payment", paid_at: null })).toBe(0);
    expect(paidForGrosze({ ...CANCELLED, paid_at: null })).toBe(0);
  });

  it("is nothing once the whole payment went back, or is due back after a cancellation", () => {
    expect(paidForGrosze({ ...CANCELLED, refunded_grosze: 29_900, refunded_at: REFUNDED_AT })).toBe(0);
    expect(paidForGrosze(CANCELLED)).toBe(0);
    expect(paidForGrosze({ ...CANCELLED, withdrawal_decision: "full" })).toBe(0);
  });

  it("is the amount kept for the work done after a partial withdrawal (art. 35), before and after the rest is sent back", () => {
    const partial = { ...CANCELLED, withdrawal_decision: "partial", withdrawal_retained_grosze: 12_050 } as const;
    expect(paidForGrosze(partial)).toBe(12_050);
    expect(paidForGrosze({ ...partial, refunded_grosze: 17_850, refunded_at: REFUNDED_AT })).toBe(12_050);
    // The operator may send back less than the rest: what stayed is what was paid for.
    expect(paidForGrosze({ ...partial, refunded_grosze: 10_000, refunded_at: REFUNDED_AT })).toBe(19_900);
  });
});
