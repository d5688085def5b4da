import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { AppDatabase } from "~/db/db.server";
import { isSingleLineText } from "~/forms/control-characters";
import { enqueueOperatorEventMessage } from "~/outbox/outbox.server";
import { recordOperatorEvent } from "./operator-audit.server";
import { configuredOperatorKeys, type OperatorKeys } from "./operator-keys.server";
import { normaliseEmail } from "./operators.server";
import { hashPassword, verifyPassword } from "./password.server";
import { RECOVERY_CODE_SHAPE } from "./second-factor.server";
import { acceptedTimeStep } from "./totp.server";

/** Failures of one address on one account within the window that lock that pair (decision 029). */
export const MAX_FAILURES = 5;
/** Failures of one address over any accounts within the window that lock the address (one machine spraying). */
export const MAX_ADDRESS_FAILURES = 20;
/** Failures on one account from any addresses within the window after which each attempt on it waits. */
export const ACCOUNT_SLOWDOWN_AFTER = 20;
export const MAX_ACCOUNT_DELAY_MS = 10_000;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const SESSION_IDLE_MS = 8 * 60 * 60_000;
/** How long a right password waits for its code before the sign-in starts again. */
export const PENDING_SESSION_MS = 5 * 60_000;
/** Codes one half-made session may try: the fifth wrong one ends it, and the sign-in starts again at the password (decision 060). */
export const CODES_PER_HALF_SESSION = 5;
/**
 * Wrong codes an account may have between two sign-ins, from any addresses: the next locks it until
 * `npm run operator -- unlock` (decision 060). Only someone who knows the password reaches the code.
 */
export const ACCOUNT_CODE_FAILURES = 10;

// Verified when the e-mail is unknown, so a wrong address costs as long as a wrong password.
const decoyHash = hashPassword(randomBytes(16).toString("hex"));

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export type SignInResult =
  | { ok: true; pendingSessionId: string; firstCode: boolean }
  | { ok: false; reason: "locked" | "invalid" | "not-enrolled" | "key-unavailable" | "account-locked" };

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

type SignInOptions = {
  wait?: (ms: number) => Promise<unknown>;
  /** OPERATOR_SECRET_KEY's keys (the tests give their own); null: the second factor cannot be checked, so nobody signs in. */
  keys?: OperatorKeys | null;
};

/**
 * Takes an attempt's slot first: it is recorded as a failure before anything is counted, so
 * attempts arriving together each see the others and no more than 5 per address and account are
 * ever checked in a window, however many run in parallel (each one counts every recorded failure,
 * its own included, after its own is written; the last of any six to count sees all six). Then
 * the lockout (even the right password or code is refused while locked; a refused attempt takes
 * its row back, so the lockout still ends 15 minutes after the fifth failure) and the wait while
 * the account is under a distributed attack. The password step and the code step both take one:
 * a wrong code is a failure like a wrong password. Returns the attempt's id, or null when locked.
 */
async function takeAttemptSlot(
  db: AppDatabase,
  email: string,
  ip: string,
  now: Date,
  wait: NonNullable<SignInOptions["wait"]>,
): Promise<number | null> {
  const attempt = await db
    .insertInto("sign_in_attempts")
    .values({ email, ip, succeeded: 0, attempted_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  const throttle = await signInThrottle(db, email, ip, now);
  if (throttle.locked) {
    await db.deleteFrom("sign_in_attempts").where("id", "=", attempt.id).execute();
    return null;
  }
  if (throttle.delayMs > 0) await wait(throttle.delayMs);
  return attempt.id;
}

function markSucceeded(db: AppDatabase, attemptId: number) {
  return db.updateTable("sign_in_attempts").set({ succeeded: 1 }).where("id", "=", attemptId).execute();
}

/** A new random session id; only its hash is stored. */
async function createSession(db: AppDatabase, operatorId: number, now: Date, secondFactorAt: string | null) {
  const sessionId = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + (secondFactorAt ? SESSION_IDLE_MS : PENDING_SESSION_MS));
  const at = now.toISOString();
  await db
    .insertInto("admin_sessions")
    .values({
      session_hash: sha256(sessionId),
      operator_id: operatorId,
      created_at: at,
      last_seen_at: at,
      expires_at: expiresAt.toISOString(),
      second_factor_at: secondFactorAt,
    })
    .execute();
  return { sessionId, expiresAt };
}

/**
 * The password step. It says only "wrong e-mail or password" or "locked" until the password is
 * right; then the attempt turns into a success and a half-made session is issued (a new random
 * id, good for 5 minutes and for nothing but the code step). Only then does it say that the
 * account is locked by wrong codes (decision 060), or whether the second factor can be checked at all: an account without one (made before it was required) or a
 * site without OPERATOR_SECRET_KEY, or with another key than the one the secret was sealed under,
 * lets nobody in.
 */
export async function signIn(
  db: AppDatabase,
  email: string,
  password: string,
  ip: string,
  now: Date,
  { wait = sleep, keys = configuredOperatorKeys() }: SignInOptions = {},
): Promise<SignInResult> {
  const address = normaliseEmail(email);
  // No account has such an address, and PostgreSQL refuses a NUL in a query outright.
  if (!isSingleLineText(address)) return { ok: false, reason: "invalid" };
  const attemptId = await takeAttemptSlot(db, address, ip, now, wait);
  if (attemptId === null) return { ok: false, reason: "locked" };
  const operator = await db
    .selectFrom("operators")
    .select(["id", "password_hash", "totp_secret", "totp_confirmed_at", "second_factor_locked_at"])
    .where("email", "=", address)
    .executeTakeFirst();
  const valid = await verifyPassword(password, operator?.password_hash ?? (await decoyHash));
  if (!valid || !operator) return { ok: false, reason: "invalid" };
  await markSucceeded(db, attemptId);
  // Told only after the right password: the lock says the password is known, which a guesser must not learn.
  if (operator.second_factor_locked_at) return { ok: false, reason: "account-locked" };
  if (!operator.totp_secret) return { ok: false, reason: "not-enrolled" };
  if (!keys || keys.open(operator.totp_secret, address) === null) return { ok: false, reason: "key-unavailable" };
  const { sessionId } = await createSession(db, operator.id, now, null);
  return { ok: true, pendingSessionId: sessionId, firstCode: operator.totp_confirmed_at === null };
}

/** The code from the authenticator app, or one of the recovery codes. */
export type SecondFactorInput = { code: string } | { recoveryCode: string };

/** Why what was typed is no guess at a code at all (answered without counting against any limit). */
export type SecondFactorTypo = { problem: "code-missing" | "code-format" | "recovery-missing" | "recovery-format" };

/**
 * Reads the code step's field as a person types it. Spaces and hyphens anywhere are dropped: apps
 * show "602 772" and the recovery codes are printed "K7MQP-2XW9R". The app's field also takes a
 * recovery code typed there (ten of its letters and digits), since both are "the code" to a person.
 */
export function readSecondFactor(field: "code" | "recoveryCode", typed: string): SecondFactorInput | SecondFactorTypo {
  const compact = typed.replace(/[\s-]/g, "");
  if (field === "code") {
    if (!compact) return { problem: "code-missing" };
    if (/^\d{6}$/.test(compact)) return { code: compact };
    if (RECOVERY_CODE_SHAPE.test(compact.toUpperCase())) return { recoveryCode: compact };
    return { problem: "code-format" };
  }
  if (!compact) return { problem: "recovery-missing" };
  if (!isSingleLineText(compact) || compact.length > 40) return { problem: "recovery-format" };
  return { recoveryCode: compact };
}

export type SecondFactorResult =
  | { ok: true; sessionId: string; expiresAt: Date; operator: string; method: "totp" | "recovery_code" }
  | { ok: false; reason: "expired" | "locked" | "invalid" | "key-unavailable" | "session-ended" | "account-locked" };

/**
 * Takes one of the 5 codes a half-made session may try, before the code is checked: of any number
 * sent together, 5 are checked at most. Null when they are spent (the session is then ended).
 */
async function takeSessionCodeSlot(db: AppDatabase, sessionRowId: number): Promise<number | null> {
  const slot = await db
    .updateTable("admin_sessions")
    .set((eb) => ({ code_attempts: eb("code_attempts", "+", 1) }))
    .where("id", "=", sessionRowId)
    .where("second_factor_at", "is", null)
    .where("code_attempts", "<", CODES_PER_HALF_SESSION)
    .returning("code_attempts")
    .executeTakeFirst();
  return slot?.code_attempts ?? null;
}

/**
 * Takes one of the wrong codes an account may have between sign-ins, from any address, before the
 * code is checked: however many arrive together, no more than ACCOUNT_CODE_FAILURES are ever
 * checked before the lock. A right code gives the slots back (the count returns to 0). Null: the
 * account is locked, or its last slots are being checked right now.
 */
async function takeAccountCodeSlot(db: AppDatabase, operatorId: number): Promise<number | null> {
  const slot = await db
    .updateTable("operators")
    .set((eb) => ({ second_factor_failures: eb("second_factor_failures", "+", 1) }))
    .where("id", "=", operatorId)
    .where("second_factor_locked_at", "is", null)
    .where("second_factor_failures", "<", ACCOUNT_CODE_FAILURES)
    .returning("second_factor_failures")
    .executeTakeFirst();
  return slot?.second_factor_failures ?? null;
}

/** Thrown inside the sign-in's transaction to roll back a right code on an account locked meanwhile. */
class LockedMeanwhile extends Error {}

type PendingSignIn = NonNullable<Awaited<ReturnType<typeof pendingSignIn>>>;

/**
 * A wrong code, after its slots were taken: the fifth on a half-made session ends it, and the
 * one that spends the account's last slot locks the account (every half-made session of it ends,
 * and its owner is e-mailed through the outbox). Each is audited in the same transaction.
 */
async function wrongCode(
  db: AppDatabase,
  pending: PendingSignIn,
  slots: { session: number; account: number },
  ip: string,
  now: Date,
): Promise<SecondFactorResult> {
  return db.transaction().execute(async (trx) => {
    if (slots.account >= ACCOUNT_CODE_FAILURES) {
      // Conditional on the count: a right code that came in meanwhile set it back to 0, and then nothing locks.
      const locked = await trx
        .updateTable("operators")
        .set({ second_factor_locked_at: now.toISOString() })
        .where("id", "=", pending.operatorId)
        .where("second_factor_locked_at", "is", null)
        .where("second_factor_failures", ">=", ACCOUNT_CODE_FAILURES)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) === 1) {
        await trx
          .deleteFrom("admin_sessions")
          .where("operator_id", "=", pending.operatorId)
          .where("second_factor_at", "is", null)
          .execute();
        const eventId = await recordOperatorEvent(
          trx,
          { operator: pending.email, action: "second_factor_locked", ip, details: { wrongCodes: ACCOUNT_CODE_FAILURES } },
          now,
        );
        await enqueueOperatorEventMessage(trx, eventId, "operator_account_locked", now);
        return { ok: false, reason: "account-locked" } as const;
      }
    }
    if (slots.session >= CODES_PER_HALF_SESSION) {
      await trx.deleteFrom("admin_sessions").where("id", "=", pending.sessionRowId).execute();
      await recordOperatorEvent(
        trx,
        { operator: pending.email, action: "second_factor_session_ended", ip, details: { wrongCodes: CODES_PER_HALF_SESSION } },
        now,
      );
      return { ok: false, reason: "session-ended" } as const;
    }
    return { ok: false, reason: "invalid" } as const;
  });
}

/**
 * The code step, under the same throttle as the password step, and under the second factor's
 * own limits (docs/decisions/060): 5 codes per half-made session, and ACCOUNT_CODE_FAILURES
 * wrong ones per account between two sign-ins, from any addresses, before it locks. A code is
 * accepted once: its time step must be newer than the last one accepted, and the step is stored
 * in the same conditional UPDATE that checks it, so of two requests with one code only one gets
 * in. A recovery code is spent by one conditional UPDATE too. On success the half-made session is
 * deleted, a full one issued with a new id, and the account's count of wrong codes goes back to 0;
 * the first code confirms the enrolment. Each of sign-in, enrolment and a spent recovery code
 * writes an audit row in the same transaction.
 */
export async function completeSignIn(
  db: AppDatabase,
  pendingSessionId: string | null,
  input: SecondFactorInput,
  ip: string,
  now: Date,
  { wait = sleep, keys = configuredOperatorKeys() }: SignInOptions = {},
): Promise<SecondFactorResult> {
  const pending = pendingSessionId ? await pendingSignIn(db, pendingSessionId, now) : undefined;
  if (!pending) return { ok: false, reason: "expired" };
  const attemptId = await takeAttemptSlot(db, pending.email, ip, now, wait);
  if (attemptId === null) {
    // Locked: the next try starts again at the password.
    await db.deleteFrom("admin_sessions").where("id", "=", pending.sessionRowId).execute();
    return { ok: false, reason: "locked" };
  }
  const secret = keys && pending.totp_secret ? keys.open(pending.totp_secret, pending.email) : null;
  if (!keys || secret === null) return { ok: false, reason: "key-unavailable" };
  const sessionSlot = await takeSessionCodeSlot(db, pending.sessionRowId);
  if (sessionSlot === null) {
    await db.deleteFrom("admin_sessions").where("id", "=", pending.sessionRowId).execute();
    return { ok: false, reason: "session-ended" };
  }
  const accountSlot = await takeAccountCodeSlot(db, pending.operatorId);
  if (accountSlot === null) {
    await db.deleteFrom("admin_sessions").where("id", "=", pending.sessionRowId).execute();
    return { ok: false, reason: "account-locked" };
  }
  const at = now.toISOString();
  const done = await db
    .transaction()
    .execute(async (trx) => {
      let method: "totp" | "recovery_code";
      let recoveryCodesLeft: number | undefined;
      if ("code" in input) {
        const step = acceptedTimeStep(secret, input.code.replace(/\s/g, ""), pending.totp_last_step, now);
        if (step === null) return null;
        const taken = await trx
          .updateTable("operators")
          .set({ totp_last_step: step, totp_confirmed_at: pending.totp_confirmed_at ?? at })
          .where("id", "=", pending.operatorId)
          .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return null;
        method = "totp";
        if (!pending.totp_confirmed_at) await recordOperatorEvent(trx, { operator: pending.email, action: "enrolment", ip }, now);
      } else {
        const spent = await trx
          .updateTable("operator_recovery_codes")
          .set({ used_at: at })
          .where("operator_id", "=", pending.operatorId)
          .where("code_hash", "=", keys.recoveryCodeHash(input.recoveryCode))
          .where("used_at", "is", null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return null;
        method = "recovery_code";
        const left = await trx
          .selectFrom("operator_recovery_codes")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("operator_id", "=", pending.operatorId)
          .where("used_at", "is", null)
          .executeTakeFirstOrThrow();
        recoveryCodesLeft = Number(left.n);
        await recordOperatorEvent(
          trx,
          { operator: pending.email, action: "recovery_code_used", ip, details: { left: recoveryCodesLeft } },
          now,
        );
      }
      // The right code gives the account's slots back, unless it was locked since this one's was taken: then nobody gets in.
      const stillOpen = await trx
        .updateTable("operators")
        .set({ second_factor_failures: 0 })
        .where("id", "=", pending.operatorId)
        .where("second_factor_locked_at", "is", null)
        .executeTakeFirst();
      if (Number(stillOpen.numUpdatedRows) !== 1) throw new LockedMeanwhile();
      await markSucceeded(trx, attemptId);
      await trx.deleteFrom("admin_sessions").where("id", "=", pending.sessionRowId).execute();
      const session = await createSession(trx, pending.operatorId, now, at);
      await recordOperatorEvent(trx, { operator: pending.email, action: "sign_in", ip, details: { method } }, now);
      return { ...session, method };
    })
    .catch((error: unknown) => {
      if (error instanceof LockedMeanwhile) return "account-locked" as const;
      throw error;
    });
  if (done === "account-locked") return { ok: false, reason: "account-locked" };
  if (!done) return wrongCode(db, pending, { session: sessionSlot, account: accountSlot }, ip, now);
  return { ok: true, sessionId: done.sessionId, expiresAt: done.expiresAt, operator: pending.email, method: done.method };
}

/** A session that waits for its code: whose it is and what the code step needs; undefined when unknown, expired or already complete. */
export function pendingSignIn(db: AppDatabase, pendingSessionId: string, now: Date) {
  return db
    .selectFrom("admin_sessions")
    .innerJoin("operators", "operators.id", "admin_sessions.operator_id")
    .select([
      "admin_sessions.id as sessionRowId",
      "operators.id as operatorId",
      "operators.email",
      "operators.totp_secret",
      "operators.totp_confirmed_at",
      "operators.totp_last_step",
    ])
    .where("admin_sessions.session_hash", "=", sha256(pendingSessionId))
    .where("admin_sessions.second_factor_at", "is", null)
    .where("admin_sessions.expires_at", ">", now.toISOString())
    .executeTakeFirst();
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
    // A session still waiting for its code opens nothing but the code step.
    .where("admin_sessions.second_factor_at", "is not", null)
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

/** Signing out: the session is deleted on the server, and a signed-in operator's sign-out is audited. */
export async function signOut(db: AppDatabase, sessionId: string | null, ip: string, now: Date): Promise<void> {
  if (!sessionId) return;
  await db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom("admin_sessions")
      .innerJoin("operators", "operators.id", "admin_sessions.operator_id")
      .select(["admin_sessions.id", "operators.email", "admin_sessions.second_factor_at"])
      .where("admin_sessions.session_hash", "=", sha256(sessionId))
      .executeTakeFirst();
    if (!session) return;
    await trx.deleteFrom("admin_sessions").where("id", "=", session.id).execute();
    if (session.second_factor_at) await recordOperatorEvent(trx, { operator: session.email, action: "sign_out", ip }, now);
  });
}
