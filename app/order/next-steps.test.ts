import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALES } from "~/i18n/locales";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { paymentNextSteps } from "./next-steps";
import { findCustomerPageView } from "~/customer-page/page-view.server";

// Ordered on Monday 23 November 2026: the 14 days end on Monday 7 December.
const ORDERED = new Date("2026-11-23T09:00:00Z");
const PAID_ON = "2026-11-25";

let db: AppDatabase;
beforeAll(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "next-steps-")), "orders.db") });
});
afterAll(() => db.destroy());

/** An order with or without the early start, unpaid or paid, as its payment page shows it on `day`. */
async function stepsOf(locale: (typeof LOCALES)[number], { earlyStart, paid, day }: { earlyStart: boolean; paid: boolean; day: string }) {
  const { order } = await placeSampleOrder(db, ORDERED, {
    locale,
    details: { immediatePerformanceRequested: earlyStart },
    idempotencyKey: `${locale}-${earlyStart}-${paid}-${day}`,
  });
  if (paid) await db.updateTable("orders").set({ status: "paid", paid_at: PAID_ON }).where("id", "=", order.id).execute();
  const view = await findCustomerPageView(db, order.payment_token, locale, new Date(`${day}T10:00:00Z`));
  return paymentNextSteps(view!, fixedT(locale, "payment"));
}

/** No sentence may keep an empty value: "()", a bare colon at the end, or an unfilled placeholder. */
function expectComplete(texts: string[]) {
  for (const text of texts) {
    expect(text).not.toMatch(/\(\s*\)|\{\{|\$t\(|:\s*$|\s[.;,]/);
    expect(text.trim()).not.toBe("");
  }
}

describe("the payment page's next steps", () => {
  for (const locale of LOCALES) {
    const endsOn = { pl: "7 grudnia (poniedziałek)", en: "7 December (Monday)", uk: "7 грудня (понеділок)", ru: "7 декабря (понедельник)" }[
      locale
    ];

    it(`${locale}: unpaid, with and without the early start`, async () => {
      const early = await stepsOf(locale, { earlyStart: true, paid: false, day: "2026-11-23" });
      expect(early.map((step) => step.id)).toEqual(["payment-step", "withdrawal-choice", "dispatch-date", "dispatch", "bookmark"]);
      expect(early[1]!.text).toBe(fixedT(locale, "payment")("next.startNow"));
      expectComplete(early.map((step) => step.text));

      const later = await stepsOf(locale, { earlyStart: false, paid: false, day: "2026-11-23" });
      expect(later.find((step) => step.id === "withdrawal-choice")!.text).toContain(endsOn);
      expectComplete(later.map((step) => step.text));
    });

    it(`${locale}: paid, with and without the early start, while the withdrawal period runs and after it`, async () => {
      const early = await stepsOf(locale, { earlyStart: true, paid: true, day: "2026-11-26" });
      expect(early.map((step) => step.id)).toEqual(["payment-step", "withdrawal-choice", "dispatch", "bookmark"]);
      expectComplete(early.map((step) => step.text));

      // The page named no day here before: "…po tym terminie ()".
      const running = await stepsOf(locale, { earlyStart: false, paid: true, day: "2026-11-26" });
      expect(running.find((step) => step.id === "withdrawal-choice")!.text).toContain(endsOn);
      expectComplete(running.map((step) => step.text));

      // Once the 14 days are over the promise already counts from them; the past day is not repeated.
      const over = await stepsOf(locale, { earlyStart: false, paid: true, day: "2026-12-08" });
      expect(over.map((step) => step.id)).toEqual(["payment-step", "dispatch", "bookmark"]);
      expectComplete(over.map((step) => step.text));
    });
  }

  it("promises dispatch and calls delivery expected, with the day after a preposition", async () => {
    const [payment] = await stepsOf("pl", { earlyStart: false, paid: true, day: "2026-11-26" });
    // Signed from Tuesday 8 December (the day after the 14 days), sent by Thursday 10, expected Friday 11.
    expect(payment!.text).toBe(
      "Płatność zaksięgowana. Wyślemy oświadczenie najpóźniej 10 grudnia (czwartek); przewidywane doręczenie: 11 grudnia (piątek).",
    );
  });
});
