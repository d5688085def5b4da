import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase, type DatabaseTarget } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import type { WithdrawalValues } from "./statement";
import { ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY } from "./limits";
import { linkWithdrawal, prefillFromToken, recordWithdrawal, refundDueBy } from "./withdrawal.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const T1 = new Date("2026-11-25T14:30:00Z");
const T2 = new Date("2026-11-26T08:00:00Z");

describe.each(DIALECTS)("withdrawal statements on %s", (dialect) => {
  let db: AppDatabase;
  let target: DatabaseTarget;
  let order: OrderRow;
  beforeEach(async () => {
    target = await migratedTarget(dialect);
    db = await openDatabase(target);
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

  it("stores a statement with the number and the order's e-mail, marks the order once, audits it, and acknowledges it to the order", async () => {
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
      acknowledgement_withheld: 0,
    });
    expect((await orderNow()).withdrawn_at).toBe(T1.toISOString());
    expect((await orderNow()).status).toBe("awaiting_payment");
    // The address given is the order's own (case aside): one acknowledgement, with the full text, and no receipt beside it.
    expect(await messagesOf(first.id)).toEqual([
      { kind: "operator_withdrawal", order_id: null },
      { kind: "withdrawal_acknowledgement", order_id: null },
    ]);

    // A second statement is stored and acknowledged too, but the order keeps the first one's time.
    const second = await record({ name: "JAN KOWALSKI", email: "JAN.KOWALSKI@EXAMPLE.COM " }, T2);
    expect((await orderNow()).withdrawn_at).toBe(T1.toISOString());
    expect(await messagesOf(second.id)).toHaveLength(2);
    const audit = (await auditRows()).filter((row) => row.details?.includes("withdrawal"));
    expect(audit.map((row) => JSON.parse(row.details ?? "{}") as Record<string, string>)).toEqual([
      { action: "withdrawal", withdrawalReceivedAt: T1.toISOString() },
      { action: "withdrawal", withdrawalReceivedAt: T2.toISOString(), repeated: "tak" },
    ]);
  });

  it("a stranger who knows the name and the number changes nothing: the statement waits unmatched, and gets a receipt only", async () => {
    const { order: polish } = await placeSampleOrder(db, T0, { details: { tenantName: "Łukasz Żółć" }, idempotencyKey: "k2" });
    const { id } = await recordWithdrawal(db, {
      values: { name: "Łukasz Żółć", reference: polish.number, email: "stranger@example.org" },
      statement: "s",
      locale: "pl",
      token: null,
      now: T1,
    });
    expect(await db.selectFrom("withdrawals").select(["order_id", "matched_by"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      order_id: null,
      matched_by: null,
    });
    const polishNow = await db.selectFrom("orders").select("withdrawn_at").where("id", "=", polish.id).executeTakeFirstOrThrow();
    expect(polishNow.withdrawn_at).toBeNull();
    expect(await db.selectFrom("order_events").select("id").where("order_id", "=", polish.id).execute()).toEqual([]);
    expect(await messagesOf(id)).toEqual([
      { kind: "operator_withdrawal", order_id: null },
      { kind: "withdrawal_receipt", order_id: null },
    ]);
  });

  it("stores a statement that matches no order, or only its number, gives it a receipt, and changes no order", async () => {
    const stranger = await record({}, T1);
    const typo = await record({ reference: "AE-2026-999999", email: "jan.kowalski@example.com" }, T1);
    for (const { id } of [stranger, typo]) {
      expect(await db.selectFrom("withdrawals").select(["order_id", "matched_by"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
        order_id: null,
        matched_by: null,
      });
      expect((await messagesOf(id)).map((message) => message.kind)).toEqual(["operator_withdrawal", "withdrawal_receipt"]);
    }
    expect((await orderNow()).withdrawn_at).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("matches through the order's link whatever name and e-mail are typed, but not for a number changed on the form", async () => {
    const linked = await record({ name: "J. K.", email: "new-address@example.org" }, T1, order.payment_token);
    expect((await db.selectFrom("withdrawals").select("matched_by").where("id", "=", linked.id).executeTakeFirstOrThrow()).matched_by).toBe(
      "token",
    );
    // The order's own address gets the acknowledgement; the other address a receipt.
    expect((await messagesOf(linked.id)).map((message) => message.kind)).toEqual([
      "operator_withdrawal",
      "withdrawal_acknowledgement",
      "withdrawal_receipt",
    ]);
    const { order: other } = await placeSampleOrder(db, T0, { idempotencyKey: "k3" });
    const changed = await record({ reference: other.number }, T2, order.payment_token);
    expect(
      (await db.selectFrom("withdrawals").select("order_id").where("id", "=", changed.id).executeTakeFirstOrThrow()).order_id,
    ).toBeNull();
  });

  it("lets the operator link an unmatched statement once, marking the order at the statement's time and acknowledging it to the order", async () => {
    const { id } = await record({ reference: "AE-2026-99" }, T1);
    expect(await linkWithdrawal(db, id, "AE-2025-000001", "op@example.com", T2)).toEqual({ ok: false, error: "unknownOrder" });
    expect(await linkWithdrawal(db, id, order.number, "op@example.com", T2)).toEqual({ ok: true, orderId: order.id });
    expect((await orderNow()).withdrawn_at).toBe(T1.toISOString());
    expect(await db.selectFrom("withdrawals").select(["matched_by", "linked_by"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      matched_by: "operator",
      linked_by: "op@example.com",
    });
    expect((await messagesOf(id)).map((message) => message.kind)).toEqual([
      "operator_withdrawal",
      "withdrawal_acknowledgement",
      "withdrawal_receipt",
    ]);
    expect(await linkWithdrawal(db, id, order.number, "op@example.com", T2)).toEqual({ ok: false, error: "alreadyLinked" });
    expect((await auditRows()).map((row) => row.operator)).toEqual(["op@example.com"]);
  });

  it(`acknowledges at most ${ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY} statements to one address a day, counted in the database for every instance`, async () => {
    // A second connection stands for a second instance of the site on the same database.
    const other = await openDatabase(target);
    try {
      const statements = [];
      for (const [index, writer] of [db, other, db, other, other].entries())
        statements.push(
          await recordWithdrawal(writer, {
            values: {
              name: `Someone ${index}`,
              reference: "AE-2026-999999",
              email: index % 2 ? "Victim@Example.org" : "victim@example.org",
            },
            statement: "s",
            locale: "pl",
            token: null,
            now: new Date(T1.getTime() + index * 60_000),
          }),
        );
      const kinds = await Promise.all(statements.map(async ({ id }) => (await messagesOf(id)).map((message) => message.kind)));
      expect(kinds.map((list) => list.includes("withdrawal_receipt"))).toEqual([true, true, true, false, false]);
      // Every statement is stored, and the operator is told of each, with the held-back acknowledgement marked.
      expect(kinds.every((list) => list.includes("operator_withdrawal"))).toBe(true);
      const withheld = await db.selectFrom("withdrawals").select("acknowledgement_withheld").orderBy("id").execute();
      expect(withheld.map((row) => row.acknowledgement_withheld)).toEqual([0, 0, 0, 1, 1]);
      // The next day in Warsaw the address is acknowledged again, and yesterday's counts are gone.
      const nextDay = await record({ email: "victim@example.org" }, new Date("2026-11-25T23:30:00Z"));
      expect((await messagesOf(nextDay.id)).map((message) => message.kind)).toContain("withdrawal_receipt");
      expect((await db.selectFrom("withdrawal_mail_counts").select("day").execute()).map((row) => row.day)).toEqual(["2026-11-26"]);
      // No address is kept in the count.
      expect(JSON.stringify(await db.selectFrom("withdrawal_mail_counts").selectAll().execute())).not.toContain("victim");
    } finally {
      await other.destroy();
    }
  });

  it("the statement that marks the order is acknowledged to the order's address even past the day's limit", async () => {
    for (let index = 0; index < ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY; index++)
      await record({ reference: "AE-2026-999999", email: order.email }, T1);
    const marking = await record({ email: order.email }, T1);
    expect((await orderNow()).withdrawn_at).toBe(T1.toISOString());
    expect((await messagesOf(marking.id)).map((message) => message.kind)).toContain("withdrawal_acknowledgement");
    // A repeat the same day is held back: the order is already marked and its address had its acknowledgements.
    const repeat = await record({ email: order.email }, T1);
    expect((await messagesOf(repeat.id)).map((message) => message.kind)).toEqual(["operator_withdrawal"]);
  });

  it("gives the refund deadline as 14 days after receipt", () => {
    expect(refundDueBy(T1.toISOString()).toISOString()).toBe("2026-12-09T14:30:00.000Z");
  });
});
