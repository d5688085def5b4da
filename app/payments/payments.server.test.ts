import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { correctionFromForm } from "~/admin/correction-form.server";
import { applyTransition, recordRefund } from "~/flows/transitions.server";
import { parseTransitionForm } from "~/admin/transition-form.server";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { composeMessage } from "~/mail/compose.server";
import { refundAfterDecisionOf } from "~/order/lifecycle/refund-ceiling.server";
import type { RetainedReason } from "~/withdrawal/decision";
import { fixedT } from "~/i18n/i18n.server";
import { refundFromForm } from "~/admin/refund-form.server";
import { findOrderDetail } from "~/admin/order-detail.server";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { przelewy24ForThisFile } from "../../tests/support/p24-for-this-file";
import { TEST_P24 } from "../../tests/support/p24-stand-in-process";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import type { PaymentGateway } from "./gateway";
import { handleNotification } from "./notification.server";
import { notificationSign } from "./p24-sign";
import { createPrzelewy24Client } from "./przelewy24.server";
import { recoverStalePayments } from "./recovery.server";
import { onlinePaymentView } from "./payment-page.server";
import { handleRefundNotification } from "./refund-notification.server";
import { createSharedLookup, LOOKUP_INTERVAL_MS } from "./shared-lookup.server";
import { cancelOrder, refundPayment, type RefundInput } from "./refund.server";
import { recheckPayment } from "./settle.server";
import { startPayment, type PayableOrder } from "./start.server";
import { queuedMessage } from "../../tests/support/queued-message";
import { CANCEL_REASON_LABEL } from "~/order/lifecycle/cancel-reasons";
import { recordWithdrawal } from "~/withdrawal/withdrawal.server";
import { settleWithdrawal } from "~/withdrawal/settlement.server";
import type { MessageKind } from "~/db/schema";

/**
 * The payment domain against the Przelewy24 stand-in over real HTTP, on SQLite and PostgreSQL.
 * The notifications the stand-in posts are caught by a small server here and handed to
 * handleNotification, as the notification route does.
 */
const p24 = przelewy24ForThisFile();
let urlStatus: string;
let refundUrlStatus: string;
let received: unknown[];
let refundsReceived: unknown[];

beforeAll(() => {
  ({ urlStatus, refundUrlStatus, payments: received, refunds: refundsReceived } = p24.receiver);
});

const T0 = new Date("2026-11-24T09:00:00Z");
/** How the mail worker composes an order's e-mails, for reading what the customer or the operator is told. */
const MAIL_CONTEXT = {
  company: PLACEHOLDER_COMPANY,
  siteUrl: "https://adres.example",
  operatorEmail: "operator@adres.example",
  paymentDeadlineDays: 7,
  confirmationAttachments: async () => [],
  now: T0,
};
let orderCounter = 0;

async function control(order: PayableOrder, rule: Record<string, unknown>) {
  await fetch(`${p24.standIn.url}/__control`, { method: "POST", body: JSON.stringify({ sessionPrefix: `${order.number}-`, ...rule }) });
}

/** The notification the stand-in posted for the order's session, once it has arrived. */
async function notificationFor(order: PayableOrder): Promise<Record<string, unknown>> {
  return vi.waitFor(() => {
    const found = received.find((body) => String((body as { sessionId: string }).sessionId).startsWith(`${order.number}-`));
    if (!found) throw new Error("no notification yet");
    return found as Record<string, unknown>;
  });
}

/** The refund notifications the stand-in posted for the order's session, once `count` have arrived. */
async function refundNotificationsFor(order: PayableOrder, count = 1): Promise<Array<Record<string, unknown>>> {
  return vi.waitFor(() => {
    const found = refundsReceived.filter((body) => String((body as { sessionId: string }).sessionId).startsWith(`${order.number}-`));
    if (found.length < count) throw new Error("no refund notification yet");
    return found as Array<Record<string, unknown>>;
  });
}

async function transactionsOf(order: PayableOrder) {
  const response = await fetch(`${p24.standIn.url}/__transactions?sessionPrefix=${order.number}-`);
  return (await response.json()) as Array<{ status: number; lookups: number; refunds: Array<{ amount: number; status: string }> }>;
}

function signed(fields: Record<string, unknown>, crc: string = TEST_P24.crc) {
  const { sign: _sign, ...rest } = fields;
  return { ...rest, sign: notificationSign({ ...(rest as Parameters<typeof notificationSign>[0]), crc }) };
}

describe.each(DIALECTS)("online payment on %s", (dialect) => {
  let db: AppDatabase;
  let gateway: PaymentGateway;
  let order: PayableOrder;

  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    gateway = createPrzelewy24Client({ ...TEST_P24, apiUrl: p24.standIn.url });
    const placed = await placeSampleOrder(db, T0);
    orderCounter += 1;
    // Order numbers restart in every fresh database; the stand-in's rules and sessions are keyed by them.
    const number = `${dialect}-${orderCounter}-${placed.order.number}`;
    await db.updateTable("orders").set({ number }).where("id", "=", placed.order.id).execute();
    order = await db
      .selectFrom("orders")
      .select(["id", "number", "status", "price_grosze", "currency", "email", "locale"])
      .where("id", "=", placed.order.id)
      .executeTakeFirstOrThrow();
  });
  afterEach(() => db.destroy());

  const start = (request: Parameters<typeof startPayment>[2], now = T0) =>
    startPayment(db, order, request, { gateway, description: "Zamówienie", urlReturn: "http://127.0.0.1/back", urlStatus, now });
  const payments = () => db.selectFrom("payments").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
  const orderRow = () => db.selectFrom("orders").select(["status", "paid_at"]).where("id", "=", order.id).executeTakeFirstOrThrow();
  const paidMails = () =>
    db.selectFrom("outbox").select("data").where("order_id", "=", order.id).where("kind", "=", "order_paid").execute();
  const events = () => db.selectFrom("order_events").selectAll().where("order_id", "=", order.id).execute();

  it("BLIK: the amount in grosze, then the verified notification marks the order paid in one go; a repeat changes nothing", async () => {
    expect(await start({ method: "blik", blikCode: "777123" })).toEqual({ kind: "blik-pending" });
    const [pending] = await payments();
    expect(pending).toMatchObject({ method: "blik", state: "pending", amount_grosze: 29900, currency: "PLN" });
    const notification = await notificationFor(order);
    expect(notification).toMatchObject({ amount: 29900, currency: "PLN", sessionId: pending!.session_id });

    expect(await handleNotification(db, gateway, notification, T0)).toEqual({ status: 200, outcome: "paid" });
    expect(await orderRow()).toMatchObject({ status: "paid", paid_at: T0.toISOString() });
    expect((await payments()).map((row) => [row.state, row.gateway_order_id])).toEqual([["paid", String(notification.orderId)]]);
    const [event] = await events();
    expect(event).toMatchObject({ operator: "system", from_status: "awaiting_payment", to_status: "paid" });
    expect(JSON.parse(event!.details!)).toMatchObject({ paidOnline: "przelewy24", paymentMethod: "blik" });
    expect(await paidMails()).toHaveLength(1);

    expect(await handleNotification(db, gateway, notification, T0)).toEqual({ status: 200, outcome: "already-paid" });
    expect(await events()).toHaveLength(1);
    expect(await paidMails()).toHaveLength(1);
    // Paid online: the back office cannot mark it paid by hand again, even were the status to allow it.
    await db.updateTable("orders").set({ status: "awaiting_payment" }).where("id", "=", order.id).execute();
    expect(await applyTransition(db, order.id, { transition: "mark_paid", paidAt: "2026-11-24" }, "op", T0)).toMatchObject({
      ok: false,
      reason: "not-allowed",
    });
  });

  it("money arriving online is told to the operator at once, with the dispatch date it set; a repeated notification tells nothing more", async () => {
    await start({ method: "blik", blikCode: "777123" });
    const notification = await notificationFor(order);
    expect(await handleNotification(db, gateway, notification, T0)).toEqual({ status: 200, outcome: "paid" });
    expect(await handleNotification(db, gateway, notification, T0)).toEqual({ status: 200, outcome: "already-paid" });
    const notices = await db
      .selectFrom("outbox")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("kind", "=", "operator_payment_received")
      .execute();
    expect(notices.map((notice) => [notice.resent, JSON.parse(notice.data!)])).toEqual([
      [0, { paidAt: T0.toISOString(), paymentMethod: "blik" }],
    ]);

    const notice = await composedMail("operator_payment_received");
    expect(notice.to).toBe("operator@adres.example");
    expect(notice.subject).toBe(`Wpłata online za zamówienie ${order.number}: 299\u00a0zł`);
    const text = notice.text.replace(/\s/g, " ");
    expect(text).toContain("Klient zapłacił online. Od tej wpłaty liczą się terminy realizacji zamówienia.");
    expect(text).toContain("Sposób płatności: BLIK");
    expect(text).toContain(`/admin/orders/${order.id}`);
    // The day the customer was promised in their own "paid" e-mail is the day the operator is told.
    const dispatchBy = /Wysyłka najpóźniej: (\d+ \S+ \(\S+\))/.exec(text)?.[1];
    expect(dispatchBy).toBeDefined();
    expect((await composedMail("order_paid")).text.replace(/\s/g, " ")).toContain(dispatchBy);
  });

  it("money arriving online for an order cancelled meanwhile is told to the operator as money to return, not as a payment to dispatch", async () => {
    await control(order, { notification: "drop" });
    await start({ method: "blik", blikCode: "777123" });
    await applyTransition(db, order.id, { transition: "cancel", reasonCode: "customer_request", reason: "Na prośbę klienta" }, "op", T0);
    const [attempt] = await payments();
    expect(await recheckPayment(db, gateway, attempt!, T0, false)).toBe("paid");
    const kinds = await db.selectFrom("outbox").select("kind").where("order_id", "=", order.id).execute();
    expect(kinds.map((row) => row.kind)).not.toContain("operator_payment_received");
    const text = (await composedMail("operator_payment_to_return")).text.replace(/\s/g, " ");
    expect(text).toContain("zamówienie nie czekało już na wpłatę");
    expect(text).not.toContain("Wysyłka najpóźniej");
  });

  it("refuses a forged, altered, foreign or unknown notification with 400 and changes nothing", async () => {
    await start({ method: "blik", blikCode: "777123" });
    const genuine = await notificationFor(order);
    const refusals = [
      { ...genuine, sign: "0".repeat(96) },
      signed(genuine, "guessed-crc"),
      signed({ ...genuine, amount: 100, originAmount: 100 }),
      signed({ ...genuine, currency: "EUR" }),
      signed({ ...genuine, merchantId: 999 }),
      signed({ ...genuine, sessionId: "nobody-s-session" }),
      // Signed right, but Przelewy24 knows no such paid transaction: transaction/verify refuses.
      signed({ ...genuine, orderId: 1 }),
      { ...genuine, amount: "29900" },
      null,
    ];
    for (const body of refusals) expect((await handleNotification(db, gateway, body, T0)).status).toBe(400);
    expect((await orderRow()).status).toBe("awaiting_payment");
    expect((await payments()).map((row) => row.state)).toEqual(["pending"]);
    expect(await events()).toEqual([]);
    expect(await paidMails()).toEqual([]);
  });

  it("a wrong BLIK code ends that attempt; two clicks start one charge", async () => {
    expect(await start({ method: "blik", blikCode: "123456" })).toEqual({ kind: "blik-refused" });
    expect((await payments()).map((row) => [row.state, row.failure])).toEqual([["failed", "blik-code-refused"]]);
    await control(order, { notification: "drop" });
    const both = await Promise.all([start({ method: "blik", blikCode: "777123" }), start({ method: "blik", blikCode: "777123" })]);
    expect(both).toEqual([{ kind: "blik-pending" }, { kind: "blik-pending" }]);
    const charged = (await (await fetch(`${p24.standIn.url}/__transactions?sessionPrefix=${order.number}-`)).json()) as Array<{
      status: number;
    }>;
    expect(charged.filter((transaction) => transaction.status === 2)).toHaveLength(1);
  });

  it("a lost notification: asking Przelewy24 by session id applies the payment through the same verified path", async () => {
    await control(order, { notification: "drop" });
    await start({ method: "redirect" });
    const [attempt] = await payments();
    // The customer pays on the gateway's page; the notification never arrives.
    const token = attempt!.redirect_url!.split("/").pop();
    await fetch(`${p24.standIn.url}/trnRequest/${token}/pay`, { method: "POST", redirect: "manual" });
    expect(await recheckPayment(db, gateway, attempt!, T0, false)).toBe("paid");
    expect((await orderRow()).status).toBe("paid");
    expect(await paidMails()).toHaveLength(1);
    expect(await recheckPayment(db, gateway, attempt!, T0, false)).toBe("already-paid");
    expect(await paidMails()).toHaveLength(1);
  });

  it("a cancelled trip to the gateway's page is closed when the customer then pays by BLIK", async () => {
    const redirect = await start({ method: "redirect" });
    expect(redirect.kind).toBe("redirect");
    // A second click on the same button goes to the same page.
    expect(await start({ method: "redirect" })).toEqual(redirect);
    expect(await start({ method: "blik", blikCode: "777123" })).toEqual({ kind: "blik-pending" });
    expect((await payments()).map((row) => [row.method, row.state])).toEqual([
      ["redirect", "failed"],
      ["blik", "pending"],
    ]);
  });

  const payByBlik = async () => {
    await start({ method: "blik", blikCode: "777123" });
    await handleNotification(db, gateway, await notificationFor(order), T0);
    return (await payments())[0]!;
  };
  const refund = (paymentId: number, cancel: RefundInput["cancel"], note: string | null = null) =>
    refundPayment(db, gateway, { orderId: order.id, paymentId, cancel, note, operator: "op@example.com" }, T0, refundUrlStatus);
  const mailData = async (kind: "order_cancelled" | "refund_recorded" | "operator_refund_rejected") =>
    (await db.selectFrom("outbox").select("data").where("order_id", "=", order.id).where("kind", "=", kind).execute()).map((row) =>
      JSON.parse(row.data!),
    );

  it("a full refund goes through the gateway once and cancels the order: the standard reason for the customer, the note kept inside", async () => {
    const paid = await payByBlik();
    expect(await refund(paid.id, { reason: "Na prośbę klienta", reasonCode: "customer_request" }, "Dzwoniła 26.11, rezygnuje")).toBe(
      "refunded",
    );
    expect(await refund(paid.id, { reason: "Na prośbę klienta", reasonCode: "customer_request" })).toBe("not-refundable");
    expect((await payments()).map((row) => [row.state, row.refund_reason, row.refund_status])).toEqual([
      ["refunded", "Na prośbę klienta", "requested"],
    ]);
    expect((await orderRow()).status).toBe("cancelled");
    // The e-mail translates the reason by its code; the internal note never reaches it.
    expect(await mailData("order_cancelled")).toEqual([
      { reason: "Na prośbę klienta", reasonCode: "customer_request", refundedGrosze: 29900 },
    ]);
    expect(await db.selectFrom("order_notes").select("text").where("order_id", "=", order.id).execute()).toEqual([
      { text: "Dzwoniła 26.11, rezygnuje" },
    ]);
    const [transaction] = await transactionsOf(order);
    expect(transaction!.refunds.map((entry) => entry.amount)).toEqual([29900]);
  });

  it("the refund's notification, in Przelewy24's own shape, is verified and marks the refund completed; a forged one changes nothing", async () => {
    const paid = await payByBlik();
    await refund(paid.id, { reason: "Na prośbę klienta", reasonCode: "customer_request" });
    const [notification] = await refundNotificationsFor(order);
    expect(notification).toMatchObject({ amount: 29900, currency: "PLN", status: 0, refundsUuid: (await payments())[0]!.refund_uuid });
    expect(String(notification!.refundsUuid).length).toBeLessThanOrEqual(35);
    // The payment's own path would refuse this shape: the refund's has its own schema and sign.
    expect((await handleNotification(db, gateway, notification, T0)).status).toBe(400);
    const forged = [
      { ...notification, sign: "0".repeat(96) },
      { ...notification, status: 1 },
      { ...notification, refundsUuid: "someone-else-s-refund" },
      { ...notification, amount: 100 },
    ];
    for (const body of forged) expect((await handleRefundNotification(db, gateway, body, T0)).status).toBe(400);
    expect((await payments())[0]!.refund_status).toBe("requested");
    expect(await handleRefundNotification(db, gateway, notification, T0)).toEqual({ status: 200, outcome: "refund-completed" });
    expect(await handleRefundNotification(db, gateway, notification, T0)).toEqual({ status: 200, outcome: "already-settled" });
    expect((await payments()).map((row) => [row.state, row.refund_status, row.refund_settled_at])).toEqual([
      ["refunded", "completed", T0.toISOString()],
    ]);
  });

  it("a refund Przelewy24 rejects later: the money is ours again, the operator is told, and the cancelled order offers the refund again", async () => {
    await control(order, { refund: "reject" });
    const paid = await payByBlik();
    await refund(paid.id, { reason: "Na prośbę klienta", reasonCode: "customer_request" });
    const [rejected] = await refundNotificationsFor(order);
    expect(rejected).toMatchObject({ status: 1 });
    expect(await handleRefundNotification(db, gateway, rejected, T0)).toEqual({ status: 200, outcome: "refund-rejected" });
    expect((await payments()).map((row) => [row.state, row.refund_status])).toEqual([["paid", "rejected"]]);
    expect(await db.selectFrom("orders").select(["status", "refunded_at"]).where("id", "=", order.id).executeTakeFirst()).toEqual({
      status: "cancelled",
      refunded_at: null,
    });
    expect(await mailData("operator_refund_rejected")).toEqual([{ refundedGrosze: 29900 }]);
    expect((await events()).map((event) => JSON.parse(event.details!).action ?? event.to_status)).toEqual([
      "paid",
      "cancelled",
      "refund_rejected",
    ]);

    // Cancelled, still holding the money: refunded again, without a new reason; the customer is told the amount.
    await control(order, { refund: "complete" });
    expect(await refund(paid.id, null)).toBe("refunded");
    expect((await payments()).map((row) => [row.state, row.refund_status])).toEqual([["refunded", "requested"]]);
    expect(await mailData("refund_recorded")).toEqual([{ refundedGrosze: 29900 }]);
    expect((await db.selectFrom("orders").select("refunded_grosze").where("id", "=", order.id).executeTakeFirst())?.refunded_grosze).toBe(
      29900,
    );
  });

  it("cancelling an order paid online refunds it in the same step; a refund the gateway refuses cancels nothing", async () => {
    const paid = await payByBlik();
    const cancel = () =>
      cancelOrder(db, gateway, order.id, { reason: "Zamówienie złożone dwa razy", reasonCode: "duplicate" }, "op", T0, refundUrlStatus);
    await control(order, { refund: "refuse" });
    expect(await cancel()).toEqual({ ok: false, reason: "refund-refused" });
    expect((await orderRow()).status).toBe("paid");
    expect((await payments()).map((row) => [row.state, row.refund_status])).toEqual([["paid", null]]);
    // Without the gateway's settings the money cannot go back: the order stays as it is.
    expect(await cancelOrder(db, null, order.id, { reason: "x", reasonCode: "own" }, "op", T0)).toEqual({
      ok: false,
      reason: "no-gateway",
    });
    await control(order, { refund: "complete" });
    expect(await cancel()).toEqual({ ok: true });
    expect((await orderRow()).status).toBe("cancelled");
    expect((await payments()).map((row) => row.state)).toEqual(["refunded"]);
    expect((await transactionsOf(order))[0]!.refunds.map((entry) => entry.amount)).toEqual([paid.amount_grosze]);
    expect(await mailData("order_cancelled")).toEqual([
      { reason: "Zamówienie złożone dwa razy", reasonCode: "duplicate", refundedGrosze: 29900 },
    ]);
  });

  it("cancelling an order paid by transfer records the money as due back, for the e-mail and the history", async () => {
    await applyTransition(db, order.id, { transition: "mark_paid", paidAt: "2026-11-24", receivedGrosze: 30000 }, "op", T0);
    expect(await cancelOrder(db, null, order.id, { reason: "Na prośbę klienta", reasonCode: "customer_request" }, "op", T0)).toEqual({
      ok: true,
    });
    expect((await orderRow()).status).toBe("cancelled");
    expect(await mailData("order_cancelled")).toEqual([
      { reason: "Na prośbę klienta", reasonCode: "customer_request", refundDueGrosze: 30000 },
    ]);
    expect(JSON.parse((await events()).at(-1)!.details!)).toMatchObject({ refundDueGrosze: 30000 });
    // The order's page says it is due until the refund is recorded.
    expect((await findOrderDetail(db, order.id))!.moneyHeld).toEqual({ online: null, byTransfer: 30000 });
    await recordRefund(db, order.id, 30000, "Odesłane przelewem", "op", T0);
    expect((await findOrderDetail(db, order.id))!.moneyHeld).toEqual({ online: null, byTransfer: null });
  });

  /** The customer withdrew after an early start; the operator's decision keeps `retainedGrosze` for work done (art. 35). */
  const keepForWorkDone = (retainedGrosze: number, reasonCode: RetainedReason | null = null) =>
    db
      .updateTable("orders")
      .set({
        withdrawn_at: "2026-11-24T10:00:00Z",
        withdrawal_decision: "partial",
        withdrawal_retained_grosze: retainedGrosze,
        withdrawal_decision_reason: reasonCode ? null : "Podpis właściciela uzyskany",
        withdrawal_decision_reason_code: reasonCode,
      })
      .where("id", "=", order.id)
      .execute();
  const formOf = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  /** The order's e-mail of `kind` as it goes out. */
  const composedMail = async (kind: MessageKind) => {
    const message = await queuedMessage(db, order.id, kind);
    const row = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    return composeMessage(message, row, MAIL_CONTEXT);
  };
  const mailText = async (kind: "order_cancelled" | "refund_recorded") => (await composedMail(kind)).text.replace(/\s/g, " ");

  it("after an art. 35 decision the online refund gives back the payment less the amount kept, never more, and the e-mail says so", async () => {
    const paid = await payByBlik();
    await keepForWorkDone(12050);
    // The refund form: more than 299 zł − 120,50 zł is refused at the field with everything typed kept, before the gateway.
    const typed = { paymentId: String(paid.id), reasonCode: "own", reason: "Odstąpienie od umowy", confirm: "yes", refundAmount: "178,51" };
    const refused = await refundFromForm(db, gateway, order.id, formOf(typed), "op", T0);
    expect(refused).toMatchObject({ status: 400, values: { reason: "Odstąpienie od umowy", refundAmount: "178,51" } });
    expect(refused!.errors).toEqual({
      refundAmount: expect.stringMatching(/nie większą niż 178,50\szł: to wpłata \(299\szł\) minus kwota zatrzymana .*\(120,50\szł\)/),
    });
    const cancel = { reason: "Odstąpienie od umowy", reasonCode: "own" as const };
    const over = await refundPayment(
      db,
      gateway,
      { orderId: order.id, paymentId: paid.id, cancel, note: null, operator: "op", amountGrosze: 17851 },
      T0,
      refundUrlStatus,
    );
    expect(over).toBe("not-refundable");
    expect((await payments()).map((row) => row.state)).toEqual(["paid"]);

    expect(await refund(paid.id, cancel)).toBe("refunded");
    expect((await transactionsOf(order))[0]!.refunds.map((entry) => entry.amount)).toEqual([17850]);
    expect(await mailData("order_cancelled")).toEqual([{ ...cancel, refundedGrosze: 17850 }]);
    const text = await mailText("order_cancelled");
    expect(text).toContain("Zwróciliśmy Twoją płatność (178,50 zł)");
    // The reason goes with the amount kept (art. 35): here the operator's own words.
    expect(text).toContain(
      "zatrzymaliśmy 120,50 zł za część usługi wykonaną na Twoje żądanie przed odstąpieniem od umowy: Podpis właściciela uzyskany.",
    );
    expect(await refundAfterDecisionOf(db, order.id)).toBeNull();
  });

  it("cancelling after an art. 35 decision gives back what the operator typed, at most the rest; by transfer the rest is due and recorded", async () => {
    await applyTransition(db, order.id, { transition: "mark_paid", paidAt: "2026-11-24", receivedGrosze: 30000 }, "op", T0);
    await keepForWorkDone(12050, "owner_confirmed");
    const afterDecision = await refundAfterDecisionOf(db, order.id);
    expect(afterDecision).toEqual({ paidGrosze: 30000, retainedGrosze: 12050, refundGrosze: 17950 });
    const cancelForm = { transition: "cancel", reasonCode: "customer_request", reason: "", confirm: "yes" };
    expect(parseTransitionForm(formOf({ ...cancelForm, refundAmount: "179,51" }), T0, afterDecision)).toMatchObject({
      ok: false,
      errors: { refundAmount: expect.stringContaining("179,50") },
      values: { refundAmount: "179,51", reasonCode: "customer_request", confirm: "yes" },
    });
    // Without a decision the form asks no amount, as before.
    expect(parseTransitionForm(formOf({ ...cancelForm, refundAmount: "999" }), T0)).toMatchObject({ ok: true });
    const parsed = parseTransitionForm(formOf({ ...cancelForm, refundAmount: "150" }), T0, afterDecision);
    expect(parsed).toMatchObject({ ok: true, facts: { refundGrosze: 15000 } });
    if (!parsed.ok || parsed.facts.transition !== "cancel") throw new Error("the cancel form was refused");
    expect(await cancelOrder(db, null, order.id, parsed.facts, "op", T0)).toEqual({ ok: true });
    expect(await mailData("order_cancelled")).toEqual([
      { reason: "Na prośbę klienta", reasonCode: "customer_request", refundDueGrosze: 15000 },
    ]);
    expect(await mailText("order_cancelled")).toContain("Zwrócimy Twoją wpłatę (150 zł)");

    // The transfer back, recorded: above the rest is refused with the values kept; the rest is recorded and e-mailed.
    const over = await correctionFromForm(db, order.id, "record_refund", formOf({ refundAmount: "179,51", reason: "Przelew" }), "op", T0);
    expect(over).toMatchObject({
      ok: false,
      status: 400,
      refusal: { errors: { refundAmount: expect.stringMatching(/\(120,50\szł\)/) }, values: { refundAmount: "179,51", reason: "Przelew" } },
    });
    expect(
      await correctionFromForm(db, order.id, "record_refund", formOf({ refundAmount: "179,50", reason: "Przelew" }), "op", T0),
    ).toMatchObject({ ok: true });
    expect(await mailData("refund_recorded")).toEqual([{ refundedGrosze: 17950 }]);
    expect(await mailText("refund_recorded")).toMatch(/Zwróciliśmy 179,50 zł za zamówienie .*zatrzymaliśmy 120,50 zł/);
    // A standard reason, in the order's language.
    expect(await mailText("refund_recorded")).toContain(
      `przed odstąpieniem od umowy: ${fixedT("pl", "payment")("retained.reasons.owner_confirmed")}.`,
    );
  });

  it("housekeeping asks about attempts pending over 15 minutes, and only those", async () => {
    await control(order, { notification: "drop" });
    await start({ method: "blik", blikCode: "777123" });
    expect(await recoverStalePayments(db, gateway, new Date(T0.getTime() + 14 * 60_000))).toBe(0);
    expect((await orderRow()).status).toBe("awaiting_payment");
    expect(await recoverStalePayments(db, gateway, new Date(T0.getTime() + 16 * 60_000))).toBe(1);
    expect((await orderRow()).status).toBe("paid");
    expect(await paidMails()).toHaveLength(1);
  });

  it("back from Przelewy24's page without paying: the page says so at once, not 'waiting', and a payment that still comes is applied", async () => {
    const redirect = await start({ method: "redirect" });
    const view = (returnedFromGateway: boolean) => onlinePaymentView(db, gateway, order, T0, { lookup: null, returnedFromGateway });
    // Not back from the gateway (a reload, the e-mail's link): still waiting for it.
    expect(await view(false)).toEqual({ waiting: { method: "redirect", refreshing: true }, lastFailure: null });
    expect(await view(true)).toEqual({ waiting: null, lastFailure: "not-completed" });
    expect((await payments()).map((row) => [row.state, row.failure])).toEqual([["failed", "returned-unpaid"]]);
    // The customer had paid after all (a bank that confirms late): the notification still counts.
    const token = (redirect as { url: string }).url.split("/").pop();
    await fetch(`${p24.standIn.url}/trnRequest/${token}/pay`, { method: "POST", redirect: "manual" });
    expect(await handleNotification(db, gateway, await notificationFor(order), T0)).toEqual({ status: 200, outcome: "paid" });
    expect((await orderRow()).status).toBe("paid");
  });

  it("a waiting page asks Przelewy24 at most once every 10 s per payment, and concurrent loads share the answer", async () => {
    await control(order, { decline: true });
    await start({ method: "blik", blikCode: "777123" });
    let clock = 0;
    const lookup = createSharedLookup(gateway, LOOKUP_INTERVAL_MS, () => clock);
    // A minute and a half later the notification is late, so each load would ask.
    const load = () => onlinePaymentView(db, gateway, order, new Date(T0.getTime() + 90_000), { lookup, returnedFromGateway: false });
    const lookups = async () => (await transactionsOf(order))[0]!.lookups;
    await Promise.all([load(), load(), load(), load(), load()]);
    for (let i = 0; i < 5; i++) expect(await load()).toMatchObject({ waiting: { method: "blik" } });
    expect(await lookups()).toBe(1);
    clock += LOOKUP_INTERVAL_MS - 1;
    await load();
    expect(await lookups()).toBe(1);
    clock += 1;
    await Promise.all([load(), load()]);
    expect(await lookups()).toBe(2);
  });

  it("a BLIK charge whose answer is lost (a server error after the charge) waits for the bank, and recovery applies the payment", async () => {
    await control(order, { notification: "drop", chargeAnswer: 500 });
    expect(await start({ method: "blik", blikCode: "777123" })).toEqual({ kind: "blik-pending" });
    expect((await payments()).map((row) => row.state)).toEqual(["pending"]);
    expect(await recoverStalePayments(db, gateway, new Date(T0.getTime() + 16 * 60_000))).toBe(1);
    expect((await orderRow()).status).toBe("paid");
  });

  it("an attempt closed as refused while the gateway took the money is asked about once, and paid; an unpaid one once only", async () => {
    expect(await start({ method: "blik", blikCode: "123456" })).toEqual({ kind: "blik-refused" });
    await control(order, { notification: "drop" });
    await start({ method: "blik", blikCode: "777123" });
    // As the adapter that read Przelewy24's 201 Created as a refusal left it.
    const charged = (await payments())[1]!;
    await db.updateTable("payments").set({ state: "failed", failure: "blik-code-refused" }).where("id", "=", charged.id).execute();
    expect(await recoverStalePayments(db, gateway, new Date(T0.getTime() + 16 * 60_000))).toBe(1);
    expect((await orderRow()).status).toBe("paid");
    expect((await payments()).map((row) => [row.state, row.failure])).toEqual([
      ["failed", "blik-code-refused"],
      ["paid", null],
    ]);
    expect(await recoverStalePayments(db, gateway, new Date(T0.getTime() + 40 * 60_000))).toBe(0);
    expect((await transactionsOf(order)).map((transaction) => transaction.lookups)).toEqual([1, 1]);
  });

  /**
   * The customer's statement marks the order (withdrawal.server.ts does it in its transaction; here straight, since these
   * tests rename the order for the stand-in and the form reads the number back from what is typed).
   */
  const withdraw = (now = T0) => db.updateTable("orders").set({ withdrawn_at: now.toISOString() }).where("id", "=", order.id).execute();
  const kindsQueued = async () =>
    (await db.selectFrom("outbox").select("kind").where("order_id", "=", order.id).execute()).map((row) => row.kind).sort();

  it("an order the customer withdrew from starts no payment, by BLIK or by the gateway's page", async () => {
    await withdraw();
    expect(await start({ method: "blik", blikCode: "777123" })).toEqual({ kind: "not-payable" });
    expect(await start({ method: "redirect" })).toEqual({ kind: "not-payable" });
    expect(await payments()).toEqual([]);
    expect(await transactionsOf(order)).toEqual([]);
  });

  it("money that comes online after the statement is recorded, never announced as 'paid', and flagged to the operator to return", async () => {
    await control(order, { notification: "drop" });
    await start({ method: "blik", blikCode: "777123" });
    await withdraw();
    const [attempt] = await payments();
    expect(await recheckPayment(db, gateway, attempt!, T0, false)).toBe("paid");
    expect(await orderRow()).toMatchObject({ status: "paid", paid_at: T0.toISOString() });
    expect(await paidMails()).toEqual([]);
    expect(await kindsQueued()).toEqual(["operator_new_order", "operator_payment_to_return", "order_confirmation"]);
    const message = await queuedMessage(db, order.id, "operator_payment_to_return");
    const row = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    const mail = await composeMessage(message, row, MAIL_CONTEXT);
    expect(mail.to).toBe("operator@adres.example");
    expect(mail.text.replace(/\s/g, " ")).toContain(
      `za zamówienie ${order.number}, choć zamówienie nie czekało już na wpłatę: Klient odstąpił od umowy`,
    );
    // Money booked by hand after the statement e-mails nobody: the operator records it to give it back.
    const { order: other } = await placeSampleOrder(db, T0, { idempotencyKey: "transfer-after-withdrawal" });
    await recordWithdrawal(db, {
      values: { name: other.tenant_name, reference: other.number, email: other.email },
      statement: "s",
      locale: "pl",
      token: other.payment_token,
      now: T0,
    });
    expect(await applyTransition(db, other.id, { transition: "mark_paid", paidAt: "2026-11-24" }, "op", T0)).toMatchObject({ ok: true });
    expect((await db.selectFrom("outbox").select("kind").where("order_id", "=", other.id).execute()).map((row) => row.kind).sort()).toEqual(
      ["operator_new_order", "order_confirmation"],
    );
  });

  it("money that comes online for an order already cancelled is flagged to the operator", async () => {
    await control(order, { notification: "drop" });
    await start({ method: "blik", blikCode: "777123" });
    await cancelOrder(db, gateway, order.id, { reason: "x", reasonCode: "own" }, "op", T0);
    const [attempt] = await payments();
    expect(await recheckPayment(db, gateway, attempt!, T0, false)).toBe("paid");
    expect((await orderRow()).status).toBe("cancelled");
    expect(await kindsQueued()).toContain("operator_payment_to_return");
  });

  it("settling a withdrawal of an order paid online: one step refunds through the gateway, records the decision and cancels", async () => {
    const paid = await payByBlik();
    await withdraw();
    const settle = () =>
      settleWithdrawal(db, gateway, order.id, { decision: { decision: "full" }, transferRefund: null }, "op", T0, refundUrlStatus);
    await control(order, { refund: "refuse" });
    expect(await settle()).toEqual({ ok: false, reason: "refund-refused" });
    // Refused: nothing is kept, not even the decision.
    expect(await db.selectFrom("orders").select(["status", "withdrawal_decision"]).where("id", "=", order.id).executeTakeFirst()).toEqual({
      status: "paid",
      withdrawal_decision: null,
    });
    await control(order, { refund: "complete" });
    expect(await settle()).toEqual({ ok: true });
    expect(await db.selectFrom("orders").select(["status", "withdrawal_decision"]).where("id", "=", order.id).executeTakeFirst()).toEqual({
      status: "cancelled",
      withdrawal_decision: "full",
    });
    expect((await transactionsOf(order))[0]!.refunds.map((entry) => entry.amount)).toEqual([paid.amount_grosze]);
    expect(await mailData("order_cancelled")).toEqual([
      { reason: CANCEL_REASON_LABEL.withdrawal, reasonCode: "withdrawal", refundedGrosze: 29900 },
    ]);
    expect(await settle()).toEqual({ ok: false, reason: "not-settleable" });
  });
});
