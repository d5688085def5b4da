import type { AppDatabase } from "~/db/db.server";

/**
 * What happens to an operator's account, each an audit row in operator_events (order_events is
 * the orders' trail). `added`, `removed`, `second_factor_reset` and `second_factor_unlocked` come
 * from the command line (no address); the rest from the sign-in pages and the back office.
 * `second_factor_session_ended`: a half-made sign-in ended by its fifth wrong code;
 * `second_factor_locked`: the account locked by too many wrong codes (docs/decisions/060).
 */
export type OperatorAction =
  | "added"
  | "removed"
  | "sign_in"
  | "sign_out"
  | "enrolment"
  | "recovery_code_used"
  | "second_factor_reset"
  | "second_factor_session_ended"
  | "second_factor_locked"
  | "second_factor_unlocked"
  | "customer_data_exported"
  | "customer_data_erased";

export type OperatorEvent = { operator: string; action: OperatorAction; ip?: string | null; details?: Record<string, unknown> };

/** Writes one row and answers its id; give it the transaction of the change it records, so neither is kept without the other. */
export async function recordOperatorEvent(db: AppDatabase, event: OperatorEvent, now: Date): Promise<number> {
  const row = await db
    .insertInto("operator_events")
    .values({
      operator: event.operator,
      action: event.action,
      ip: event.ip ?? null,
      details: event.details ? JSON.stringify(event.details) : null,
      at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
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
