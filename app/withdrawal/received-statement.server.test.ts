import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { statementFromForm } from "~/admin/withdrawal-records-form.server";
import { WITHDRAWAL_TEXT } from "./admin-texts";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { recordReceivedStatement, refundDueBy } from "./withdrawal.server";

/** Ordered on Monday 23 November 2026: the withdrawal period ends on Monday 7 December. */
const ORDERED = new Date("2026-11-23T09:00:00Z");
const NOW = new Date("2026-12-11T12:00:00Z");

describe.each(DIALECTS)("a statement that came by e-mail or by post, recorded by the operator, on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  async function paidOrder(email: string) {
    const { order } = await placeSampleOrder(db, ORDERED, { details: { email }, idempotencyKey: `received-${email}` });
    await db.updateTable("orders").set({ status: "paid", paid_at: ORDERED.toISOString() }).where("id", "=", order.id).execute();
    return order;
  }
  const kindsOf = async (orderId: number) =>
    (
      await db
        .selectFrom("outbox")
        .innerJoin("withdrawals", "withdrawals.id", "outbox.withdrawal_id")
        .select("outbox.kind")
        .where("withdrawals.order_id", "=", orderId)
        .execute()
    )
      .map((row) => row.kind)
      .sort();

  it("an e-mail in time marks the order as of its receipt; the order's address gets the acknowledgement, the sender's other address a receipt", async () => {
    const order = await paidOrder("owner@example.com");
    const receivedAt = new Date("2026-12-01T08:15:00Z");
    const outcome = await recordReceivedStatement(
      db,
      order.id,
      { channel: "email", sentOn: "2026-12-01", receivedAt, email: "other@example.com", text: "Odstępuję od umowy.\nJan" },
      "ola@adres.test",
      NOW,
    );
    expect(outcome).toEqual({ ok: true, late: false });
    const after = await db.selectFrom("orders").select("withdrawn_at").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(after.withdrawn_at).toBe(receivedAt.toISOString());
    const stored = await db.selectFrom("withdrawals").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ channel: "email", sent_on: "2026-12-01", recorded_by: "ola@adres.test", matched_by: "operator" });
    expect(stored.statement).toBe("Odstępuję od umowy.\nJan");
    // The refund's 14 days run from the receipt, as for the web form.
    expect(refundDueBy(stored.received_at).toISOString()).toBe("2026-12-15T08:15:00.000Z");
    expect(await kindsOf(order.id)).toEqual(["withdrawal_acknowledgement", "withdrawal_receipt"]);
  });

  it("a letter posted on the period's last day keeps it, though it arrives after; one posted the day after is late and changes nothing", async () => {
    const inTime = await paidOrder("post1@example.com");
    const posted = { channel: "post" as const, email: null, text: "Formularz odstąpienia, podpisany (skan w dokumentacji)" };
    expect(
      await recordReceivedStatement(
        db,
        inTime.id,
        { ...posted, sentOn: "2026-12-07", receivedAt: new Date("2026-12-10T10:00:00Z") },
        "op",
        NOW,
      ),
    ).toEqual({ ok: true, late: false });
    expect(await kindsOf(inTime.id)).toEqual(["withdrawal_acknowledgement"]);

    const late = await paidOrder("post2@example.com");
    expect(
      await recordReceivedStatement(
        db,
        late.id,
        { ...posted, sentOn: "2026-12-08", receivedAt: new Date("2026-12-10T10:00:00Z") },
        "op",
        NOW,
      ),
    ).toEqual({ ok: true, late: true });
    const after = await db.selectFrom("orders").select(["status", "withdrawn_at"]).where("id", "=", late.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: "paid", withdrawn_at: null });
    expect(await kindsOf(late.id)).toEqual(["withdrawal_late"]);
  });

  it("the form refuses what cannot be, all at once, with the values kept, and records nothing", async () => {
    const order = await paidOrder("form@example.com");
    const form = new FormData();
    for (const [name, value] of Object.entries({
      channel: "email",
      sentOn: "2026-12-09",
      receivedOn: "2026-12-08",
      receivedTime: "25:00",
      email: "not an address",
      text: "",
    }))
      form.set(name, value);
    const refused = await statementFromForm(db, order.id, form, "op", NOW);
    const errors = WITHDRAWAL_TEXT.record.errors;
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      errors: { receivedTime: errors.time, email: errors.email, text: errors.text },
      values: { sentOn: "2026-12-09", email: "not an address" },
    });
    form.set("receivedTime", "09:30");
    form.set("email", "form@example.com");
    form.set("text", "Odstępuję");
    expect(await statementFromForm(db, order.id, form, "op", NOW)).toMatchObject({ errors: { sentOn: errors.sentAfterReceived } });
    expect(await db.selectFrom("withdrawals").select("id").execute()).toEqual([]);
    form.set("sentOn", "2026-12-08");
    expect(await statementFromForm(db, order.id, form, "op", NOW)).toEqual({ ok: true, late: true });
  });
});
