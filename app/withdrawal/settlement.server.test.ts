import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALES, type Locale } from "~/i18n/locales";
import { composeMessage } from "~/mail/compose.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { queuedMessage } from "../../tests/support/queued-message";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { settleWithdrawal, type Settlement } from "./settlement.server";
import { recordWithdrawal } from "./withdrawal.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const T1 = new Date("2026-11-25T14:30:00Z");
const T2 = new Date("2026-11-26T10:00:00Z");
const FULL: Settlement = { decision: { decision: "full" }, transferRefund: null };

describe.each(DIALECTS)("settling a withdrawal in one step on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  let serial = 0;
  /** An order in `locale`, paid by transfer when `paid`, withdrawn from through its own link. */
  async function withdrawnOrder(locale: Locale, { paid = false, earlyStart = false } = {}): Promise<OrderRow> {
    const { order } = await placeSampleOrder(db, T0, {
      locale,
      details: { immediatePerformanceRequested: earlyStart },
      idempotencyKey: `settle-${serial++}`,
    });
    if (paid)
      await db
        .updateTable("orders")
        .set({ status: "paid", paid_at: "2026-11-24T10:00:00Z", received_grosze: order.price_grosze })
        .where("id", "=", order.id)
        .execute();
    await recordWithdrawal(db, {
      values: { name: order.tenant_name, reference: order.number, email: order.email },
      statement: "s",
      locale,
      token: order.payment_token,
      now: T1,
    });
    return order;
  }
  const orderNow = (id: number) => db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const cancellationMail = async (id: number) => {
    const order = await orderNow(id);
    const message = await queuedMessage(db, id, "order_cancelled");
    return composeMessage(message, order, {
      company: PLACEHOLDER_COMPANY,
      siteUrl: "https://adres.example",
      operatorEmail: "operator@adres.example",
      paymentDeadlineDays: 7,
      confirmationAttachments: async () => [],
      now: T2,
    });
  };

  it("a cancellation after a withdrawal gives the withdrawal as its reason, in each of the four languages", async () => {
    for (const locale of LOCALES) {
      const order = await withdrawnOrder(locale, { paid: true });
      expect(await settleWithdrawal(db, null, order.id, { ...FULL, transferRefund: "due" }, "op", T2)).toEqual({ ok: true });
      const mail = await cancellationMail(order.id);
      const t = fixedT(locale, "mail");
      expect(mail.text).toContain(t("cancelled.reason", { reason: t("cancelled.reasons.withdrawal") }));
      expect(mail.text).not.toContain(t("cancelled.reasons.customer_request"));
    }
  });

  it("unpaid: the decision and the cancellation in one step, and nothing in the e-mail speaks of a refund", async () => {
    const order = await withdrawnOrder("pl");
    expect(await settleWithdrawal(db, null, order.id, FULL, "op", T2)).toEqual({ ok: true });
    expect(await orderNow(order.id)).toMatchObject({
      status: "cancelled",
      withdrawal_decision: "full",
      cancel_reason: "Odstąpienie od umowy (klient złożył oświadczenie o odstąpieniu)",
      refunded_at: null,
    });
    const mail = await cancellationMail(order.id);
    expect(mail.text).toContain("Powód: odstąpienie od umowy na podstawie Twojego oświadczenia o odstąpieniu.");
    expect(mail.text).toContain("nie musisz nic płacić ani robić");
    expect(mail.text).not.toMatch(/zwr[oó]c|zwrot/i);
    // Settled once.
    expect(await settleWithdrawal(db, null, order.id, FULL, "op", T2)).toEqual({ ok: false, reason: "not-settleable" });
  });

  it("paid by transfer and sent back already: the refund less the amount kept is recorded with the decision, and the e-mail says it went back by transfer", async () => {
    const order = await withdrawnOrder("en", { paid: true, earlyStart: true });
    const partial: Settlement = {
      decision: { decision: "partial", retainedGrosze: 12050, reason: { code: null, text: "Owner's signature obtained" } },
      transferRefund: "sent",
    };
    expect(await settleWithdrawal(db, null, order.id, partial, "op", T2)).toEqual({ ok: true });
    expect(await orderNow(order.id)).toMatchObject({
      status: "cancelled",
      withdrawal_decision: "partial",
      withdrawal_retained_grosze: 12050,
      refunded_grosze: 29900 - 12050,
      refunded_at: T2.toISOString(),
    });
    const mail = await cancellationMail(order.id);
    expect(mail.text).toMatch(/We have returned your payment \(PLN\s178\.50\) by bank transfer to the account it came from/);
    expect(mail.text).toMatch(/we have kept PLN\s120\.50/);
    expect(mail.text).not.toContain("Przelewy24");
    // One audit row each: the decision, and the cancellation that carries the refund.
    const actions = (await db.selectFrom("order_events").select(["details", "to_status"]).where("order_id", "=", order.id).execute()).map(
      (row) => (JSON.parse(row.details ?? "{}") as { action?: string }).action ?? row.to_status,
    );
    expect(actions).toEqual(["withdrawal", "withdrawal_decision", "cancelled"]);
  });

  it("paid by transfer and not yet sent back: the amount is recorded as due, and the e-mail promises it", async () => {
    const order = await withdrawnOrder("uk", { paid: true });
    expect(await settleWithdrawal(db, null, order.id, { ...FULL, transferRefund: "due" }, "op", T2)).toEqual({ ok: true });
    expect(await orderNow(order.id)).toMatchObject({ status: "cancelled", refunded_at: null });
    const message = await queuedMessage(db, order.id, "order_cancelled");
    expect(JSON.parse(message.data!)).toMatchObject({ reasonCode: "withdrawal", refundDueGrosze: 29900 });
  });

  it("refuses what the facts do not allow, and changes nothing", async () => {
    const notWithdrawn = (await placeSampleOrder(db, T0, { idempotencyKey: "plain" })).order;
    expect(await settleWithdrawal(db, null, notWithdrawn.id, FULL, "op", T2)).toEqual({ ok: false, reason: "not-settleable" });
    // An amount may be kept only after an early start and a payment (art. 35).
    const unpaid = await withdrawnOrder("pl");
    const partial: Settlement = {
      decision: { decision: "partial", retainedGrosze: 100, reason: { code: null, text: "x" } },
      transferRefund: null,
    };
    expect(await settleWithdrawal(db, null, unpaid.id, partial, "op", T2)).toEqual({ ok: false, reason: "not-allowed" });
    const dispatched = await withdrawnOrder("pl", { paid: true });
    await db.updateTable("orders").set({ status: "dispatched", dispatched_at: T1.toISOString() }).where("id", "=", dispatched.id).execute();
    expect(await settleWithdrawal(db, null, dispatched.id, FULL, "op", T2)).toEqual({ ok: false, reason: "not-settleable" });
    for (const id of [unpaid.id, dispatched.id]) expect((await orderNow(id)).withdrawal_decision).toBeNull();
  });
});
