import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { addOperator } from "./operators.server";
import { accountDelayMs, MAX_FAILURES, operatorForSession, revokeSession, signIn } from "./sign-in.server";

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

const T0 = new Date("2026-11-23T09:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const PASSWORD = "correct horse battery";
describe.each(DIALECTS)("sign-in on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await freshTarget(dialect));
    await addOperator(db, "op@example.com", PASSWORD, T0);
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
      const first = await signIn(db, "OP@example.com", PASSWORD, "10.0.0.1", T0);
      const second = await signIn(db, "op@example.com", PASSWORD, "10.0.0.1", T0);
      if (!first.ok || !second.ok) throw new Error("sign-in failed");
      expect(first.sessionId).not.toBe(second.sessionId);
      const stored = await db.selectFrom("admin_sessions").select("session_hash").execute();
      expect(stored.map((s) => s.session_hash)).not.toContain(first.sessionId);
      expect(await operatorForSession(db, first.sessionId, at(1))).toBe("op@example.com");
      await revokeSession(db, first.sessionId);
      expect(await operatorForSession(db, first.sessionId, at(2))).toBeNull();
      expect(await operatorForSession(db, second.sessionId, at(2))).toBe("op@example.com");
    });

    it("expires after 8 idle hours, and activity slides the expiry", async () => {
      const result = await signIn(db, "op@example.com", PASSWORD, "10.0.0.1", T0);
      if (!result.ok) throw new Error("sign-in failed");
      expect(await operatorForSession(db, result.sessionId, at(7 * 60))).toBe("op@example.com");
      expect(await operatorForSession(db, result.sessionId, at(14 * 60))).toBe("op@example.com");
      expect(await operatorForSession(db, result.sessionId, at(22 * 60 + 1))).toBeNull();
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
});
