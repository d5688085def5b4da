import type { AppDatabase } from "~/db/db.server";

/**
 * What happens to an operator's account, each an audit row in operator_events (order_events is
 * the orders' trail). `added`, `removed` and `second_factor_reset` come from the command line
 * (no address); the rest from the sign-in pages.
 */
export type OperatorAction =
  | "added"
  | "removed"
  | "sign_in"
  | "sign_out"
  | "enrolment"
  | "recovery_code_used"
  | "second_factor_reset"
  | "customer_data_exported"
  | "customer_data_erased";

export type OperatorEvent = { operator: string; action: OperatorAction; ip?: string | null; details?: Record<string, unknown> };

/** Writes one row; give it the transaction of the change it records, so neither is kept without the other. */
export async function recordOperatorEvent(db: AppDatabase, event: OperatorEvent, now: Date): Promise<void> {
  await db
    .insertInto("operator_events")
    .values({
      operator: event.operator,
      action: event.action,
      ip: event.ip ?? null,
      details: event.details ? JSON.stringify(event.details) : null,
      at: now.toISOString(),
    })
    .execute();
}

/** An account's trail, oldest first. */
export function operatorEventsOf(db: AppDatabase, operator: string) {
  return db
    .selectFrom("operator_events")
    .select(["action", "ip", "details", "at"])
    .where("operator", "=", operator)
    .orderBy("id")
    .execute();
}
