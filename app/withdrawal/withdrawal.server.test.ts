import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { orderNumberIn, type WithdrawalValues } from "./statement";
import { linkWithdrawal, prefillFromToken, recordWithdrawal, refundDueBy } from "./withdrawal.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const T1 = new Date("2026-11-25T14:30:00Z");
const T2 = new Date("2026-11-26T08:00:00Z");

describe("the order number in what the customer typed", () => {
  it("reads it however it is written, and finds none in other text", () => {
    expect(orderNumberIn("AE-2026-000123")).toBe("AE-2026-000123");
    expect(orderNumberIn("zamówienie nr ae/2026/123 z listopada")).toBe("AE-2026-000123");
    expect(orderNumberIn("AE 2026 000007")).toBe("AE-2026-000007");
    expect(orderNumberIn("zamówienie z 23 listopada")).toBeNull();
  });
});

describe.each(DIALECTS)("withdrawal statements on %s", (dialect) => {
  let db: AppDatabase;
  let order: OrderRow;
  beforeEach(async () => {
    db = await openDatabase(await freshTarget(dialect));
    ({ order } = await placeSampleOrder(db, T0, { details: { tenantName: "Jan Kowalski", email: "Jan.Kowalski@Example.com" } }));
  });
  afterEach(() => db.destroy());

  const values = (changes: Partial<WithdrawalValues> = {}): WithdrawalValues => ({
    name: "Someone Else",
    reference: order.number,
    email: "someone@example.org",
    ...changes,
  });
  const record = (changes: Partial<WithdrawalValues>, now: Date, token: string | null = null) =>
    recordWithdrawal(db, { values: values(changes), statement: `statement of ${changes.name ?? "someone"}`, locale: "en", token, now });
  const orderNow = () => db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
  const auditRows = () => db.selectFrom("order_events").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
  const messagesOf = (withdrawalId: number) =>
    db.selectFrom("outbox").select(["kind", "order_id"]).where("withdrawal_id", "=", withdrawalId).orderBy("kind").execute();

  it("fills the form in from the order's link, and from nothing else", async () => {
    expect(await prefillFromToken(db, order.payment_token)).toEqual({
      name: "Jan Kowalski",
      reference: order.number,
      email: "Jan.Kowalski@Example.com",
    });
    expect(await prefillFromToken(db, "x".repeat(32))).toBeNull();
    expect(await prefillFromToken(db, "not a token\u0000")).toBeNull();
  });

  it("stores a matching statement with the server's time, marks the order once, audits it and queues both messages", async () => {
    const first = await record({ email: "jan.kowalski@example.com", name: "anyone" }, T1);
    const stored = await db.selectFrom("withdrawals").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      received_at: T1.toISOString(),
      locale: "en",
      email: "jan.kowalski@example.com",
      order_reference: order.number,
      statement: "statement of anyone",
      order_id: order.id,
      matched_by: "details",
    });
    expect((await orderNow()).withdrawn_at).toBe(T1.toISOString());
    expect((await orderNow()).status).toBe("awaiting_payment");
    expect(await messagesOf(first.id)).toEqual([
      { kind: "operator_withdrawal", order_id: null },
      { kind: "withdrawal_acknowledgement", order_id: null },
    ]);

    // A second statement is stored and acknowledged too, but the order keeps the first one's time.
    const second = await record({ name: "JAN KOWALSKI" }, T2);
    expect((await orderNow()).withdrawn_at).toBe(T1.toISOString());
    expect(await messagesOf(second.id)).toHaveLength(2);
    const audit = (await auditRows()).filter((row) => row.details?.includes("withdrawal"));
    expect(audit.map((row) => JSON.parse(row.details ?? "{}") as Record<string, string>)).toEqual([
      { action: "withdrawal", withdrawalReceivedAt: T1.toISOString() },
      { action: "withdrawal", withdrawalReceivedAt: T2.toISOString(), repeated: "tak" },
    ]);
  });

  it("folds case and diacritics in the name: 'jan kowalski' matches 'Jan Kowalski', and 'Łukasz' matches 'lukasz'", async () => {
    const { order: polish } = await placeSampleOrder(db, T0, { details: { tenantName: "Łukasz Żółć" }, idempotencyKey: "k2" });
    const { id } = await recordWithdrawal(db, {
      values: { name: "lukasz zolc", reference: polish.number.toLowerCase(), email: "other@example.org" },
      statement: "s",
      locale: "pl",
      token: null,
      now: T1,
    });
    expect((await db.selectFrom("withdrawals").select("matched_by").where("id", "=", id).executeTakeFirstOrThrow()).matched_by).toBe(
      "details",
    );
  });

  it("stores and acknowledges a statement that matches no order, or only its number, and changes no order", async () => {
    const stranger = await record({}, T1);
    const typo = await record({ reference: "AE-2026-999999", email: "jan.kowalski@example.com" }, T1);
    for (const { id } of [stranger, typo]) {
      expect(await db.selectFrom("withdrawals").select(["order_id", "matched_by"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
        order_id: null,
        matched_by: null,
      });
      expect(await messagesOf(id)).toHaveLength(2);
    }
    expect((await orderNow()).withdrawn_at).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("matches through the order's link whatever name and e-mail are typed, but not for a number changed on the form", async () => {
    const linked = await record({ name: "J. K.", email: "new-address@example.org" }, T1, order.payment_token);
    expect((await db.selectFrom("withdrawals").select("matched_by").where("id", "=", linked.id).executeTakeFirstOrThrow()).matched_by).toBe(
      "token",
    );
    const { order: other } = await placeSampleOrder(db, T0, { idempotencyKey: "k3" });
    const changed = await record({ reference: other.number }, T2, order.payment_token);
    expect(
      (await db.selectFrom("withdrawals").select("order_id").where("id", "=", changed.id).executeTakeFirstOrThrow()).order_id,
    ).toBeNull();
  });

  it("lets the operator link an unmatched statement once, marking the order at the statement's time of receipt", async () => {
    const { id } = await record({ reference: "AE-2026-99" }, T1);
    expect(await linkWithdrawal(db, id, "AE-2025-000001", "op@example.com", T2)).toEqual({ ok: false, error: "unknownOrder" });
    expect(await linkWithdrawal(db, id, order.number, "op@example.com", T2)).toEqual({ ok: true, orderId: order.id });
    expect((await orderNow()).withdrawn_at).toBe(T1.toISOString());
    expect(await db.selectFrom("withdrawals").select(["matched_by", "linked_by"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      matched_by: "operator",
      linked_by: "op@example.com",
    });
    expect(await linkWithdrawal(db, id, order.number, "op@example.com", T2)).toEqual({ ok: false, error: "alreadyLinked" });
    expect((await auditRows()).map((row) => row.operator)).toEqual(["op@example.com"]);
  });

  it("gives the refund deadline as 14 days after receipt", () => {
    expect(refundDueBy(T1.toISOString()).toISOString()).toBe("2026-12-09T14:30:00.000Z");
  });
});
