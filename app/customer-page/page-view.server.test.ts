import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { acceptOrder, paymentPath } from "~/order/order.server";
import { findCustomerPageView } from "./page-view.server";
import type { OrderDetails } from "~/order/schema";
import { SAMPLE_API_ORDER } from "../../tests/support/sample-order";

const details: OrderDetails = { ...SAMPLE_API_ORDER, immediatePerformanceRequested: false };
// Ordered on Monday 23 November 2026; the default deadline is 7 days later.
const ORDERED = new Date("2026-11-23T09:00:00Z");

let db: AppDatabase;
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "page-view-")), "orders.db") });
});
afterEach(() => db.destroy());

describe("the customer page's data", () => {
  it("names the chosen parcel locker, where it stands and whether it is open round the clock, as ordered; nothing for the courier", async () => {
    const place = (key: string, delivery: OrderDetails["delivery"]) =>
      acceptOrder(db, {
        details: { ...details, delivery },
        variant: "automatic",
        channel: "form",
        locale: "pl",
        idempotencyKey: key,
        dataProcessingConsentAt: ORDERED,
        now: ORDERED,
      });
    const lockerPoint = { method: "locker" as const, point: "KRA010", address: "ul. Floriańska 3, 31-042 Kraków" };
    const { order: inShop } = await place("locker", { ...lockerPoint, description: "Przy wejściu do sklepu", open247: false });
    expect((await findCustomerPageView(db, inShop.payment_token, "pl", ORDERED))?.locker).toEqual({
      name: "KRA010",
      address: "ul. Floriańska 3, 31-042 Kraków",
      description: "Przy wejściu do sklepu",
      open247: false,
    });
    // Typed by hand while the Points API was down: the name only, nothing guessed.
    const { order: typed } = await place("typed", { method: "locker", point: "WAW22A", address: null });
    expect((await findCustomerPageView(db, typed.payment_token, "pl", ORDERED))?.locker).toEqual({
      name: "WAW22A",
      address: null,
      description: null,
      open247: null,
    });
    const { order: byCourier } = await place("courier", { method: "courier" });
    expect((await findCustomerPageView(db, byCourier.payment_token, "pl", ORDERED))?.locker).toBeNull();
  });

  it("is found by the payment token only and holds no personal data", async () => {
    const { order } = await acceptOrder(db, {
      details,
      variant: "automatic",
      channel: "api",
      locale: "en",
      idempotencyKey: "k1",
      dataProcessingConsentAt: ORDERED,
      now: ORDERED,
    });
    expect(paymentPath(order)).toBe(`/en/payment/${order.payment_token}`);
    const view = await findCustomerPageView(db, order.payment_token, "pl", ORDERED);
    expect(view).toMatchObject({
      number: order.number,
      status: "awaiting_payment",
      declarationType: "regular",
      priceGrosze: 29_900,
      deadline: "30 listopada (poniedziałek)",
      deadlineMovedFrom: null,
      immediatePerformanceRequested: false,
    });
    expect(JSON.stringify(view)).not.toMatch(/Jan|jan@example|600100200|Długa/);
    expect(await findCustomerPageView(db, "x".repeat(32), "pl")).toBeNull();
    expect(await findCustomerPageView(db, "' OR 1=1 --", "pl")).toBeNull();
  });

  it("moves a payment deadline that falls on a Sunday to Monday and names the Sunday", async () => {
    const sunday = new Date("2026-11-29T18:30:00Z");
    const { order } = await acceptOrder(db, {
      details,
      variant: "automatic",
      channel: "api",
      locale: "uk",
      idempotencyKey: "k-sunday",
      dataProcessingConsentAt: sunday,
      now: sunday,
    });
    expect(await findCustomerPageView(db, order.payment_token, "uk", sunday)).toMatchObject({
      deadline: "7 грудня (понеділок)",
      deadlineMovedFrom: "6 грудня (неділя)",
    });
  });

  it("says when the declaration goes out if paid today, with the waiver or after the withdrawal period", async () => {
    const { order } = await acceptOrder(db, {
      details,
      variant: "automatic",
      channel: "api",
      locale: "pl",
      idempotencyKey: "k2",
      dataProcessingConsentAt: ORDERED,
      now: ORDERED,
    });
    const view = await findCustomerPageView(db, order.payment_token, "pl", ORDERED);
    expect(view?.dispatchIfPaidToday).toMatchObject({
      withWaiver: "26 listopada (czwartek)",
      withoutWaiver: "10 grudnia (czwartek)",
      withdrawalEnds: "7 grudnia (poniedziałek)",
    });
    // Delivery is the dispatch day plus the courier's business day.
    expect(view?.dispatchIfPaidToday?.deliveredWithWaiver).toEqual({ day: "2026-11-27", label: "27 listopada (piątek)" });
    // The automatic variant has no lease start to compare with.
    expect(view?.lateDelivery).toBeNull();
  });
});
