import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { AppDatabase } from "~/db/db.server";
import { isSingleLineText } from "~/forms/control-characters";
import { normaliseEmail } from "./operators.server";
import { hashPassword, verifyPassword } from "./password.server";

/** Failures of one address on one account within the window that lock that pair (decision 029). */
export const MAX_FAILURES = 5;
/** Failures of one address over any accounts within the window that lock the address (one machine spraying). */
export const MAX_ADDRESS_FAILURES = 20;
/** Failures on one account from any addresses within the window after which each attempt on it waits. */
export const ACCOUNT_SLOWDOWN_AFTER = 20;
export const MAX_ACCOUNT_DELAY_MS = 10_000;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const SESSION_IDLE_MS = 8 * 60 * 60_000;

// Verified when the e-mail is unknown, so a wrong address costs as long as a wrong password.
const decoyHash = hashPassword(randomBytes(16).toString("hex"));

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export type SignInResult = { ok: true; sessionId: string; expiresAt: Date } | { ok: false; reason: "locked" | "invalid" };

/**
 * The wait before an attempt on an account that many addresses are failing on: none below
 * ACCOUNT_SLOWDOWN_AFTER failures, then 0.5 s, doubling every 10 more, at most 10 s. The
 * attempt is still checked after the wait, so the operator is slowed but never locked out.
 */
export function accountDelayMs(accountFailures: number): number {
  if (accountFailures < ACCOUNT_SLOWDOWN_AFTER) return 0;
  return Math.min(MAX_ACCOUNT_DELAY_MS, 500 * 2 ** Math.floor((accountFailures - ACCOUNT_SLOWDOWN_AFTER) / 10));
}

type Throttle = { locked: boolean; delayMs: number };

/**
 * Locked: more than 5 failures from this address on this account, or more than 20 from this
 * address on any, in the last 15 minutes, counting the attempt being made (already recorded as a
 * failure). Failures from other addresses never lock anyone out; they only slow the account.
 */
export async function signInThrottle(db: AppDatabase, email: string, ip: string, now: Date): Promise<Throttle> {
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString();
  const failures = () =>
    db
      .selectFrom("sign_in_attempts")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("succeeded", "=", 0)
      .where("attempted_at", ">", since);
  const [pair, address, account] = await Promise.all([
    failures().where("email", "=", email).where("ip", "=", ip).executeTakeFirstOrThrow(),
    failures().where("ip", "=", ip).executeTakeFirstOrThrow(),
    failures().where("email", "=", email).executeTakeFirstOrThrow(),
  ]);
  return {
    locked: Number(pair.n) > MAX_FAILURES || Number(address.n) > MAX_ADDRESS_FAILURES,
    // The attempt's own row is not one of the failures it waits for.
    delayMs: accountDelayMs(Number(account.n) - 1),
  };
}

type SignInOptions = { wait?: (ms: number) => Promise<unknown> };

/**
 * Takes the attempt's slot first: it is recorded as a failure before anything is counted, so
 * attempts arriving together each see the others and no more than 5 per address and account are
 * ever checked in a window, however many run in parallel (each one counts every recorded failure,
 * its own included, after its own is written; the last of any six to count sees all six). Then
 * the lockout (even the right password is refused while locked; a refused attempt takes its row
 * back, so the lockout still ends 15 minutes after the fifth failure), the wait while the account
 * is under a distributed attack, and the password. On success the row turns into a success and a
 * new random session id is issued (a fresh id at every sign-in); only its hash is stored.
 */
export async function signIn(
  db: AppDatabase,
  email: string,
  password: string,
  ip: string,
  now: Date,
  { wait = sleep }: SignInOptions = {},
): Promise<SignInResult> {
  const address = normaliseEmail(email);
  // No account has such an address, and PostgreSQL refuses a NUL in a query outright.
  if (!isSingleLineText(address)) return { ok: false, reason: "invalid" };
  const at = now.toISOString();
  const attempt = await db
    .insertInto("sign_in_attempts")
    .values({ email: address, ip, succeeded: 0, attempted_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const throttle = await signInThrottle(db, address, ip, now);
  if (throttle.locked) {
    await db.deleteFrom("sign_in_attempts").where("id", "=", attempt.id).execute();
    return { ok: false, reason: "locked" };
  }
  if (throttle.delayMs > 0) await wait(throttle.delayMs);
  const operator = await db.selectFrom("operators").select(["id", "password_hash"]).where("email", "=", address).executeTakeFirst();
  const valid = await verifyPassword(password, operator?.password_hash ?? (await decoyHash));
  if (!valid || !operator) return { ok: false, reason: "invalid" };
  await db.updateTable("sign_in_attempts").set({ succeeded: 1 }).where("id", "=", attempt.id).execute();
  const sessionId = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db
    .insertInto("admin_sessions")
    .values({
      session_hash: sha256(sessionId),
      operator_id: operator.id,
      created_at: at,
      last_seen_at: at,
      expires_at: expiresAt.toISOString(),
    })
    .execute();
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
  await db
    .updateTable("admin_sessions")
    .set({ last_seen_at: at, expires_at: new Date(now.getTime() + SESSION_IDLE_MS).toISOString() })
    .where("id", "=", session.id)
    .execute();
  return session.email;
}

export async function revokeSession(db: AppDatabase, sessionId: string | null): Promise<void> {
  if (sessionId) await db.deleteFrom("admin_sessions").where("session_hash", "=", sha256(sessionId)).execute();
}
