import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { applyTransition, recordRefund } from "~/flows/transitions.server";
import type { Locale } from "~/i18n/locales";
import type { PaymentGateway } from "~/payments/gateway";
import { handleNotification } from "~/payments/notification.server";
import { createPrzelewy24Client } from "~/payments/przelewy24.server";
import { startPayment } from "~/payments/start.server";
import { przelewy24ForThisFile } from "../../tests/support/p24-for-this-file";
import { TEST_P24 } from "../../tests/support/p24-stand-in-process";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { withdrawThroughLink } from "../../tests/support/withdrawal";
import { statistics, type PeriodFigures } from "./figures.server";
import { REGISTER_HEADER, salesRegisterCsv } from "./register.server";

/**
 * The month in figures and the sales register, on SQLite and PostgreSQL, over orders placed, paid
 * (by transfer, and by BLIK through the Przelewy24 stand-in over real HTTP), dispatched, cancelled,
 * withdrawn from and refunded through the same domain functions the site runs.
 */
const p24 = przelewy24ForThisFile();

/** 29 Nov 2026, 13:00 in Warsaw: the last 30 days are 31 Oct to 29 Nov. */
const NOW = new Date("2026-11-29T12:00:00Z");
const BUYER = { buyerName: "Anna Nowak", buyerAddress: "ul. Krótka 1, 00-001 Warszawa", nip: null };
let ordersPlaced = 0;

describe.each(DIALECTS)("the month in figures on %s", (dialect) => {
  let db: AppDatabase;
  let gateway: PaymentGateway;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    gateway = createPrzelewy24Client({ ...TEST_P24, apiUrl: p24.standIn.url });
  });
  afterEach(() => db.destroy());

  async function place(at: string, { locale = "pl", notarized = false, invoice = false } = {} as PlaceOptions) {
    ordersPlaced += 1;
    const { order } = await placeSampleOrder(db, new Date(at), {
      locale,
      idempotencyKey: `k${ordersPlaced}`,
      details: { declarationType: notarized ? "notarized" : "regular", ...(invoice ? { invoice: BUYER } : {}) },
    });
    return order;
  }
  type PlaceOptions = { locale?: Locale; notarized?: boolean; invoice?: boolean };

  async function moved(result: Promise<{ ok: boolean }>) {
    expect(await result).toMatchObject({ ok: true });
  }
  const paidByTransfer = (id: number, day: string, receivedGrosze?: number) =>
    moved(applyTransition(db, id, { transition: "mark_paid", paidAt: day, receivedGrosze }, "op", new Date(`${day}T10:00:00Z`)));
  const dispatched = (id: number, at: string) =>
    moved(applyTransition(db, id, { transition: "mark_dispatched", trackingNumber: "TRACK1", courier: null }, "op", new Date(at)));
  const cancelled = (id: number, at: string) =>
    moved(applyTransition(db, id, { transition: "cancel", reason: "Klient zrezygnował" }, "op", new Date(at)));

  /** BLIK with a code the stand-in accepts; its verified notification marks the order paid at `at`. */
  async function paidByBlik(placed: Awaited<ReturnType<typeof place>>, at: string) {
    // Numbers restart in every fresh database; the stand-in keys its sessions by them.
    const order = { ...placed, number: `${dialect}-${ordersPlaced}-${placed.number}` };
    await db.updateTable("orders").set({ number: order.number }).where("id", "=", order.id).execute();
    const payable = { id: order.id, number: order.number, status: order.status, price_grosze: order.price_grosze };
    const started = await startPayment(
      db,
      { ...payable, currency: order.currency, email: order.email, locale: order.locale },
      { method: "blik", blikCode: "777123" },
      { gateway, description: "Zamówienie", urlReturn: "http://127.0.0.1/back", urlStatus: p24.receiver.urlStatus, now: new Date(at) },
    );
    expect(started).toEqual({ kind: "blik-pending" });
    const notification = await vi.waitFor(() => {
      const found = p24.receiver.payments.find((body) => String(body.sessionId).startsWith(`${order.number}-`));
      if (!found) throw new Error("no notification yet");
      return found;
    });
    expect(await handleNotification(db, gateway, notification, new Date(at))).toEqual({ status: 200, outcome: "paid" });
    return order;
  }

  /** The orders of the scenario below, placed and moved in the order a real month would see them. */
  async function aMonthOfOrders() {
    const a = await place("2026-11-02T09:00:00Z", { invoice: true });
    await paidByTransfer(a.id, "2026-11-03");
    await dispatched(a.id, "2026-11-05T10:00:00Z");
    const b = await paidByBlik(await place("2026-11-10T08:00:00Z", { locale: "en", notarized: true }), "2026-11-10T08:05:00Z");
    await dispatched(b.id, "2026-11-11T09:00:00Z");
    // 00:30 on 1 November in Warsaw, though still 31 October in UTC.
    const c = await place("2026-10-31T23:30:00Z", { locale: "uk" });
    await cancelled(c.id, "2026-11-20T10:00:00Z");
    // 23:30 on 31 October in Warsaw; 300 zł credited for 299.
    const d = await place("2026-10-31T22:30:00Z", { locale: "ru" });
    await paidByTransfer(d.id, "2026-10-31", 30000);
    await dispatched(d.id, "2026-11-04T10:00:00Z");
    const e = await place("2026-11-12T10:00:00Z");
    await paidByTransfer(e.id, "2026-11-12");
    await dispatched(e.id, "2026-11-15T10:00:00Z");
    // Paid at 00:30 on 1 October in Warsaw (22:30 UTC on 30 September, summer time).
    const f = await paidByBlik(await place("2026-09-10T10:00:00Z"), "2026-09-30T22:30:00Z");
    // Paid in October, cancelled and the money sent back in November.
    const g = await place("2026-10-15T10:00:00Z");
    await paidByTransfer(g.id, "2026-10-20");
    await cancelled(g.id, "2026-11-18T10:00:00Z");
    await moved(recordRefund(db, g.id, 29900, "Zwrot przelewem", "op", new Date("2026-11-18T11:00:00Z")));
    const h = await place("2026-11-21T10:00:00Z", { notarized: true });
    await withdrawThroughLink(db, h, new Date("2026-11-22T10:00:00Z"));
    return { a, b, c, d, e, f, g, h };
  }

  const noOthers = { transfer: 0, blik: 0, redirect: 0 };
  const month = (figures: PeriodFigures[], key: string) => figures.find((figures) => figures.period.key === key)!;

  it("counts each period by the Warsaw day of each moment, with the median days to dispatch and the money split at 23 %", async () => {
    await aMonthOfOrders();
    const { lastThirtyDays, months } = await statistics(db, NOW, "23");
    expect(months.map((figures) => figures.period.key)).toEqual([
      "2026-11",
      "2026-10",
      "2026-09",
      "2026-08",
      "2026-07",
      "2026-06",
      "2026-05",
      "2026-04",
      "2026-03",
      "2026-02",
      "2026-01",
      "2025-12",
    ]);
    expect(month(months, "2026-11")).toEqual({
      period: { key: "2026-11", firstDay: "2026-11-01", lastDay: "2026-11-30" },
      placed: 5,
      paid: 3,
      cancelled: 2,
      withdrawn: 1,
      byWay: { ...noOthers, transfer: 2, blik: 1 },
      byType: { regular: 3, notarized: 2 },
      byLocale: { pl: 3, en: 1, uk: 1, ru: 0 },
      dispatched: 4,
      // 1, 2, 3 and 4 days.
      medianDaysToDispatch: 2.5,
      grossGrosze: 29900 + 39900 + 29900,
      netGrosze: 24309 + 32439 + 24309,
      vatGrosze: 5591 + 7461 + 5591,
    });
    expect(month(months, "2026-10")).toMatchObject({
      placed: 2,
      paid: 3,
      cancelled: 0,
      byWay: { ...noOthers, transfer: 2, blik: 1 },
      byLocale: { pl: 1, en: 0, uk: 0, ru: 1 },
      dispatched: 0,
      medianDaysToDispatch: null,
      // The 1 zł over the price is a refund to make, not a sale.
      grossGrosze: 3 * 29900,
      netGrosze: 3 * 24309,
      vatGrosze: 3 * 5591,
    });
    expect(month(months, "2026-09")).toMatchObject({ placed: 1, paid: 0, grossGrosze: 0 });
    expect(lastThirtyDays).toMatchObject({
      period: { key: "30d", firstDay: "2026-10-31", lastDay: "2026-11-29" },
      placed: 6,
      paid: 4,
      byWay: { ...noOthers, transfer: 3, blik: 1 },
      byLocale: { pl: 3, en: 1, uk: 1, ru: 1 },
      medianDaysToDispatch: 2.5,
      grossGrosze: 3 * 29900 + 39900,
    });
  });

  it("writes the month's sales register: a sale in its month of payment, a refund in its own, the invoice's number or none", async () => {
    const { a, b, d, e, f, g } = await aMonthOfOrders();
    const november = (await salesRegisterCsv(db, "2026-11", "23")).split("\r\n");
    expect(november[0]).toBe(`\uFEFF${REGISTER_HEADER.join(";")}`);
    expect(november.slice(1)).toEqual([
      `2026-10-20;${g.number};brak;;;;Przelew na rachunek;2026-11-18;"299,00"`,
      `2026-11-03;${a.number};FV/2026/11/0001;"243,09";"55,91";"299,00";Przelew na rachunek;;`,
      `2026-11-10;${b.number};brak;"324,39";"74,61";"399,00";BLIK;;`,
      `2026-11-12;${e.number};brak;"243,09";"55,91";"299,00";Przelew na rachunek;;`,
      "",
    ]);
    const october = (await salesRegisterCsv(db, "2026-10", "23")).split("\r\n").slice(1);
    expect(october).toEqual([
      `2026-10-01;${f.number};brak;"243,09";"55,91";"299,00";BLIK;;`,
      `2026-10-20;${g.number};brak;"243,09";"55,91";"299,00";Przelew na rachunek;;`,
      `2026-10-31;${d.number};brak;"243,09";"55,91";"299,00";Przelew na rachunek;;`,
      "",
    ]);
    expect((await salesRegisterCsv(db, "2026-09", "23")).split("\r\n").slice(1)).toEqual([""]);
  });

  it("for a VAT-exempt seller net is gross and VAT 0, except on an invoice issued at 23 %, which keeps its own split", async () => {
    await aMonthOfOrders();
    const { months } = await statistics(db, NOW, "zw");
    expect(month(months, "2026-11")).toMatchObject({ grossGrosze: 99700, netGrosze: 99700 - 5591, vatGrosze: 5591 });
    expect(month(months, "2026-10")).toMatchObject({ grossGrosze: 89700, netGrosze: 89700, vatGrosze: 0 });
    const october = (await salesRegisterCsv(db, "2026-10", "zw")).split("\r\n");
    expect(october[3]).toMatch(/;brak;"299,00";"0,00";"299,00";Przelew na rachunek;;$/);
  });
});
