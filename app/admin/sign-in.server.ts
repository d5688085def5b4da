import { createHash, randomBytes } from "node:crypto";
import type { AppDatabase } from "~/db/db.server";
import { normaliseEmail } from "./operators.server";
import { hashPassword, verifyPassword } from "./password.server";

export const MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const SESSION_IDLE_MS = 8 * 60 * 60_000;

// Verified when the e-mail is unknown, so a wrong address costs as long as a wrong password.
const decoyHash = hashPassword(randomBytes(16).toString("hex"));

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export type SignInResult = { ok: true; sessionId: string; expiresAt: Date } | { ok: false; reason: "locked" | "invalid" };

/** Locked: 5 failures for this account, or from this IP, within the last 15 minutes. */
export async function isLockedOut(db: AppDatabase, email: string, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString();
  const count = async (column: "email" | "ip", value: string) =>
    Number((await db.selectFrom("sign_in_attempts").select((eb) => eb.fn.countAll().as("n")).where(column, "=", value).where("succeeded", "=", 0).where("attempted_at", ">", since).executeTakeFirstOrThrow()).n);
  return (await count("email", email)) >= MAX_FAILURES || (await count("ip", ip)) >= MAX_FAILURES;
}

/**
 * Checks the lockout first (even the right password is refused while locked), then the password.
 * On success a new random session id is issued (a fresh id at every sign-in); only its hash is stored.
 */
export async function signIn(db: AppDatabase, email: string, password: string, ip: string, now: Date): Promise<SignInResult> {
  const address = normaliseEmail(email);
  const at = now.toISOString();
  if (await isLockedOut(db, address, ip, now)) return { ok: false, reason: "locked" };
  const operator = await db.selectFrom("operators").select(["id", "password_hash"]).where("email", "=", address).executeTakeFirst();
  const valid = await verifyPassword(password, operator?.password_hash ?? (await decoyHash));
  await db.insertInto("sign_in_attempts").values({ email: address, ip, succeeded: valid && operator ? 1 : 0, attempted_at: at }).execute();
  if (!valid || !operator) return { ok: false, reason: "invalid" };
  const sessionId = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insertInto("admin_sessions").values({ session_hash: sha256(sessionId), operator_id: operator.id, created_at: at, last_seen_at: at, expires_at: expiresAt.toISOString() }).execute();
  return { ok: true, sessionId, expiresAt };
}

/** The signed-in operator's e-mail, sliding the 8-hour idle expiry; null for an unknown or expired session. */
export async function operatorForSession(db: AppDatabase, sessionId: string | null, now: Date): Promise<string | null> {
  if (!sessionId) return null;
  const at = now.toISOString();
  const session = await db
    .selectFrom("admin_sessions")
    .innerJoin("operators", "operators.id", "admin_sessions.operator_id")
    .select(["admin_sessions.id", "operators.email"])
    .where("admin_sessions.session_hash", "=", sha256(sessionId))
    .where("admin_sessions.expires_at", ">", at)
    .executeTakeFirst();
  if (!session) return null;
  await db.updateTable("admin_sessions").set({ last_seen_at: at, expires_at: new Date(now.getTime() + SESSION_IDLE_MS).toISOString() }).where("id", "=", session.id).execute();
  return session.email;
}

export async function revokeSession(db: AppDatabase, sessionId: string | null): Promise<void> {
  if (sessionId) await db.deleteFrom("admin_sessions").where("session_hash", "=", sha256(sessionId)).execute();
}
