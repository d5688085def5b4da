import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { PaymentGateway } from "~/payments/gateway";
import { handleNotification } from "~/payments/notification.server";
import { notificationSign } from "~/payments/p24-sign";
import { createPrzelewy24Client } from "~/payments/przelewy24.server";
import { startPayment, type PayableCharge, type PayableOrder } from "~/payments/start.server";
import { verifyDeclaration } from "~/verification/lookup.server";
import { przelewy24ForThisFile } from "../../tests/support/p24-for-this-file";
import { TEST_P24 } from "../../tests/support/p24-stand-in-process";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { currentDeclarationCode } from "./declaration-code.server";
import { cancelReplacementCharge, requestReplacementPayment } from "./replacement-charge.server";
import type { ReplacementFacts } from "./replacement.server";

/**
 * A replacement declaration paid online (docs/decisions/094), against the Przelewy24 stand-in over real
 * HTTP, on SQLite and PostgreSQL: the operator's request, the customer's payment, the notification that
 * issues it once, and what never changes: the order's own status, payment day and price.
 */
const p24 = przelewy24ForThisFile();

const PLACED = new Date("2026-11-20T09:00:00Z");
const PAID_AT = "2026-11-21T10:00:00.000Z";
const ASKED = new Date("2026-12-03T10:00:00Z");
const PAID = new Date("2026-12-03T10:05:00Z");
const PRICE = 4900;
const NEW_FLAT: ReplacementFacts = {
  owner: "Maria Zielińska",
  address: "ul. Polna 12/4, 61-001 Poznań",
  city: "Poznań",
  declaredOn: "2026-12-03",
};
let counter = 0;

function signed(fields: Record<string, unknown>) {
  const { sign: _sign, ...rest } = fields;
  return { ...rest, sign: notificationSign({ ...(rest as Parameters<typeof notificationSign>[0]), crc: TEST_P24.crc }) };
}

describe.each(DIALECTS)("a replacement declaration paid online on %s", (dialect) => {
  let db: AppDatabase;
  let gateway: PaymentGateway;
  let order: PayableOrder;
  let firstCode: string;

  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    gateway = createPrzelewy24Client({ ...TEST_P24, apiUrl: p24.standIn.url });
    const placed = await placeSampleOrder(db, PLACED);
    counter += 1;
    // Order numbers restart in every fresh database; the stand-in's sessions are keyed by them.
    const number = `zr-${dialect}-${counter}-${placed.order.number}`;
    await db.updateTable("orders").set({ number, status: "dispatched", paid_at: PAID_AT }).where("id", "=", placed.order.id).execute();
    order = await db
      .selectFrom("orders")
      .select(["id", "number", "status", "price_grosze", "currency", "email", "locale"])
      .where("id", "=", placed.order.id)
      .executeTakeFirstOrThrow();
    firstCode = await currentDeclarationCode(db, order.id, placed.order.created_at);
  });
  afterEach(() => db.destroy());

  const ask = (facts = NEW_FLAT) =>
    requestReplacementPayment(db, { orderId: order.id, facts, priceGrosze: PRICE, operator: "anna@example.com", now: ASKED });
  const payBlik = (charge: PayableCharge) =>
    startPayment(
      db,
      order,
      { method: "blik", blikCode: "777123" },
      { gateway, description: "Oświadczenie zastępcze", urlReturn: "http://127.0.0.1/back", urlStatus: p24.receiver.urlStatus, now: PAID },
      charge,
    );
  const notificationOf = (sessionId: string) =>
    vi.waitFor(() => {
      const found = p24.receiver.payments.find((body) => body.sessionId === sessionId);
      if (!found) throw new Error("no notification yet");
      return found;
    });
  const chargeRow = () => db.selectFrom("replacement_charges").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
  const paymentRows = () => db.selectFrom("payments").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
  const codes = () => db.selectFrom("declaration_codes").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
  const mails = (kind: string) =>
    db
      .selectFrom("outbox")
      .select(["data", "resent"])
      .where("order_id", "=", order.id)
      .where("kind", "=", kind as never)
      .execute();
  const actions = async () =>
    (await db.selectFrom("order_events").select("details").where("order_id", "=", order.id).orderBy("id").execute()).map(
      (row) => (JSON.parse(row.details ?? "{}") as { action?: string }).action,
    );
  const orderState = () =>
    db.selectFrom("orders").select(["status", "paid_at", "price_grosze"]).where("id", "=", order.id).executeTakeFirstOrThrow();

  it("asks, is paid by BLIK for the charge's price, and the notification issues the replacement once; a replay changes nothing", async () => {
    const asked = await ask();
    expect(asked).toEqual({ ok: true, chargeId: expect.any(Number) });
    const chargeId = asked.ok ? asked.chargeId : 0;
    expect(await actions()).toEqual(["replacement_payment_requested"]);
    const [request] = await mails("replacement_payment_requested");
    expect(JSON.parse(request!.data!)).toEqual({ ...NEW_FLAT, priceGrosze: PRICE });

    expect(await payBlik({ id: chargeId, priceGrosze: PRICE })).toEqual({ kind: "blik-pending" });
    const [attempt] = await paymentRows();
    expect(attempt).toMatchObject({ amount_grosze: PRICE, replacement_charge_id: chargeId, state: "pending" });
    expect(attempt!.session_id).toMatch(new RegExp(`^${order.number}-Z${chargeId}-`));
    const notification = await notificationOf(attempt!.session_id);
    expect(notification).toMatchObject({ amount: PRICE });

    expect(await handleNotification(db, gateway, notification, PAID)).toEqual({ status: 200, outcome: "paid" });
    const charge = await chargeRow();
    expect(charge).toMatchObject({ state: "paid", paid_at: PAID.toISOString(), code: expect.any(String) });
    const rows = await codes();
    expect(rows.map((row) => [row.code, row.replaced_at, row.owner_name, row.price_grosze, row.issued_by])).toEqual([
      [firstCode, PAID.toISOString(), null, 0, null],
      [charge.code, null, "Maria Zielińska", PRICE, "anna@example.com"],
    ]);
    expect(await verifyDeclaration(db, firstCode, PAID)).toMatchObject({ found: true, standing: { state: "replaced" } });
    expect(await mails("declaration_replaced")).toHaveLength(1);
    expect(await actions()).toEqual(["replacement_payment_requested", "declaration_replaced"]);
    const issuedLine = await db
      .selectFrom("order_events")
      .select(["details", "from_status", "to_status"])
      .where("order_id", "=", order.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(issuedLine).toMatchObject({ from_status: "dispatched", to_status: "dispatched" });
    expect(JSON.parse(issuedLine.details!)).toMatchObject({ receivedGrosze: PRICE, paidOnline: "przelewy24" });
    // The order's own status, payment day and price are not the replacement's business.
    expect(await orderState()).toEqual({ status: "dispatched", paid_at: PAID_AT, price_grosze: order.price_grosze });
    expect(await mails("order_paid")).toEqual([]);
    expect(await mails("operator_payment_to_return")).toEqual([]);

    expect(await handleNotification(db, gateway, notification, PAID)).toEqual({ status: 200, outcome: "already-paid" });
    expect(await codes()).toHaveLength(2);
    expect(await actions()).toHaveLength(2);
    expect((await mails("declaration_replaced")).map((row) => row.resent)).toEqual([0]);
    // Paid: nothing more to pay.
    expect(await payBlik({ id: chargeId, priceGrosze: PRICE })).toEqual({ kind: "not-payable" });
  });

  it("refuses a notification whose amount is not the charge's price (the order's own price included), changing nothing", async () => {
    const asked = await ask();
    const chargeId = asked.ok ? asked.chargeId : 0;
    await payBlik({ id: chargeId, priceGrosze: PRICE });
    const [attempt] = await paymentRows();
    const genuine = await notificationOf(attempt!.session_id);
    for (const amount of [order.price_grosze, PRICE - 1]) {
      expect(await handleNotification(db, gateway, signed({ ...genuine, amount, originAmount: amount }), PAID)).toMatchObject({
        status: 400,
        outcome: "mismatch",
      });
    }
    expect((await chargeRow()).state).toBe("awaiting_payment");
    expect((await paymentRows()).map((row) => row.state)).toEqual(["pending"]);
    expect(await codes()).toHaveLength(1);
    expect(await orderState()).toMatchObject({ status: "dispatched", paid_at: PAID_AT });
  });

  it("keeps one awaiting payment per order: a second request is refused until the first is cancelled", async () => {
    const first = await ask();
    expect(await ask({ ...NEW_FLAT, owner: "Piotr Nowak" })).toEqual({ ok: false, reason: "already-awaiting" });
    const chargeId = first.ok ? first.chargeId : 0;
    expect(await cancelReplacementCharge(db, { orderId: order.id, chargeId, operator: "anna@example.com", now: PAID })).toBe(true);
    expect(await cancelReplacementCharge(db, { orderId: order.id, chargeId, operator: "anna@example.com", now: PAID })).toBe(false);
    expect(await chargeRow()).toMatchObject({ state: "cancelled", cancelled_by: "anna@example.com" });
    expect(await actions()).toEqual(["replacement_payment_requested", "replacement_payment_cancelled"]);
    expect(await payBlik({ id: chargeId, priceGrosze: PRICE })).toEqual({ kind: "not-payable" });
    expect(await ask({ ...NEW_FLAT, owner: "Piotr Nowak" })).toEqual({ ok: true, chargeId: expect.any(Number) });
  });

  it("a payment arriving after the request was cancelled issues nothing and is the operator's to return", async () => {
    const asked = await ask();
    const chargeId = asked.ok ? asked.chargeId : 0;
    await payBlik({ id: chargeId, priceGrosze: PRICE });
    const [attempt] = await paymentRows();
    const notification = await notificationOf(attempt!.session_id);
    await cancelReplacementCharge(db, { orderId: order.id, chargeId, operator: "anna@example.com", now: PAID });
    expect(await handleNotification(db, gateway, notification, PAID)).toEqual({ status: 200, outcome: "paid" });
    expect((await chargeRow()).state).toBe("cancelled");
    expect(await codes()).toHaveLength(1);
    const [toReturn] = await mails("operator_payment_to_return");
    expect(JSON.parse(toReturn!.data!)).toEqual({ receivedGrosze: PRICE });
    expect(await orderState()).toMatchObject({ status: "dispatched", paid_at: PAID_AT });
  });

  it("is asked only for a dispatched order", async () => {
    await db.updateTable("orders").set({ status: "paid" }).where("id", "=", order.id).execute();
    expect(await ask()).toEqual({ ok: false, reason: "not-dispatched" });
  });
});
