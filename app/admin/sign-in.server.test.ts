import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { secretOfUri, timeStepAt, totpCode } from "../../tests/support/authenticator";
import { addTestOperator, signInWithCode, TEST_OPERATOR_KEYS } from "../../tests/support/operator-sign-in";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { operatorEventsOf } from "./operator-audit.server";
import { operatorKeys } from "./operator-keys.server";
import { addOperator, unlockOperator } from "./operators.server";
import { resetSecondFactor } from "./second-factor.server";
import { company } from "~/config/env.server";
import { composeOperatorAccountMessage } from "~/mail/operator-account-mail.server";
import {
  ACCOUNT_CODE_FAILURES,
  accountDelayMs,
  CODES_PER_HALF_SESSION,
  completeSignIn,
  MAX_FAILURES,
  operatorForSession,
  PENDING_SESSION_MS,
  revokeSession,
  signIn as signInWithOptions,
  signOut,
} from "./sign-in.server";

/** Every password check sign-in makes, counted: the lockout is about how many guesses are checked. */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock("./password.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("./password.server")>();
  return {
    ...real,
    verifyPassword: (...args: Parameters<typeof real.verifyPassword>) => {
      checks.count += 1;
      return real.verifyPassword(...args);
    },
  };
});

/** Every authenticator code sign-in checks, counted: the second factor's limits are about how many guesses are checked. */
const codeChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock("./totp.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("./totp.server")>();
  return {
    ...real,
    acceptedTimeStep: (...args: Parameters<typeof real.acceptedTimeStep>) => {
      codeChecks.count += 1;
      return real.acceptedTimeStep(...args);
    },
  };
});

const T0 = new Date("2026-11-23T09:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const PASSWORD = "correct horse battery";
/** The password step with the site's key, as the site runs with OPERATOR_SECRET_KEY set. */
const signIn = (...[db, email, password, ip, now, options]: Parameters<typeof signInWithOptions>) =>
  signInWithOptions(db, email, password, ip, now, { keys: TEST_OPERATOR_KEYS, ...options });
const codeAt = (secret: string, now: Date, stepOffset = 0) => totpCode(secret, timeStepAt(now.getTime()) + stepOffset);

describe.each(DIALECTS)("sign-in on %s", (dialect) => {
  let db: AppDatabase;
  let secret: string;
  let recoveryCodes: string[];
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    ({ secret, recoveryCodes } = await addTestOperator(db, "op@example.com", PASSWORD, T0));
  });
  afterEach(() => db.destroy());

  /** Failures as sign-in records them, without paying for scrypt each time. */
  const recordFailures = (count: number, who: (i: number) => { email: string; ip: string }) =>
    db
      .insertInto("sign_in_attempts")
      .values(Array.from({ length: count }, (_, i) => ({ ...who(i), succeeded: 0, attempted_at: at(1).toISOString() })))
      .execute();

  describe("operator sign-in", () => {
    it("issues a fresh session per sign-in, stored hashed, ended by sign-out", async () => {
      const first = await signInWithCode(db, "OP@example.com", PASSWORD, secret, "10.0.0.1", T0);
      // The same half minute: the app's next code, within the step of drift allowed.
      const second = await signInWithCode(db, "op@example.com", PASSWORD, secret, "10.0.0.1", T0, 1);
      expect(first).not.toBe(second);
      const stored = await db.selectFrom("admin_sessions").select("session_hash").execute();
      expect(stored.map((s) => s.session_hash)).not.toContain(first);
      expect(await operatorForSession(db, first, at(1))).toBe("op@example.com");
      await revokeSession(db, first);
      expect(await operatorForSession(db, first, at(2))).toBeNull();
      expect(await operatorForSession(db, second, at(2))).toBe("op@example.com");
    });

    it("expires after 8 idle hours, and activity slides the expiry", async () => {
      const sessionId = await signInWithCode(db, "op@example.com", PASSWORD, secret, "10.0.0.1", T0);
      expect(await operatorForSession(db, sessionId, at(7 * 60))).toBe("op@example.com");
      expect(await operatorForSession(db, sessionId, at(14 * 60))).toBe("op@example.com");
      expect(await operatorForSession(db, sessionId, at(22 * 60 + 1))).toBeNull();
    });

    it("locks an address out of one account after 5 failures in 15 minutes, even with the right password, and no one else", async () => {
      for (let i = 0; i < 5; i++)
        expect(await signIn(db, "op@example.com", "wrong", "10.0.0.1", at(i))).toEqual({ ok: false, reason: "invalid" });
      expect(await signIn(db, "op@example.com", PASSWORD, "10.0.0.1", at(5))).toEqual({ ok: false, reason: "locked" });
      // The operator, elsewhere, is not locked out by someone else's failures.
      expect(await signIn(db, "op@example.com", PASSWORD, "10.0.1.1", at(5))).toMatchObject({ ok: true });
      expect(await signIn(db, "op@example.com", PASSWORD, "10.0.0.1", at(15.5))).toMatchObject({ ok: true });
    });

    it("never locks an account for failures spread over many addresses; past 20 it makes each attempt wait longer, then checks it", async () => {
      const waits: number[] = [];
      const wait = async (ms: number) => waits.push(ms);
      await recordFailures(19, (i) => ({ email: "op@example.com", ip: `10.1.0.${i}` }));
      expect(await signIn(db, "op@example.com", "wrong", "10.1.1.1", at(2), { wait })).toEqual({ ok: false, reason: "invalid" });
      expect(waits).toEqual([]);
      // The 20th failure: from now on each attempt on the account waits, whoever makes it.
      expect(await signIn(db, "op@example.com", "wrong", "10.1.1.2", at(2), { wait })).toEqual({ ok: false, reason: "invalid" });
      await recordFailures(10, (i) => ({ email: "op@example.com", ip: `10.1.2.${i}` }));
      expect(await signIn(db, "op@example.com", PASSWORD, "10.2.0.1", at(3), { wait })).toMatchObject({ ok: true });
      expect(waits).toEqual([500, 1000]);
      expect([19, 20, 30, 40, 50, 60, 70, 1000].map(accountDelayMs)).toEqual([0, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    });

    it("answers an e-mail with a NUL, a line break or a bidi character as a wrong one, without a query PostgreSQL would refuse", async () => {
      for (const email of ["op\u0000@example.com", "op@example.com\r\nBcc: x@example.com", "\u202eop@example.com"]) {
        expect(await signIn(db, email, PASSWORD, "10.0.0.1", T0), JSON.stringify(email)).toEqual({ ok: false, reason: "invalid" });
      }
    });

    it("checks at most 5 of 28 wrong passwords sent at once from one address", async () => {
      checks.count = 0;
      const burst = await Promise.all(
        Array.from({ length: 28 }, (_, i) => signIn(db, "op@example.com", `wrong ${i}`, "10.3.0.1", at(1), { wait: async () => {} })),
      );
      expect(burst.every((result) => !result.ok)).toBe(true);
      expect(checks.count).toBeLessThanOrEqual(MAX_FAILURES);
      // What is left recorded is what was checked: the refused attempts took their slots back.
      const recorded = await db.selectFrom("sign_in_attempts").select("id").where("ip", "=", "10.3.0.1").execute();
      expect(recorded).toHaveLength(checks.count);
    });

    it("locks an address after 20 failures across accounts, only that address", async () => {
      await recordFailures(20, (i) => ({ email: `x${i}@example.com`, ip: "10.9.9.9" }));
      expect(await signIn(db, "op@example.com", PASSWORD, "10.9.9.9", at(3))).toEqual({ ok: false, reason: "locked" });
      expect(await signIn(db, "op@example.com", PASSWORD, "10.9.9.8", at(3))).toMatchObject({ ok: true });
    });
  });

  describe("the second factor", () => {
    // The wait a distributed attack puts on the account is tested above; here it would only slow the tests.
    const noWait = async () => {};
    const pendingAfterPassword = async (now = T0, ip = "10.0.0.1") => {
      const first = await signIn(db, "op@example.com", PASSWORD, ip, now, { wait: noWait });
      if (!first.ok) throw new Error(`password step: ${first.reason}`);
      return first;
    };
    const codeStep = (pending: string | null, code: string, now = T0, ip = "10.0.0.1") =>
      completeSignIn(db, pending, { code }, ip, now, { keys: TEST_OPERATOR_KEYS, wait: noWait });
    const actions = async () => (await operatorEventsOf(db, "op@example.com")).map((event) => event.action);

    it("after the right password, a session opens nothing until the code; the first code confirms the enrolment, with a new session id", async () => {
      const first = await pendingAfterPassword();
      expect(first.firstCode).toBe(true);
      expect(await operatorForSession(db, first.pendingSessionId, T0)).toBeNull();
      const done = await codeStep(first.pendingSessionId, codeAt(secret, T0));
      if (!done.ok) throw new Error(done.reason);
      expect(done).toMatchObject({ operator: "op@example.com", method: "totp" });
      expect(done.sessionId).not.toBe(first.pendingSessionId);
      expect(await operatorForSession(db, done.sessionId, at(1))).toBe("op@example.com");
      // The half-made session is gone: its id is worth nothing now.
      expect((await codeStep(first.pendingSessionId, codeAt(secret, T0, 1))).ok).toBe(false);
      expect(await actions()).toEqual(["added", "enrolment", "sign_in"]);
      expect((await pendingAfterPassword(at(1))).firstCode).toBe(false);
      // A half-made session lasts 5 minutes.
      const late = await pendingAfterPassword(at(2));
      expect(
        await codeStep(late.pendingSessionId, codeAt(secret, at(2 + PENDING_SESSION_MS / 60_000)), at(2 + PENDING_SESSION_MS / 60_000)),
      ).toEqual({
        ok: false,
        reason: "expired",
      });
    });

    it("accepts the codes one step either side of now, and refuses a stale one and one from further ahead", async () => {
      for (const [offset, accepted] of [
        [-2, false],
        [2, false],
        [-1, true],
      ] as const) {
        const pending = await pendingAfterPassword();
        expect((await codeStep(pending.pendingSessionId, codeAt(secret, T0, offset))).ok, `step ${offset}`).toBe(accepted);
      }
      const pending = await pendingAfterPassword(at(1));
      expect((await codeStep(pending.pendingSessionId, codeAt(secret, at(1), 1), at(1))).ok).toBe(true);
    });

    it("accepts a code once: the same code again, or an older one, is refused within its window, even sent twice at once", async () => {
      const code = codeAt(secret, T0);
      expect((await codeStep((await pendingAfterPassword()).pendingSessionId, code)).ok).toBe(true);
      const again = await pendingAfterPassword(at(0.25));
      expect(await codeStep(again.pendingSessionId, code, at(0.25))).toEqual({ ok: false, reason: "invalid" });
      expect(await codeStep(again.pendingSessionId, codeAt(secret, T0, -1), at(0.25))).toEqual({ ok: false, reason: "invalid" });

      const [a, b] = [await pendingAfterPassword(at(2)), await pendingAfterPassword(at(2))];
      const next = codeAt(secret, at(2));
      const both = await Promise.all([codeStep(a.pendingSessionId, next, at(2)), codeStep(b.pendingSessionId, next, at(2))]);
      expect(both.filter((result) => result.ok)).toHaveLength(1);
    });

    it("counts a wrong code as a failure: five lock this address out of the account, the right code too, and the sign-in starts again", async () => {
      const pending = await pendingAfterPassword();
      for (let i = 0; i < MAX_FAILURES - 1; i++)
        expect(await codeStep(pending.pendingSessionId, "000000", at(i * 0.1))).toEqual({ ok: false, reason: "invalid" });
      expect(await codeStep(pending.pendingSessionId, "000000", at(0.5))).toEqual({ ok: false, reason: "session-ended" });
      expect(await codeStep(pending.pendingSessionId, codeAt(secret, at(0.6)), at(0.6))).toEqual({ ok: false, reason: "expired" });
      expect(await signIn(db, "op@example.com", PASSWORD, "10.0.0.1", at(0.7))).toEqual({ ok: false, reason: "locked" });
      // The operator elsewhere is not locked out.
      const elsewhere = await pendingAfterPassword(at(1), "10.0.9.9");
      expect((await codeStep(elsewhere.pendingSessionId, codeAt(secret, at(1)), at(1), "10.0.9.9")).ok).toBe(true);
    });

    it("ends a half-made session at its fifth wrong code, from whatever addresses they come: the right code then opens nothing", async () => {
      const pending = await pendingAfterPassword();
      for (let i = 1; i < CODES_PER_HALF_SESSION; i++)
        expect(await codeStep(pending.pendingSessionId, "000000", at(0.1), `10.5.0.${i}`)).toEqual({ ok: false, reason: "invalid" });
      expect(await codeStep(pending.pendingSessionId, "000000", at(0.1), "10.5.0.5")).toEqual({ ok: false, reason: "session-ended" });
      expect(await codeStep(pending.pendingSessionId, codeAt(secret, at(0.2)), at(0.2), "10.5.0.6")).toEqual({
        ok: false,
        reason: "expired",
      });
      expect((await operatorEventsOf(db, "op@example.com")).filter((event) => event.action === "second_factor_session_ended")).toEqual([
        { action: "second_factor_session_ended", ip: "10.5.0.5", details: JSON.stringify({ wrongCodes: 5 }), at: at(0.1).toISOString() },
      ]);
      // A new sign-in, and the right code, still open the back office: 5 wrong codes are not yet a lock.
      const again = await pendingAfterPassword(at(1), "10.5.0.7");
      expect((await codeStep(again.pendingSessionId, codeAt(secret, at(1)), at(1), "10.5.0.7")).ok).toBe(true);
    });

    it(
      "checks at most 10 of 500 wrong codes sent at once from 100 addresses, then locks the account, tells its owner by e-mail, and audits it",
      { timeout: 120_000 },
      async () => {
        // 20 half-made sessions (each password check costs scrypt's time), guessed at from 100 addresses, 5 codes each.
        const pendings = await Promise.all(Array.from({ length: 20 }, (_, i) => pendingAfterPassword(at(1), `10.6.0.${i}`)));
        codeChecks.count = 0;
        const guesses = await Promise.all(
          Array.from({ length: 500 }, (_, i) =>
            completeSignIn(db, pendings[i % 20]!.pendingSessionId, { code: String(100_000 + i) }, `10.6.0.${i % 100}`, at(1), {
              keys: TEST_OPERATOR_KEYS,
              wait: noWait,
            }),
          ),
        );
        expect(guesses.filter((result) => result.ok)).toEqual([]);
        expect(codeChecks.count).toBeLessThanOrEqual(ACCOUNT_CODE_FAILURES);
        expect(guesses.filter((result) => !result.ok && result.reason === "account-locked").length).toBeGreaterThan(0);
        // The lock holds against the right password and the right code, from a new address, and is said only after the password.
        expect(await signIn(db, "op@example.com", PASSWORD, "10.6.1.1", at(2), { wait: noWait })).toEqual({
          ok: false,
          reason: "account-locked",
        });
        expect(await signIn(db, "op@example.com", "wrong", "10.6.1.2", at(2), { wait: noWait })).toEqual({ ok: false, reason: "invalid" });
        expect(await db.selectFrom("admin_sessions").select("id").execute()).toEqual([]);

        const locks = (await operatorEventsOf(db, "op@example.com")).filter((event) => event.action === "second_factor_locked");
        expect(locks).toEqual([expect.objectContaining({ details: JSON.stringify({ wrongCodes: 10 }), at: at(1).toISOString() })]);
        const mail = await db.selectFrom("outbox").selectAll().where("kind", "=", "operator_account_locked").execute();
        expect(mail).toHaveLength(1);
        const event = await db
          .selectFrom("operator_events")
          .selectAll()
          .where("id", "=", mail[0]!.operator_event_id!)
          .executeTakeFirstOrThrow();
        const composed = await composeOperatorAccountMessage(mail[0]!, event, { company, siteUrl: "https://adres.example" });
        expect(composed.to).toBe("op@example.com");
        expect(composed.subject).toBe("Konto op@example.com w panelu obsługi zablokowane");
        expect(composed.text).toContain("wpisano 10 błędnych kodów");
        expect(composed.text).toContain(`ostatni z adresu IP ${event.ip}`);
        expect(composed.text).toContain("npm run operator -- unlock op@example.com");

        // `npm run operator -- unlock`: a new password, the count back at 0; the old password no longer opens anything.
        expect(await unlockOperator(db, "op@example.com", "a new password, long enough", at(3))).toBe("unlocked");
        expect(await unlockOperator(db, "op@example.com", "a new password, long enough", at(3))).toBe("not-locked");
        expect(await signIn(db, "op@example.com", PASSWORD, "10.6.2.1", at(4), { wait: noWait })).toEqual({ ok: false, reason: "invalid" });
        const first = await signIn(db, "op@example.com", "a new password, long enough", "10.6.2.2", at(4), { wait: noWait });
        if (!first.ok) throw new Error(first.reason);
        expect((await codeStep(first.pendingSessionId, codeAt(secret, at(4)), at(4), "10.6.2.2")).ok).toBe(true);
        // The first code ever accepted on the account completes its enrolment too.
        expect((await actions()).slice(-3)).toEqual(["second_factor_unlocked", "enrolment", "sign_in"]);
      },
    );

    it("gives the account its wrong codes back at each sign-in: typos spread over days never lock it", async () => {
      for (let round = 0; round < 3; round++) {
        const now = at(60 * 24 * round);
        // 9 wrong codes over three half-made sessions (4, 4 and 1, so none is ended), then the right one.
        for (const [session, wrong] of [4, 4, 1].entries()) {
          const ip = `10.7.${round}.${session}`;
          const pending = await pendingAfterPassword(now, ip);
          for (let i = 0; i < wrong; i++)
            expect(await codeStep(pending.pendingSessionId, "000000", now, ip)).toEqual({ ok: false, reason: "invalid" });
          if (wrong === 1) expect((await codeStep(pending.pendingSessionId, codeAt(secret, now), now, ip)).ok).toBe(true);
        }
      }
      expect(await actions()).not.toContain("second_factor_locked");
    });

    it("takes each recovery code once, and audits it", async () => {
      const [code] = recoveryCodes;
      const pending = await pendingAfterPassword();
      const done = await completeSignIn(
        db,
        pending.pendingSessionId,
        { recoveryCode: code!.toLowerCase().replace("-", " ") },
        "10.0.0.1",
        T0,
        {
          keys: TEST_OPERATOR_KEYS,
        },
      );
      expect(done).toMatchObject({ ok: true, method: "recovery_code" });
      const again = await pendingAfterPassword(at(1));
      expect(
        await completeSignIn(db, again.pendingSessionId, { recoveryCode: code! }, "10.0.0.1", at(1), { keys: TEST_OPERATOR_KEYS }),
      ).toEqual({
        ok: false,
        reason: "invalid",
      });
      const events = await operatorEventsOf(db, "op@example.com");
      expect(events.find((event) => event.action === "recovery_code_used")).toMatchObject({
        ip: "10.0.0.1",
        details: JSON.stringify({ left: 9 }),
      });
    });

    it("lets nobody in without a second factor: an account without one, or a site without the key it was sealed under", async () => {
      await db
        .insertInto("operators")
        .values({
          ...(await db.selectFrom("operators").select(["password_hash", "created_at"]).executeTakeFirstOrThrow()),
          email: "old@example.com",
          totp_secret: null,
          totp_confirmed_at: null,
          totp_last_step: null,
        })
        .execute();
      expect(await signIn(db, "old@example.com", PASSWORD, "10.0.0.1", T0)).toEqual({ ok: false, reason: "not-enrolled" });
      expect(await signInWithOptions(db, "op@example.com", PASSWORD, "10.0.0.1", T0, { keys: null })).toEqual({
        ok: false,
        reason: "key-unavailable",
      });
      const otherKey = operatorKeys("another operator secret key, also 32+ characters");
      expect(await signInWithOptions(db, "op@example.com", PASSWORD, "10.0.0.1", T0, { keys: otherKey })).toEqual({
        ok: false,
        reason: "key-unavailable",
      });
      // Before the password is right, nothing tells the second factor apart.
      expect(await signInWithOptions(db, "op@example.com", "wrong", "10.0.0.1", T0, { keys: null })).toEqual({
        ok: false,
        reason: "invalid",
      });
    });

    it("keeps the secret and the recovery codes out of the database in clear", async () => {
      const stored =
        JSON.stringify(await db.selectFrom("operators").selectAll().execute()) +
        JSON.stringify(await db.selectFrom("operator_recovery_codes").selectAll().execute());
      expect(stored).not.toContain(secret);
      for (const code of recoveryCodes) expect(stored).not.toContain(code.replace("-", ""));
      expect(await db.selectFrom("operator_recovery_codes").select("id").execute()).toHaveLength(10);
    });

    it("audits sign-out; a reset ends the sessions and voids the old secret and codes", async () => {
      const sessionId = await signInWithCode(db, "op@example.com", PASSWORD, secret, "10.0.0.1", T0);
      const other = await signInWithCode(db, "op@example.com", PASSWORD, secret, "10.0.0.2", T0, 1);
      await signOut(db, sessionId, "10.0.0.1", at(1));
      expect(await operatorForSession(db, sessionId, at(1))).toBeNull();
      const reset = await resetSecondFactor(db, "op@example.com", TEST_OPERATOR_KEYS, at(2));
      if (!reset) throw new Error("no operator");
      expect(await operatorForSession(db, other, at(2))).toBeNull();
      const pending = await pendingAfterPassword(at(3));
      expect(pending.firstCode).toBe(true);
      expect((await codeStep(pending.pendingSessionId, codeAt(secret, at(3)), at(3))).ok).toBe(false);
      expect(
        (
          await completeSignIn(db, pending.pendingSessionId, { recoveryCode: recoveryCodes[1]! }, "10.0.0.1", at(3), {
            keys: TEST_OPERATOR_KEYS,
          })
        ).ok,
      ).toBe(false);
      expect((await codeStep(pending.pendingSessionId, codeAt(secretOfUri(reset.uri), at(3)), at(3))).ok).toBe(true);
      expect(await actions()).toEqual([
        "added",
        "enrolment",
        "sign_in",
        "sign_in",
        "sign_out",
        "second_factor_reset",
        "enrolment",
        "sign_in",
      ]);
      expect(await resetSecondFactor(db, "nobody@example.com", TEST_OPERATOR_KEYS, at(4))).toBeNull();
      expect(await addOperator(db, "op@example.com", PASSWORD, at(4), TEST_OPERATOR_KEYS)).toEqual({ outcome: "exists" });
    });
  });
});
