import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WITHDRAWAL_TEXT } from "./admin-texts";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALES, type Locale } from "~/i18n/locales";
import { composeMessage, type ComposeContext } from "~/mail/compose.server";
import { enqueueMessages } from "~/outbox/outbox.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { deliveryUnrecorded, mayKeepAnAmount, readDecision, rightHadExpired } from "./decision";
import { parseZloty } from "~/i18n/money";
import { recordWithdrawalDecision } from "./decision.server";
import { recordDeliveryFromProof } from "./delivery.server";
import { recordWithdrawal } from "./withdrawal.server";
import { queuedMessage } from "../../tests/support/queued-message";

const ORDERED = new Date("2026-11-23T09:00:00Z");
const context: ComposeContext = {
  company: PLACEHOLDER_COMPANY,
  siteUrl: "https://adres.example",
  operatorEmail: "operator@adres.example",
  paymentDeadlineDays: 7,
  confirmationAttachments: async () => [],
  now: ORDERED,
};

let db: AppDatabase;
beforeAll(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "decision-")), "orders.db") });
});
afterAll(() => db.destroy());

let serial = 0;
/** An order paid on 24 November, perhaps dispatched on the 25th, withdrawn through its own link at `withdrawnAt`. */
async function withdrawnOrder(setup: {
  locale?: Locale;
  earlyStart: boolean;
  dispatched: boolean;
  withdrawnAt: string;
}): Promise<OrderRow> {
  const locale = setup.locale ?? "pl";
  const { order } = await placeSampleOrder(db, ORDERED, {
    locale,
    details: { immediatePerformanceRequested: setup.earlyStart },
    idempotencyKey: `decision-${serial++}`,
  });
  await db.updateTable("orders").set({ status: "paid", paid_at: "2026-11-24T10:00:00Z" }).where("id", "=", order.id).execute();
  if (setup.dispatched)
    await db
      .updateTable("orders")
      .set({ status: "dispatched", dispatched_at: "2026-11-25T12:00:00Z", tracking_number: "RR1PL" })
      .where("id", "=", order.id)
      .execute();
  await recordWithdrawal(db, {
    values: { name: order.tenant_name, reference: order.number, email: order.email },
    statement: "…",
    locale,
    token: order.payment_token,
    now: new Date(setup.withdrawnAt),
  });
  return db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
}

const messages = WITHDRAWAL_TEXT.decision.errors;
const pln = (grosze: number) => `${grosze / 100} zł`;

/** The operator records the delivery the carrier's proof shows: 25 November at 15:30 Warsaw time, after the dispatch at 13:00. */
async function deliveredOnTheTwentyFifth(orderId: number) {
  return recordDeliveryFromProof(
    db,
    orderId,
    { deliveredAt: new Date("2026-11-25T14:30:00Z"), source: "DPD 1234567890" },
    "op",
    ORDERED_LATER,
  );
}
const ORDERED_LATER = new Date("2026-11-28T09:00:00Z");

describe("what the facts allow the operator to decide on a withdrawal", () => {
  it("art. 38: dispatched before the statement after the early-start request, the right is still there until a delivery is recorded", async () => {
    const order = await withdrawnOrder({ earlyStart: true, dispatched: true, withdrawnAt: "2026-11-26T08:00:00Z" });
    // The terms and the tick box say the right ends on delivery; a dispatch alone ends nothing.
    expect(rightHadExpired(order)).toBe(false);
    expect(deliveryUnrecorded(order)).toBe(true);
    expect(mayKeepAnAmount(order)).toBe(true);
    expect(readDecision({ decision: "expired", retained: "", reason: "" }, order, messages, pln)).toMatchObject({ ok: false });
    expect(await recordWithdrawalDecision(db, order.id, { decision: "expired" }, "op", ORDERED_LATER)).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    // Delivered later than the statement arrived: the right was still there.
    expect(rightHadExpired({ ...order, delivered_at: "2026-11-27T08:00:00Z" })).toBe(false);
  });

  it("art. 38: a delivery the operator records from the carrier's proof, before the statement, ends the right, and the history keeps its source", async () => {
    const order = await withdrawnOrder({ earlyStart: true, dispatched: true, withdrawnAt: "2026-11-26T08:00:00Z" });
    expect(
      await recordDeliveryFromProof(db, order.id, { deliveredAt: new Date("2026-11-25T11:00:00Z"), source: "DPD" }, "op", ORDERED_LATER),
    ).toEqual({ ok: false, reason: "before-dispatch" });
    expect(
      await recordDeliveryFromProof(db, order.id, { deliveredAt: new Date("2026-11-29T09:00:00Z"), source: "DPD" }, "op", ORDERED_LATER),
    ).toEqual({ ok: false, reason: "future" });
    expect(await deliveredOnTheTwentyFifth(order.id)).toEqual({ ok: true });
    expect(await deliveredOnTheTwentyFifth(order.id)).toEqual({ ok: false, reason: "already-delivered" });
    const current = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(current.delivered_at).toBe("2026-11-25T14:30:00.000Z");
    expect(rightHadExpired(current)).toBe(true);
    expect(deliveryUnrecorded(current)).toBe(false);
    expect(mayKeepAnAmount(current)).toBe(false);
    expect(readDecision({ decision: "full", retained: "", reason: "" }, current, messages, pln)).toMatchObject({ ok: false });
    const events = await db.selectFrom("order_events").select(["details", "operator"]).where("order_id", "=", order.id).execute();
    const recorded = events
      .map((event) => JSON.parse(event.details ?? "{}") as Record<string, string>)
      .find((d) => d.action === "delivery_recorded");
    expect(recorded).toEqual({ action: "delivery_recorded", deliveredAt: "2026-11-25T14:30:00.000Z", deliverySource: "DPD 1234567890" });
  });

  it("without the early-start request the right never expires early and nothing may be kept", async () => {
    const order = await withdrawnOrder({ earlyStart: false, dispatched: true, withdrawnAt: "2026-11-26T08:00:00Z" });
    expect(rightHadExpired(order)).toBe(false);
    expect(mayKeepAnAmount(order)).toBe(false);
    expect(readDecision({ decision: "partial", retained: "50", reason: "praca" }, order, messages, pln)).toMatchObject({
      ok: false,
      errors: { decision: messages.decision },
    });
    expect(readDecision({ decision: "full", retained: "", reason: "" }, order, messages, pln)).toEqual({
      ok: true,
      value: { decision: "full" },
    });
  });

  it("art. 35: after an early start, an amount above nothing and below the payment, with a reason, the values kept when refused", async () => {
    const order = await withdrawnOrder({ earlyStart: true, dispatched: false, withdrawnAt: "2026-11-24T12:00:00Z" });
    expect(mayKeepAnAmount(order)).toBe(true);
    const refused = readDecision({ decision: "partial", retained: "299,00", reason: "  " }, order, messages, pln);
    expect(refused).toMatchObject({ ok: false, values: { retained: "299,00" } });
    expect(refused.ok ? {} : refused.errors).toEqual({ retained: messages.retained("299 zł"), reason: messages.reason });
    expect(readDecision({ decision: "partial", retained: "120,5", reason: "Podpis właściciela uzyskany" }, order, messages, pln)).toEqual({
      ok: true,
      value: { decision: "partial", retainedGrosze: 12050, reason: { code: null, text: "Podpis właściciela uzyskany" } },
    });
    // A standard reason (the customer reads it in their language), or "other" with the operator's words; nothing else.
    const kept = (reasonCode: string, reason = "") =>
      readDecision({ decision: "partial", retained: "120,5", reason, reasonCode }, order, messages, pln);
    expect(kept("handed_to_carrier", "ignored beside a standard reason")).toEqual({
      ok: true,
      value: { decision: "partial", retainedGrosze: 12050, reason: { code: "handed_to_carrier", text: null } },
    });
    expect(kept("other", " Notariusz poświadczył podpis ")).toMatchObject({
      ok: true,
      value: { reason: { code: null, text: "Notariusz poświadczył podpis" } },
    });
    expect(kept("other")).toMatchObject({ ok: false, errors: { reason: messages.reason }, values: { reasonCode: "other" } });
    expect(kept("owner_gone", "x")).toMatchObject({ ok: false, errors: { reason: messages.reason } });
    expect([parseZloty("12"), parseZloty("12.5"), parseZloty("1 200,05"), parseZloty("-3"), parseZloty("abc")]).toEqual([
      1200,
      1250,
      120005,
      null,
      null,
    ]);
  });
});

describe("recording the decision", () => {
  it("is one transaction, once: the decision, an audit row, and nothing sent for a refund decision", async () => {
    const order = await withdrawnOrder({ earlyStart: true, dispatched: false, withdrawnAt: "2026-11-24T12:00:00Z" });
    const decision = { decision: "partial" as const, retainedGrosze: 5000, reason: { code: null, text: "Podpis uzyskany" } };
    expect(await recordWithdrawalDecision(db, order.id, decision, "ola@adres.test", ORDERED)).toEqual({ ok: true });
    expect(await recordWithdrawalDecision(db, order.id, { decision: "full" }, "ola@adres.test", ORDERED)).toEqual({
      ok: false,
      reason: "already-decided",
    });
    const row = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      withdrawal_decision: "partial",
      withdrawal_retained_grosze: 5000,
      withdrawal_decision_reason: "Podpis uzyskany",
    });
    const events = await db.selectFrom("order_events").select("details").where("order_id", "=", order.id).execute();
    expect(events.map((event) => JSON.parse(event.details ?? "{}").action)).toContain("withdrawal_decision");

    // A standard reason is stored as its code, not as words in one language.
    const other = await withdrawnOrder({ earlyStart: true, dispatched: false, withdrawnAt: "2026-11-24T12:00:00Z" });
    const standard = { decision: "partial" as const, retainedGrosze: 5000, reason: { code: "owner_confirmed" as const, text: null } };
    expect(await recordWithdrawalDecision(db, other.id, standard, "ola@adres.test", ORDERED)).toEqual({ ok: true });
    expect(await db.selectFrom("orders").selectAll().where("id", "=", other.id).executeTakeFirstOrThrow()).toMatchObject({
      withdrawal_decision_reason: null,
      withdrawal_decision_reason_code: "owner_confirmed",
    });
    const kinds = await db.selectFrom("outbox").select("kind").where("order_id", "=", order.id).execute();
    expect(kinds.map((m) => m.kind)).not.toContain("withdrawal_expired");
  });

  it("refuses 'expired' when the facts do not show it, and a decision on an order nobody withdrew from", async () => {
    const order = await withdrawnOrder({ earlyStart: false, dispatched: true, withdrawnAt: "2026-11-26T08:00:00Z" });
    expect(await recordWithdrawalDecision(db, order.id, { decision: "expired" }, "op", ORDERED)).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    const { order: plain } = await placeSampleOrder(db, ORDERED, { idempotencyKey: `decision-${serial++}` });
    expect(await recordWithdrawalDecision(db, plain.id, { decision: "full" }, "op", ORDERED)).toEqual({
      ok: false,
      reason: "not-withdrawn",
    });
  });

  for (const locale of LOCALES) {
    it(`${locale}: the right had expired: the standard answer goes to the customer in their language, naming art. 38, the request and the delivery day`, async () => {
      const order = await withdrawnOrder({ locale, earlyStart: true, dispatched: true, withdrawnAt: "2026-11-26T08:00:00Z" });
      await deliveredOnTheTwentyFifth(order.id);
      expect(await recordWithdrawalDecision(db, order.id, { decision: "expired" }, "op", ORDERED)).toEqual({ ok: true });
      const message = await queuedMessage(db, order.id, "withdrawal_expired");
      const current = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
      const mail = await composeMessage(message, current, context);
      const t = fixedT(locale, "mail");
      expect(mail.to).toBe(order.email);
      expect(mail.subject).toBe(t("subject.withdrawal_expired", { number: order.number }));
      expect(mail.text).toContain(t("withdrawalExpired.question"));
      expect(mail.text).toContain({ pl: "art. 38", en: "art. 38", uk: "ст. 38", ru: "ст. 38" }[locale]);
      // The delivery day, and the sentence saying the declaration was delivered, not sent.
      expect(mail.text).toMatch(
        {
          pl: /zostało Ci doręczone 25 listopada \(środa\)/,
          en: /was delivered to you on 25 November \(Wednesday\)/,
          uk: /вам доставлено 25 листопада \(середа\)/,
          ru: /было доставлено вам 25 ноября \(среда\)/,
        }[locale],
      );
      expect(mail.text).not.toMatch(/wysłaliśmy|we sent|ми відправили|мы отправили/);
      // The request to start early, with its time, as the order recorded it.
      expect(mail.text).toContain(
        { pl: "23 listopada 2026", en: "23 November 2026", uk: "23 листопада 2026", ru: "23 ноября 2026" }[locale],
      );
      expect(mail.text).not.toMatch(/\{\{|\(\s*\)/);
    });
  }

  it("the refund e-mail names the withdrawal, the amount kept for work done and its standard reason in the customer's language", async () => {
    const order = await withdrawnOrder({ locale: "en", earlyStart: true, dispatched: false, withdrawnAt: "2026-11-24T12:00:00Z" });
    const handedOver = { code: "handed_to_carrier" as const, text: null };
    await recordWithdrawalDecision(db, order.id, { decision: "partial", retainedGrosze: 5000, reason: handedOver }, "op", ORDERED);
    await enqueueMessages(db, order.id, ["refund_recorded"], ORDERED, { refundedGrosze: 24900 });
    const message = await queuedMessage(db, order.id, "refund_recorded");
    const current = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    const mail = await composeMessage(message, current, context);
    expect(mail.text).toContain(
      "This refund concerns your withdrawal from the agreement (we received your statement on 24 November 2026 at 13:00:00 (Polish time)",
    );
    expect(mail.text).toMatch(/we have kept PLN\s50 for the part of the service performed/);
    expect(mail.text.replace(/\s+/g, " ")).toContain(
      "before you withdrew: the parcel with the signed declaration had already been handed to the carrier.",
    );
  });

  it("a cancellation after an amount was kept promises the rest, never the payment in full", async () => {
    const order = await withdrawnOrder({ locale: "pl", earlyStart: true, dispatched: false, withdrawnAt: "2026-11-24T12:00:00Z" });
    await recordWithdrawalDecision(
      db,
      order.id,
      { decision: "partial", retainedGrosze: 5000, reason: { code: null, text: "x" } },
      "op",
      ORDERED,
    );
    await enqueueMessages(db, order.id, ["order_cancelled"], ORDERED, { reason: "Klient odstąpił od umowy" });
    const message = await queuedMessage(db, order.id, "order_cancelled");
    const current = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    const mail = await composeMessage(message, current, context);
    const t = fixedT("pl", "mail");
    expect(mail.text).not.toContain(t("cancelled.refund"));
    expect(mail.text).toMatch(/Zwrócimy Twoją wpłatę \(249\s?zł\)/);
    expect(mail.text).toMatch(/zatrzymaliśmy 50\s?zł/);
  });
});
