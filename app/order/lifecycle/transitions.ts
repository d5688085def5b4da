import type { OrderStatus } from "~/db/schema";

/**
 * The moves an operator may make: paid after awaiting payment, dispatched after paid, cancelled
 * from any status before dispatch, and back to paid when the deadline cancelled an order whose
 * money arrives after all (applyTransitionIn also checks that the deadline was the reason).
 * Everything else is refused.
 */
export type Transition = "mark_paid" | "mark_dispatched" | "cancel" | "reopen";

const ALLOWED: Record<Transition, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  mark_paid: { from: ["awaiting_payment"], to: "paid" },
  mark_dispatched: { from: ["paid"], to: "dispatched" },
  cancel: { from: ["awaiting_payment", "paid"], to: "cancelled" },
  reopen: { from: ["cancelled"], to: "paid" },
};

export function targetStatus(transition: Transition, current: OrderStatus): OrderStatus | null {
  const rule = ALLOWED[transition];
  return rule.from.includes(current) ? rule.to : null;
}

export function availableTransitions(current: OrderStatus): Transition[] {
  return (Object.keys(ALLOWED) as Transition[]).filter((transition) => targetStatus(transition, current) !== null);
}

export function isTransition(value: unknown): value is Transition {
  return typeof value === "string" && value in ALLOWED;
}
