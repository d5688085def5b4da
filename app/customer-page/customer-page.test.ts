import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { formatPrice } from "~/i18n/money";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALES, type Locale } from "~/i18n/locales";
import { findCustomerPageView } from "./page-view.server";
import { recordWithdrawal } from "~/withdrawal/withdrawal.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import {
  customerPageOf,
  deadlinesOf,
  leadKeyOf,
  nextStepsOf,
  paymentDue,
  STAGE_TITLE_KEY,
  stageOf,
  type CustomerStage,
} from "./customer-page";

// Ordered on Monday 23 November 2026: the 14 days end on Monday 7 December.
const ORDERED = new Date("2026-11-23T09:00:00Z");

let db: AppDatabase;
beforeAll(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "order-page-")), "orders.db") });
});
afterAll(() => db.destroy());

type Setup = {
  earlyStart?: boolean;
  paid?: boolean;
  dispatched?: boolean;
  delivered?: boolean;
  cancelled?: boolean;
  withdrawnAt?: string;
  /** An InPost shipment with its label made, in this ShipX status. */
  shipmentStatus?: string;
  /** Ordered to an InPost parcel locker instead of by courier. */
  locker?: boolean;
};
let serial = 0;

/** An order brought to a stage straight in the database, as the customer's page reads it on `day`. */
async function pageOf(locale: Locale, setup: Setup, day = "2026-11-26") {
  const { order } = await placeSampleOrder(db, ORDERED, {
    locale,
    details: {
      immediatePerformanceRequested: setup.earlyStart ?? false,
      ...(setup.locker ? { delivery: { method: "locker" as const, point: "KRA010", address: "ul. Floriańska 3, 31-042 Kraków" } } : {}),
    },
    idempotencyKey: `order-page-${serial++}`,
  });
  if (setup.paid)
    await db.updateTable("orders").set({ status: "paid", paid_at: "2026-11-24T10:00:00Z" }).where("id", "=", order.id).execute();
  if (setup.dispatched)
    await db
      .updateTable("orders")
      .set({ status: "dispatched", dispatched_at: "2026-11-25T12:00:00Z", tracking_number: "123456789" })
      .where("id", "=", order.id)
      .execute();
  if (setup.delivered) await db.updateTable("orders").set({ delivered_at: "2026-11-26T09:00:00Z" }).where("id", "=", order.id).execute();
  if (setup.shipmentStatus)
    await db
      .updateTable("orders")
      .set({
        shipment_id: "7000001",
        shipment_status: setup.shipmentStatus,
        tracking_number: "620000000000000000000001",
        courier: "InPost",
      })
      .where("id", "=", order.id)
      .execute();
  if (setup.cancelled)
    await db.updateTable("orders").set({ status: "cancelled", cancelled_at: "2026-11-25T12:00:00Z" }).where("id", "=", order.id).execute();
  if (setup.withdrawnAt)
    await recordWithdrawal(db, {
      values: { name: order.tenant_name, reference: order.number, email: order.email },
      statement: "…",
      locale,
      token: order.payment_token,
      now: new Date(setup.withdrawnAt),
    });
  const view = (await findCustomerPageView(db, order.payment_token, locale, new Date(`${day}T10:00:00Z`)))!;
  const t = fixedT(locale, "payment");
  return { view, t, deadlines: deadlinesOf(view, t), steps: nextStepsOf(view, t) };
}

/** No sentence keeps an empty value or an unfilled placeholder, and none is a bare key. */
function expectComplete(texts: string[]) {
  for (const text of texts) {
    expect(text).not.toMatch(/\(\s*\)|\{\{|\$t\(|:\s*$|^[a-zA-Z]+\.[a-zA-Z.]+$/);
    expect(text.trim()).not.toBe("");
  }
}

describe("the stage an order is at for its customer", () => {
  it("puts a matched withdrawal first, then cancellation, then delivery when it is known", () => {
    const withdrawn = { receivedAt: "x", refundBy: "y", decision: null, retained: null };
    expect(stageOf({ status: "paid", withdrawn, deliveredOn: null })).toBe("withdrawn");
    expect(stageOf({ status: "cancelled", withdrawn, deliveredOn: null })).toBe("withdrawn");
    expect(stageOf({ status: "cancelled", withdrawn: null, deliveredOn: null })).toBe("cancelled");
    expect(stageOf({ status: "dispatched", withdrawn: null, deliveredOn: null })).toBe("dispatched");
    expect(stageOf({ status: "dispatched", withdrawn: null, deliveredOn: "1 grudnia" })).toBe("delivered");
    expect(stageOf({ status: "awaiting_payment", withdrawn: null, deliveredOn: null })).toBe("awaiting_payment");
  });

  it("asks for payment only while it is due and the customer has not withdrawn", () => {
    expect(paymentDue({ status: "awaiting_payment", withdrawn: null })).toBe(true);
    expect(paymentDue({ status: "awaiting_payment", withdrawn: { receivedAt: "x", refundBy: "y", decision: null, retained: null } })).toBe(
      false,
    );
    expect(paymentDue({ status: "paid", withdrawn: null })).toBe(false);
    expect(
      leadKeyOf(
        { status: "awaiting_payment", withdrawn: { receivedAt: "x", refundBy: "y", decision: null, retained: null }, deliveredOn: null },
        true,
      ),
    ).toBe("leadWithdrawn");
  });
});

describe("the customer's order page: dates and next steps", () => {
  for (const locale of LOCALES) {
    it(`${locale}: paid with the early start names dispatch, delivery and the withdrawal period with its early end`, async () => {
      const { deadlines, steps, t } = await pageOf(locale, { earlyStart: true, paid: true });
      expect(deadlines.map((line) => line.id)).toEqual(["deadline-dispatch", "deadline-delivery", "deadline-withdrawal"]);
      expect(deadlines[2]!.note).toBe(t("deadlines.withdrawalEarlyStart"));
      expectComplete([...deadlines.map((line) => line.value), ...steps.map((step) => step.text)]);
    });

    it(`${locale}: dispatched says it is on its way; the withdrawal period is listed only while it runs`, async () => {
      const running = await pageOf(locale, { paid: true, dispatched: true });
      expect(running.deadlines.map((line) => line.id)).toEqual(["deadline-dispatched", "deadline-withdrawal"]);
      expect(running.steps.map((step) => step.id)).toEqual(["next-dispatched", "next-handover"]);
      expectComplete(running.steps.map((step) => step.text));
      const over = await pageOf(locale, { paid: true, dispatched: true }, "2026-12-08");
      expect(over.deadlines.map((line) => line.id)).toEqual(["deadline-dispatched"]);
    });

    it(`${locale}: paid with its label made, the parcel is "prepared for dispatch", not sent, until InPost has it`, async () => {
      const labelled = await pageOf(locale, { earlyStart: true, paid: true, shipmentStatus: "confirmed" });
      expect(stageOf(labelled.view)).toBe("paid");
      expect(labelled.view.shipment).toBeNull();
      expect(labelled.steps[0]).toEqual({ id: "next-prepared", text: labelled.t("next.prepared") });
      expect(labelled.steps[0]!.text).toContain(labelled.t("status.dispatched"));
      expectComplete(labelled.steps.map((step) => step.text));
      // Nothing is said of a parcel before its label, nor once InPost had it (the order is then dispatched).
      const unlabelled = await pageOf(locale, { earlyStart: true, paid: true });
      expect(unlabelled.steps.map((step) => step.id)).not.toContain("next-prepared");
      const collected = await pageOf(locale, { earlyStart: true, paid: true, dispatched: true, shipmentStatus: "collected_from_sender" });
      expect(collected.steps.map((step) => step.id)).not.toContain("next-prepared");
    });

    it(`${locale}: a locker order's next steps name the locker and InPost's pick-up code, never a courier to the address`, async () => {
      const courierWord = /kurier|courier|кур’єр|курьер/i;
      const unpaid = await pageOf(locale, { locker: true });
      const paid = await pageOf(locale, { earlyStart: true, paid: true, locker: true });
      const dispatched = await pageOf(locale, { paid: true, dispatched: true, locker: true });
      expect(unpaid.steps.find((step) => step.id === "dispatch")?.text).toBe(unpaid.t("next.dispatch_locker"));
      expect(dispatched.steps.find((step) => step.id === "next-dispatched")?.text).toBe(dispatched.t("next.dispatched_locker"));
      for (const { steps } of [unpaid, paid, dispatched]) {
        expect(steps.map((step) => step.text).join(" ")).not.toMatch(courierWord);
        expectComplete(steps.map((step) => step.text));
      }
      // A courier order keeps the courier.
      expect((await pageOf(locale, { paid: true, dispatched: true })).steps.map((step) => step.text).join(" ")).toMatch(courierWord);
    });

    it(`${locale}: withdrawn after paying names the time of receipt and the refund's last day, 14 days later`, async () => {
      const { view, deadlines, steps } = await pageOf(locale, { paid: true, withdrawnAt: "2026-11-25T08:30:00Z" });
      expect(stageOf(view)).toBe("withdrawn");
      expect(deadlines.map((line) => line.id)).toEqual(["deadline-withdrawal-received", "deadline-refund"]);
      // 25 November at 09:30 Warsaw time; the refund is due by 9 December.
      expect(deadlines[0]!.value).toMatch(/09:30:00/);
      expect(deadlines[1]!.value).toContain({ pl: "9 grudnia", en: "9 December", uk: "9 грудня", ru: "9 декабря" }[locale]);
      expect(steps.map((step) => step.id)).toEqual(["next-withdrawn", "next-withdrawn-refund"]);
      expect(steps[1]!.text).toContain(deadlines[1]!.value);
      // Art. 32 in the words of the e-mail and the terms: at once, the same means of payment, at no cost.
      expect(steps[1]!.text).toContain(fixedT(locale, "common")("withdrawalRefund.how"));
      expect(view.refund).toMatchObject({ grosze: view.priceGrosze, returnedOn: null });
      expectComplete(steps.map((step) => step.text));
    });
  }

  it("withdrawn before paying: nothing to pay or refund, and no payment asked for", async () => {
    const { view, deadlines, steps, t } = await pageOf("pl", { withdrawnAt: "2026-11-24T08:00:00Z" });
    expect(paymentDue(view)).toBe(false);
    expect(deadlines.map((line) => line.id)).toEqual(["deadline-withdrawal-received"]);
    expect(steps[1]!.text).toBe(t("next.withdrawnUnpaid"));
    expect(view.refund).toBeNull();
  });

  it("after an early start the refund line says an amount for work done may be kept back", async () => {
    const { steps, t } = await pageOf("en", { earlyStart: true, paid: true, withdrawnAt: "2026-11-25T08:30:00Z" });
    expect(steps[1]!.text).toBe(t("next.withdrawnRefundEarlyStart", { date: "9 December (Wednesday)" }));
  });

  it("art. 11a: while the period runs the page leads with the withdrawal function and its last day; not once withdrawn or over", async () => {
    const running = await pageOf("pl", { paid: true });
    const page = customerPageOf(running.view, false, running.t);
    expect(page.withdrawalUntil).toBe("7 grudnia 2026");
    expect(running.t("withdrawalPrompt", { date: page.withdrawalUntil })).toBe("Odstąp od umowy tutaj (do 7 grudnia 2026)");
    const over = await pageOf("en", { paid: true, dispatched: true }, "2026-12-08");
    expect(customerPageOf(over.view, false, over.t).withdrawalUntil).toBeNull();
    const withdrawn = await pageOf("uk", { paid: true, withdrawnAt: "2026-11-25T08:30:00Z" });
    expect(customerPageOf(withdrawn.view, false, withdrawn.t).withdrawalUntil).toBeNull();
  });

  it("cancelled lists no dates and tells the customer there is nothing to do", async () => {
    const { deadlines, steps } = await pageOf("uk", { cancelled: true });
    expect(deadlines).toEqual([]);
    expect(steps.map((step) => step.id)).toEqual(["next-cancelled"]);
  });
});

describe.each(DIALECTS)("the customer's page after a withdrawal, a refund or the delivery, on %s", (dialect) => {
  let store: AppDatabase;
  beforeAll(async () => {
    store = await openDatabase(await migratedTarget(dialect));
  });
  afterAll(() => store.destroy());
  let count = 0;

  /** A paid order (by transfer) the customer withdrew from through its link, then changed by `columns`, as its page shows it. */
  async function withdrawnPage(
    columns: Record<string, unknown>,
    { paid = true, invoiceIssued = false, locale = "pl" as Locale, earlyStart = false } = {},
  ) {
    const { order } = await placeSampleOrder(store, ORDERED, {
      locale,
      details: { immediatePerformanceRequested: earlyStart },
      idempotencyKey: `after-${count++}`,
    });
    if (paid)
      await store.updateTable("orders").set({ status: "paid", paid_at: "2026-11-24T10:00:00Z" }).where("id", "=", order.id).execute();
    await recordWithdrawal(store, {
      values: { name: order.tenant_name, reference: order.number, email: order.email },
      statement: "…",
      locale: "pl",
      token: order.payment_token,
      now: new Date("2026-11-25T08:30:00Z"),
    });
    if (Object.keys(columns).length > 0) await store.updateTable("orders").set(columns).where("id", "=", order.id).execute();
    const view = (await findCustomerPageView(store, order.payment_token, locale, new Date("2026-11-30T10:00:00Z")))!;
    const t = fixedT(locale, "payment");
    return { view, t, page: customerPageOf(view, false, t, invoiceIssued) };
  }
  const words = (page: ReturnType<typeof customerPageOf>) => [
    ...page.deadlines.map((line) => `${line.label} ${line.value}`),
    ...page.nextSteps.map((step) => step.text),
  ];

  it("refunded: says the money went back, and neither promises a refund nor offers the invoice or the withdrawal again", async () => {
    const { view, page, t } = await withdrawnPage({ status: "cancelled", refunded_grosze: 29900, refunded_at: "2026-11-27T10:00:00Z" });
    expect(view.refund).toEqual({ grosze: 29900, amount: formatPrice(29900, "pl"), returnedOn: "27 listopada 2026" });
    expect(page.deadlines.map((line) => line.id)).toEqual(["deadline-withdrawal-received"]);
    expect(page.nextSteps.map((step) => step.id)).toEqual(["next-withdrawn", "next-withdrawn-refunded"]);
    expect(page.nextSteps[1]!.text).toBe(t("next.withdrawnRefunded"));
    expect(words(page).join(" ")).not.toMatch(/Zwrócimy|najpóźniej/);
    expect(page.offers).toEqual({ withdrawal: false, invoice: false });
  });

  it("an invoice already issued stays downloadable after the refund", async () => {
    const { page } = await withdrawnPage(
      { status: "cancelled", refunded_grosze: 29900, refunded_at: "2026-11-27T10:00:00Z" },
      { invoiceIssued: true },
    );
    expect(page.offers.invoice).toBe(true);
  });

  it("unpaid: nothing on the page speaks of a refund", async () => {
    const { view, page } = await withdrawnPage({ status: "cancelled", cancelled_at: "2026-11-26T10:00:00Z" }, { paid: false });
    expect(view.refund).toBeNull();
    expect(words(page).join(" ")).not.toMatch(/zwr[oó]c|zwrot/i);
    expect(page.offers).toEqual({ withdrawal: false, invoice: false });
  });

  it("the right had expired: the order stands as delivered, the page says the right had expired, and nothing speaks of a refund", async () => {
    // Delivered on 24 November after an early start; the statement came on the 25th; the operator found the right expired.
    const { view, page, t } = await withdrawnPage(
      {
        status: "dispatched",
        dispatched_at: "2026-11-24T08:00:00Z",
        delivered_at: "2026-11-24T15:00:00Z",
        tracking_number: "RR1PL",
        withdrawal_decision: "expired",
      },
      { earlyStart: true },
    );
    expect(view.refund).toBeNull();
    expect(page.stage).toBe("delivered");
    expect(t(`status.${page.stage}`)).toBe("Doręczone");
    expect(page.leadKey).toBe("leadWithdrawalExpired");
    expect(page.deadlines.map((line) => line.id)).toEqual(["deadline-withdrawal-received", "deadline-dispatched", "deadline-delivered"]);
    expect(page.nextSteps[0]).toEqual({ id: "next-withdrawn-expired", text: t("next.withdrawnExpired") });
    expect([t(page.leadKey), ...words(page)].join(" ")).not.toMatch(/zwr[oó]c|zwrot|Nie poniesiesz/i);
    // The service was performed and paid for: the invoice stays offered; the withdrawal is not offered again.
    expect(page.offers).toEqual({ withdrawal: false, invoice: true });
  });

  it("an amount kept for a standard reason: the page names the rest to go back, the amount kept and why, in the order's language", async () => {
    const { view, page, t } = await withdrawnPage(
      { withdrawal_decision: "partial", withdrawal_retained_grosze: 12050, withdrawal_decision_reason_code: "declaration_signed" },
      { earlyStart: true, locale: "uk" },
    );
    const [rest, kept] = [formatPrice(29900 - 12050, "uk"), formatPrice(12050, "uk")];
    expect(view.refund).toEqual({ grosze: 29900 - 12050, amount: rest, returnedOn: null });
    const reason = t("retained.reasons.declaration_signed");
    expect(view.withdrawn?.retained).toEqual({ grosze: 12050, amount: kept, reason });
    expect(page.nextSteps[1]).toEqual({
      id: "next-withdrawn-refund-partial",
      text: t("next.withdrawnRefundPartial", { date: view.withdrawn?.refundBy, refund: rest, retained: kept, reason }),
    });
    expect(page.nextSteps[1]!.text).toContain(rest);
    expect(page.nextSteps[1]!.text).toContain(kept);
    expect(page.nextSteps[1]!.text).toContain(reason);
    // Decided: no longer "we will state the amount by e-mail".
    expect(page.nextSteps[1]!.text).not.toContain(t("next.withdrawnRefundEarlyStart", { date: view.withdrawn?.refundBy }).slice(-30));
    expectComplete(page.nextSteps.map((step) => step.text));
  });

  it("an amount kept for the operator's own reason: the customer reads it as written", async () => {
    const { view, page } = await withdrawnPage(
      { withdrawal_decision: "partial", withdrawal_retained_grosze: 5000, withdrawal_decision_reason: "Notariusz poświadczył podpis." },
      { earlyStart: true },
    );
    expect(view.withdrawn?.retained).toEqual({ grosze: 5000, amount: formatPrice(5000, "pl"), reason: "Notariusz poświadczył podpis" });
    expect(page.nextSteps[1]!.text).toContain(`Zatrzymujemy ${formatPrice(5000, "pl")} `);
    expect(page.nextSteps[1]!.text).toMatch(/: Notariusz poświadczył podpis\.$/);
  });

  it("the whole payment back after an early start: no word of an amount that may be kept", async () => {
    const { page, t, view } = await withdrawnPage({ withdrawal_decision: "full" }, { earlyStart: true, locale: "ru" });
    expect(page.nextSteps[1]).toEqual({ id: "next-withdrawn-refund", text: t("next.withdrawnRefund", { date: view.withdrawn?.refundBy }) });
    expect(view.withdrawn?.retained).toBeNull();
  });

  it("delivered: the withdrawal function and the model form are no longer offered; on the way, they still are", async () => {
    const { order } = await placeSampleOrder(store, ORDERED, { locale: "pl", idempotencyKey: `delivered-${count++}` });
    await store
      .updateTable("orders")
      .set({ status: "dispatched", paid_at: "2026-11-24T10:00:00Z", dispatched_at: "2026-11-25T10:00:00Z", tracking_number: "RR1PL" })
      .where("id", "=", order.id)
      .execute();
    const pageNow = async () => {
      const view = (await findCustomerPageView(store, order.payment_token, "pl", new Date("2026-11-26T10:00:00Z")))!;
      return customerPageOf(view, false, fixedT("pl", "payment"));
    };
    expect((await pageNow()).offers).toEqual({ withdrawal: true, invoice: true });
    await store.updateTable("orders").set({ delivered_at: "2026-11-26T09:00:00Z" }).where("id", "=", order.id).execute();
    expect((await pageNow()).offers).toEqual({ withdrawal: false, invoice: true });
  });
});

describe("the browser tab's title", () => {
  const SETUP: Record<CustomerStage, Setup> = {
    awaiting_payment: {},
    paid: { paid: true },
    dispatched: { paid: true, dispatched: true },
    delivered: { paid: true, dispatched: true, delivered: true },
    cancelled: { cancelled: true },
    withdrawn: { paid: true, withdrawnAt: "2026-11-25T08:30:00Z" },
  };

  it("pl: asks for payment only while payment is due, then names the order and where it stands", async () => {
    const expected: Record<CustomerStage, string> = {
      awaiting_payment: "Płatność za zamówienie {number} | Adres do eksmisji",
      paid: "Zamówienie {number}: opłacone | Adres do eksmisji",
      dispatched: "Zamówienie {number}: wysłane | Adres do eksmisji",
      delivered: "Zamówienie {number}: doręczone | Adres do eksmisji",
      cancelled: "Zamówienie {number}: anulowane | Adres do eksmisji",
      withdrawn: "Zamówienie {number}: odstąpiono od umowy | Adres do eksmisji",
    };
    for (const [stage, setup] of Object.entries(SETUP) as [CustomerStage, Setup][]) {
      const { view, t } = await pageOf("pl", setup);
      expect(stageOf(view)).toBe(stage);
      expect(customerPageOf(view, false, t).title).toBe(expected[stage].replace("{number}", view.number));
    }
  });

  for (const locale of LOCALES) {
    it(`${locale}: every stage has its own title with the order's number, the payment one only while unpaid`, async () => {
      const titles = new Set<string>();
      for (const [stage, setup] of Object.entries(SETUP) as [CustomerStage, Setup][]) {
        const { view, t } = await pageOf(locale, setup);
        const title = customerPageOf(view, false, t).title;
        expect(title).toContain(view.number);
        expect(title.split(" | "), title).toHaveLength(2);
        expect(title).not.toMatch(/ [–—-] |\{\{/);
        // The page's heading while payment is due ("Płatność za zamówienie") names no other stage's tab.
        if (stage !== "awaiting_payment") expect(title).not.toContain(t("heading"));
        titles.add(title.replace(view.number, ""));
      }
      expect(titles.size).toBe(Object.keys(STAGE_TITLE_KEY).length);
    });
  }
});
