import type { AppDatabase } from "~/db/db.server";
import { recordOperatorEvent } from "./operator-audit.server";
import type { OperatorKeys } from "./operator-keys.server";
import { hashPassword } from "./password.server";
import { issueSecondFactor, type Enrolment } from "./second-factor.server";

export const MIN_PASSWORD_LENGTH = 12;

/** E-mail addresses compare without case and surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A new operator with a password and a second factor (docs/decisions/044), in one transaction:
 * an account never exists without its authenticator secret and recovery codes. The enrolment is
 * returned to be shown once; the first sign-in confirms it with a first code.
 */
export async function addOperator(
  db: AppDatabase,
  email: string,
  password: string,
  now: Date,
  keys: OperatorKeys,
): Promise<{ outcome: "added"; enrolment: Enrolment } | { outcome: "exists" }> {
  const address = normaliseEmail(email);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("operators")
      .values({
        email: address,
        password_hash: passwordHash,
        created_at: now.toISOString(),
        totp_secret: null,
        totp_confirmed_at: null,
        totp_last_step: null,
      })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return { outcome: "exists" } as const;
    const enrolment = await issueSecondFactor(trx, { id: inserted.id, email: address }, keys, now);
    await recordOperatorEvent(trx, { operator: address, action: "added" }, now);
    return { outcome: "added", enrolment } as const;
  });
}

/** Removing an operator ends their sessions too (the sessions and recovery codes go with the row); the audit trail stays. */
export async function removeOperator(db: AppDatabase, email: string, now = new Date()): Promise<boolean> {
  const address = normaliseEmail(email);
  return db.transaction().execute(async (trx) => {
    const operator = await trx.selectFrom("operators").select("id").where("email", "=", address).executeTakeFirst();
    if (!operator) return false;
    await trx.deleteFrom("admin_sessions").where("operator_id", "=", operator.id).execute();
    await trx.deleteFrom("operator_recovery_codes").where("operator_id", "=", operator.id).execute();
    await trx.deleteFrom("operators").where("id", "=", operator.id).execute();
    await recordOperatorEvent(trx, { operator: address, action: "removed" }, now);
    return true;
  });
}

export function listOperators(db: AppDatabase) {
  return db
    .selectFrom("operators")
    .select(["email", "created_at", "totp_secret", "totp_confirmed_at", "second_factor_locked_at"])
    .orderBy("email")
    .execute();
}

/**
 * `npm run operator -- unlock <email>`: lifts the lock that too many wrong codes put on an account
 * (docs/decisions/060), with a new password, since only someone who knew the old one could reach
 * the code step. The count of wrong codes starts again, every session of the account ends, and the
 * audit trail records it. "not-locked" changes nothing, the password included.
 */
export async function unlockOperator(
  db: AppDatabase,
  email: string,
  newPassword: string,
  now: Date,
): Promise<"unlocked" | "not-locked" | "no-operator"> {
  const address = normaliseEmail(email);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    const operator = await trx
      .selectFrom("operators")
      .select(["id", "second_factor_locked_at"])
      .where("email", "=", address)
      .executeTakeFirst();
    if (!operator) return "no-operator";
    if (!operator.second_factor_locked_at) return "not-locked";
    await trx
      .updateTable("operators")
      .set({ password_hash: passwordHash, second_factor_failures: 0, second_factor_locked_at: null })
      .where("id", "=", operator.id)
      .execute();
    await trx.deleteFrom("admin_sessions").where("operator_id", "=", operator.id).execute();
    await recordOperatorEvent(
      trx,
      { operator: address, action: "second_factor_unlocked", details: { lockedAt: operator.second_factor_locked_at } },
      now,
    );
    return "unlocked";
  });
}
