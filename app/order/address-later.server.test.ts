import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { applyTransition } from "~/flows/transitions.server";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { findCustomerPageView } from "~/customer-page/page-view.server";
import { getFixedT } from "~/i18n/i18n.server";
import { PRODUCTS } from "~/config/products";
import { orderDeadlinesOf } from "./lifecycle/deadlines.server";
import { queueAddressReminders } from "./address-later.server";
import { addressLaterViewOf, postAddress } from "~/customer-page/address-later.server";

const ORDERED = new Date("2026-11-02T09:00:00Z");
const PAID = new Date("2026-11-03T09:00:00Z");
const at = (days: number) => new Date(PAID.getTime() + days * 86_400_000);
const settings = { paymentDeadlineDays: 7, retentionYears: 6 };

/** The address as the order page's form posts it. */
function addressForm(step: string, fields: Record<string, string>): FormData {
  const form = new FormData();
  form.set("intent", "address");
  form.set("step", step);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
const GOOD = { propertyAddress: "ul. Nowa 12 m. 4", propertyPostalCode: "70250", propertyCity: "Szczecin" };

describe.each(DIALECTS)("an order placed before the flat is found, on %s", (dialect) => {
  let db: AppDatabase;
  let orderId: number;
  let token: string;
  beforeEach(async () => {
    db = await openDatabase(await freshTarget(dialect));
    const { order } = await placeSampleOrder(db, ORDERED, {
      details: { propertyAddress: "", addressLater: true, immediatePerformanceRequested: true },
      locale: "uk",
    });
    orderId = order.id;
    token = order.payment_token;
  });
  afterEach(() => db.destroy());

  const order = () => db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const pay = () => applyTransition(db, orderId, { transition: "mark_paid", paidAt: PAID.toISOString() }, "op@example.com", PAID);
  /** The reminder's outbox row (one per order and kind): which day it last went for, and how many times it went again. */
  const reminders = async () =>
    (
      await db
        .selectFrom("outbox")
        .select(["data", "resent"])
        .where("order_id", "=", orderId)
        .where("kind", "=", "address_reminder")
        .execute()
    ).map((row) => ({ ...(JSON.parse(row.data ?? "null") as object), resent: row.resent }));
  const post = async (step: string, fields: Record<string, string>, now = at(20)) =>
    postAddress(db, token, addressForm(step, fields), { t: await getFixedT("uk", "payment"), now, retryAfterSeconds: null });

  it("is stored waiting for the address, at the declaration's price (PRICE_ADDRESS_LATER is 0 by default), its agreement saying so", async () => {
    const row = await order();
    expect(row).toMatchObject({
      address_pending: 1,
      address_given_at: null,
      property_address: "",
      price_grosze: PRODUCTS.regular.priceGrosze,
    });
    expect(row.contract_text_binding).toContain("Klient poda go później na stronie zamówienia");
    expect(row.contract_text_binding).toContain("terminy realizacji biegną od dnia jego podania");
    expect(await addressLaterViewOf(db, token, "uk")).toEqual({ state: "unpaid" });
  });

  it("can be neither dispatched nor given its address before payment; once paid, dispatch waits for the address", async () => {
    expect(await post("preview", GOOD)).toMatchObject({ kind: "answer", status: 409 });
    await pay();
    expect(await addressLaterViewOf(db, token, "uk")).toEqual({ state: "needed" });
    const refused = await applyTransition(db, orderId, { transition: "mark_dispatched", trackingNumber: "X1", courier: null }, "op", at(1));
    expect(refused).toMatchObject({ ok: false, reason: "not-allowed", addressPending: true });
    expect(orderDeadlinesOf(await order(), 7, at(1))).toMatchObject({ dispatchDue: null, deliveredBy: null });
  });

  it("refuses a bad address with the order form's reasons and keeps what was typed; stores nothing before the confirmation", async () => {
    await pay();
    const typed = { propertyAddress: "ul. Nowa 12", propertyPostalCode: "7025", propertyCity: "" };
    const refused = await post("preview", typed);
    expect(refused).toMatchObject({ kind: "answer", status: 400, answer: { step: "form", typed } });
    if (refused.kind !== "answer") throw new Error("expected an answer");
    expect(Object.keys(refused.answer.errors).sort()).toEqual(["propertyCity", "propertyPostalCode"]);
    expect(refused.answer.errors.propertyPostalCode).toMatch(/\p{Script=Cyrillic}/u);

    const preview = await post("preview", GOOD);
    expect(preview).toMatchObject({ kind: "answer", status: 200, answer: { step: "preview" } });
    if (preview.kind !== "answer") throw new Error("expected an answer");
    const text = JSON.stringify(preview.answer.preview);
    // The order form's rules: the postcode gets its hyphen; the declaration prints the address as one line.
    expect(text).toContain("Adres lokalu wynajmowanego przez najemcę: ul. Nowa 12 m. 4, 70-250 Szczecin");
    expect(await order()).toMatchObject({ address_pending: 1, property_address: "" });
  });

  it("stores the address once, counts the promise from that day, and tells the customer", async () => {
    await pay();
    expect(await post("confirm", GOOD, at(20))).toEqual({ kind: "stored" });
    const row = await order();
    expect(row).toMatchObject({
      address_pending: 0,
      address_given_at: at(20).toISOString(),
      property_address: "ul. Nowa 12 m. 4, 70-250 Szczecin",
      property_street: "ul. Nowa 12 m. 4",
      property_postal_code: "70-250",
      property_city: "Szczecin",
    });
    expect(row.search_text).toContain("nowa");
    const sent = await db
      .selectFrom("outbox")
      .select("kind")
      .where("order_id", "=", orderId)
      .where("kind", "=", "address_confirmed")
      .execute();
    expect(sent).toHaveLength(1);
    expect(await post("confirm", GOOD, at(21))).toMatchObject({ kind: "answer", status: 409 });

    // Paid Tuesday 3 November, the address given Monday 23 November (early start): signed Tuesday 24, dispatched Thursday 26.
    expect(orderDeadlinesOf(row, 7, at(20))).toMatchObject({ dispatchDue: "2026-11-26" });
    const view = await findCustomerPageView(db, token, "pl", at(20));
    expect(view?.promise?.dispatchBy).toContain("26 listopada");
    expect(await addressLaterViewOf(db, token, "uk")).toMatchObject({ state: "given", address: "ul. Nowa 12 m. 4, 70-250 Szczecin" });
    expect(
      (await applyTransition(db, orderId, { transition: "mark_dispatched", trackingNumber: "X1", courier: null }, "op", at(22))).ok,
    ).toBe(true);
  });

  it("reminds 7 and 30 days after payment, each exactly once, and never once the address is given", async () => {
    await pay();
    expect(await queueAddressReminders(db, at(6.9))).toBe(0);
    expect(await runHousekeeping(db, at(7), settings)).toMatchObject({ addressReminders: 1 });
    expect(await runHousekeeping(db, at(8), settings)).toMatchObject({ addressReminders: 0 });
    expect(await reminders()).toEqual([{ day: 7, resent: 0 }]);
    expect(await queueAddressReminders(db, at(29.9))).toBe(0);
    expect(await queueAddressReminders(db, at(30))).toBe(1);
    expect(await queueAddressReminders(db, at(31))).toBe(0);
    expect(await queueAddressReminders(db, at(90))).toBe(0);
    expect(await reminders()).toEqual([{ day: 30, resent: 1 }]);
  });

  it("sends only the later reminder to an order first seen past both days, and none after the address is given", async () => {
    await pay();
    expect(await queueAddressReminders(db, at(31))).toBe(1);
    expect(await queueAddressReminders(db, at(32))).toBe(0);
    expect(await reminders()).toEqual([{ day: 30, resent: 0 }]);

    const other = await placeSampleOrder(db, ORDERED, { details: { propertyAddress: "", addressLater: true }, idempotencyKey: "k2" });
    await applyTransition(db, other.order.id, { transition: "mark_paid", paidAt: PAID.toISOString() }, "op", PAID);
    token = other.order.payment_token;
    await post("confirm", GOOD, at(2));
    expect(await queueAddressReminders(db, at(40))).toBe(0);
  });
});
