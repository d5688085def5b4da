import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { addOperator } from "./operators.server";
import { operatorForSession, revokeSession, signIn } from "./sign-in.server";

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

    it("locks the account after 5 failures in 15 minutes, even with the right password, then lets in", async () => {
      for (let i = 0; i < 5; i++) expect(await signIn(db, "op@example.com", "wrong", `10.0.0.${i}`, at(i))).toEqual({ ok: false, reason: "invalid" });
      expect(await signIn(db, "op@example.com", PASSWORD, "10.0.1.1", at(5))).toEqual({ ok: false, reason: "locked" });
      expect(await signIn(db, "op@example.com", PASSWORD, "10.0.1.1", at(15.5))).toMatchObject({ ok: true });
    });

    it("locks an IP after 5 failures across accounts", async () => {
      for (let i = 0; i < 5; i++) await signIn(db, `x${i}@example.com`, "wrong", "10.9.9.9", at(i));
      expect(await signIn(db, "op@example.com", PASSWORD, "10.9.9.9", at(5))).toEqual({ ok: false, reason: "locked" });
      expect(await signIn(db, "op@example.com", PASSWORD, "10.9.9.8", at(5))).toMatchObject({ ok: true });
    });
  });
});
