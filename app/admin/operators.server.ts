import type { AppDatabase } from "~/db/db.server";
import { hashPassword } from "./password.server";

export const MIN_PASSWORD_LENGTH = 12;

/** E-mail addresses compare without case and surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function addOperator(db: AppDatabase, email: string, password: string, now: Date): Promise<"added" | "exists"> {
  const address = normaliseEmail(email);
  const passwordHash = await hashPassword(password);
  const result = await db
    .insertInto("operators")
    .values({ email: address, password_hash: passwordHash, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? "added" : "exists";
}

/** Removing an operator ends their sessions too (the sessions go with the row). */
export async function removeOperator(db: AppDatabase, email: string): Promise<boolean> {
  const address = normaliseEmail(email);
  return db.transaction().execute(async (trx) => {
    const operator = await trx.selectFrom("operators").select("id").where("email", "=", address).executeTakeFirst();
    if (!operator) return false;
    await trx.deleteFrom("admin_sessions").where("operator_id", "=", operator.id).execute();
    await trx.deleteFrom("operators").where("id", "=", operator.id).execute();
    return true;
  });
}

export function listOperators(db: AppDatabase) {
  return db.selectFrom("operators").select(["email", "created_at"]).orderBy("email").execute();
}
