import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { placeOrder } from "./support/admin";
import { LOCALES, pathFor, strings, type Locale } from "./support/site";

/**
 * The customer's own order page (the payment page's link, which every e-mail carries): one order per
 * language, each brought to a different stage straight in the database, at a phone's and a desktop's
 * width. Dates and sentences per stage are unit tests (app/customer-page/order-page.test.ts); here the
 * page shows them, with and without JavaScript, privately. The dispatched order then opens its review
 * form, and, once the courier's delivery is recorded, says delivered with the day.
 */
type Stage = "paid" | "dispatched" | "withdrawn" | "cancelled";
const STAGE_OF: Record<Locale, Stage> = { pl: "withdrawn", en: "dispatched", uk: "paid", ru: "cancelled" };
const WIDTH_OF: Record<Locale, number> = { pl: 390, en: 1280, uk: 390, ru: 1280 };

function inDatabase(work: (db: Database.Database) => void): void {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true, timeout: 5_000 });
  try {
    work(db);
  } finally {
    db.close();
  }
}

function bringTo(number: string, stage: Stage): void {
  inDatabase((db) => {
    const now = new Date().toISOString();
    db.prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE number = ?").run(now, number);
    if (stage === "dispatched")
      db.prepare("UPDATE orders SET status = 'dispatched', dispatched_at = ?, tracking_number = '6009991234567' WHERE number = ?").run(
        now,
        number,
      );
    if (stage === "cancelled") db.prepare("UPDATE orders SET status = 'cancelled', cancelled_at = ? WHERE number = ?").run(now, number);
    if (stage === "withdrawn") db.prepare("UPDATE orders SET withdrawn_at = ? WHERE number = ?").run(now, number);
  });
}

test("in each language, the order's status, dates, next steps and documents, private and not indexed", async ({
  page,
  request,
}, testInfo) => {
  for (const locale of LOCALES) {
    const stage = STAGE_OF[locale];
    await page.setViewportSize({ width: WIDTH_OF[locale], height: 900 });
    const { number, paymentPath } = await placeOrder(request, { name: `Customer Page ${locale} ${testInfo.project.name}`, locale });
    bringTo(number, stage);
    const text = strings(locale, "payment");

    const response = await page.goto(paymentPath);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("h1")).toHaveText(text.headingOrder);
    await expect(page.getByTestId("order-number")).toHaveText(number);
    await expect(page.getByTestId("order-status")).toHaveText(text.status[stage]);
    // Payment is asked for only while it is due.
    await expect(page.getByTestId("transfer-amount")).toHaveCount(0);

    const deadlines = page.getByTestId("deadlines");
    const steps = page.getByTestId("next");
    if (stage === "paid") {
      await expect(deadlines.getByTestId("deadline-dispatch")).toContainText(text.deadlines.dispatchBy);
      await expect(deadlines.getByTestId("deadline-withdrawal")).toContainText(text.deadlines.withdrawal);
      await expect(steps.getByTestId("payment-step")).toBeVisible();
    }
    if (stage === "dispatched") {
      await expect(page.getByTestId("tracking-number")).toContainText("6009991234567");
      await expect(deadlines.getByTestId("deadline-dispatched")).toContainText(text.deadlines.dispatchedOn);
      await expect(steps.getByTestId("next-dispatched")).toHaveText(text.next.dispatched);
    }
    if (stage === "withdrawn") {
      await expect(page.locator("main")).toContainText(text.leadWithdrawn);
      await expect(deadlines.getByTestId("deadline-withdrawal-received")).toContainText("(czas polski)");
      await expect(deadlines.getByTestId("deadline-refund")).toContainText(text.deadlines.refundBy);
      await expect(steps.getByTestId("next-withdrawn-refund")).toContainText(text.next.withdrawnRefund.split("{{")[0].trim());
      await expect(page.getByTestId("refund-status")).toBeVisible();
    }
    if (stage === "cancelled") {
      await expect(deadlines).toHaveCount(0);
      await expect(steps.getByTestId("next-cancelled")).toHaveText(text.next.cancelled);
    }

    // The documents: the agreement as accepted, the terms, and while the right can still be used, the model form and
    // the withdrawal function (not once withdrawn or cancelled).
    const documents = page.getByTestId("documents");
    await expect(documents.getByTestId("agreement-pdf")).toHaveText(text.agreement.download);
    await expect(documents.getByTestId("terms-link")).toHaveAttribute("href", pathFor("terms", locale));
    if (stage === "paid" || stage === "dispatched") {
      await expect(documents.getByTestId("withdrawal-form-link")).toHaveAttribute("href", `${pathFor("terms", locale)}#withdrawal-form`);
      await expect(documents.getByTestId("withdrawal-link")).toHaveText(strings(locale, "common").footer.withdrawal);
    } else {
      await expect(documents.getByTestId("withdrawal-link")).toHaveCount(0);
      await expect(documents.getByTestId("withdrawal-form-link")).toHaveCount(0);
    }
    // No personal data on a page reachable by link, and nothing overflows a phone's width.
    await expect(page.locator("main")).not.toContainText("klient@example.com");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // A review is asked for only once the declaration is on its way; the link opens the form in the order's language.
    const reviewLink = page.getByTestId("review").getByTestId("review-link");
    if (stage !== "dispatched") {
      await expect(reviewLink).toHaveCount(0);
      continue;
    }
    await reviewLink.click();
    await expect(page).toHaveURL(`${paymentPath}/review`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("h1")).toHaveText(strings(locale, "review").heading);
    await expect(page.getByTestId("review-form")).toBeVisible();

    // The courier reports delivery: the page says delivered, with the day, and still asks for the review.
    const deliveredAt = new Date();
    inDatabase((db) => db.prepare("UPDATE orders SET delivered_at = ? WHERE number = ?").run(deliveredAt.toISOString(), number));
    await page.goto(paymentPath);
    await expect(page.getByTestId("order-status")).toHaveText(text.status.delivered);
    const delivered = deadlines.getByTestId("deadline-delivered");
    await expect(delivered).toContainText(text.deadlines.deliveredOn);
    // The dispatched order is the English one: "27 November (Friday)", the day in Poland.
    const warsaw = { timeZone: "Europe/Warsaw" } as const;
    const day = new Intl.DateTimeFormat("en-GB", { ...warsaw, day: "numeric", month: "long" }).format(deliveredAt);
    const weekday = new Intl.DateTimeFormat("en-GB", { ...warsaw, weekday: "long" }).format(deliveredAt);
    await expect(delivered).toContainText(`${day} (${weekday})`);
    await expect(reviewLink).toBeVisible();
  }
  // The model form the link points at is where it says (the paid order's page offers it).
  const paid = await placeOrder(request, { name: `Customer Page model form ${testInfo.project.name}`, locale: "uk" });
  bringTo(paid.number, "paid");
  await page.goto(paid.paymentPath);
  await page.getByTestId("withdrawal-form-link").click();
  await expect(page.locator("#withdrawal-form")).toBeVisible();
});

test("an unknown token, well-formed or not, reveals nothing and is the same 404 either way", async ({ page }) => {
  const bodies: string[] = [];
  for (const path of ["/platnosc/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/platnosc/x"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    bodies.push((await page.locator("main").innerText()).trim());
  }
  expect(bodies[0]).toBe(bodies[1]);
  await expect(page.getByTestId("order-number")).toHaveCount(0);
});

test("after a refund, an unpaid withdrawal or the delivery, the page says one thing and offers nothing stale (390 px)", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const now = new Date().toISOString();

  // Withdrawn, paid, then cancelled with the money returned.
  const refunded = await placeOrder(request, { name: `Refunded Page ${testInfo.project.name}` });
  inDatabase((db) =>
    db
      .prepare(
        "UPDATE orders SET status = 'cancelled', paid_at = ?, withdrawn_at = ?, cancelled_at = ?, refunded_grosze = 29900, refunded_at = ? WHERE number = ?",
      )
      .run(now, now, now, now, refunded.number),
  );
  const pl = strings("pl", "payment");
  await page.goto(refunded.paymentPath);
  await expect(page.getByTestId("refund-status")).toContainText("Zwróciliśmy 299");
  await expect(page.locator("main")).not.toContainText(pl.next.withdrawnRefund.split("{{")[0].trim());
  await expect(page.getByTestId("deadline-refund")).toHaveCount(0);
  await expect(page.getByTestId("invoice-panel")).toHaveCount(0);
  await expect(page.getByTestId("withdrawal-link")).toHaveCount(0);
  await expect(page.getByTestId("withdrawal-form-link")).toHaveCount(0);
  await expect(page.getByTestId("next-withdrawn-refunded")).toHaveText(pl.next.withdrawnRefunded);
  await expect(page.getByTestId("agreement-pdf")).toBeVisible();

  // Withdrawn before paying: nothing on the page speaks of a refund, and no payment is asked for.
  const unpaid = await placeOrder(request, { name: `Unpaid Withdrawn ${testInfo.project.name}`, locale: "en" });
  inDatabase((db) => db.prepare("UPDATE orders SET withdrawn_at = ? WHERE number = ?").run(now, unpaid.number));
  await page.goto(unpaid.paymentPath);
  await expect(page.getByTestId("order-status")).toHaveText(strings("en", "payment").status.withdrawn);
  await expect(page.getByTestId("next-withdrawn-unpaid")).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/refund|return/i);
  await expect(page.getByTestId("transfer-amount")).toHaveCount(0);

  // Delivered: the right of withdrawal is spent, so its links go; the documents and the review stay.
  const delivered = await placeOrder(request, { name: `Delivered Page ${testInfo.project.name}`, locale: "uk" });
  inDatabase((db) =>
    db
      .prepare(
        "UPDATE orders SET status = 'dispatched', paid_at = ?, dispatched_at = ?, delivered_at = ?, tracking_number = '6009991234567' WHERE number = ?",
      )
      .run(now, now, now, delivered.number),
  );
  await page.goto(delivered.paymentPath);
  await expect(page.getByTestId("order-status")).toHaveText(strings("uk", "payment").status.delivered);
  await expect(page.getByTestId("withdrawal-link")).toHaveCount(0);
  await expect(page.getByTestId("withdrawal-form-link")).toHaveCount(0);
  await expect(page.getByTestId("terms-link")).toBeVisible();
  await expect(page.getByTestId("review").getByTestId("review-link")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("after the operator's decision: an expired right says so without a refund; an amount kept is named with its reason (390 px)", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

  // Delivered after an early start, then a statement: the operator found the right expired (art. 38 ust. 1 pkt 1).
  const expired = await placeOrder(request, { name: `Expired Right ${testInfo.project.name}`, earlyStart: true });
  inDatabase((db) =>
    db
      .prepare(
        `UPDATE orders SET status = 'dispatched', paid_at = ?, dispatched_at = ?, delivered_at = ?, tracking_number = '6009991234567',
         withdrawn_at = ?, withdrawal_decision = 'expired' WHERE number = ?`,
      )
      .run(hoursAgo(5), hoursAgo(4), hoursAgo(3), hoursAgo(1), expired.number),
  );
  const pl = strings("pl", "payment");
  await page.goto(expired.paymentPath);
  await expect(page.getByTestId("order-status")).toHaveText(pl.status.delivered);
  await expect(page.locator("main")).toContainText(pl.leadWithdrawalExpired);
  await expect(page.getByTestId("next-withdrawn-expired")).toHaveText(pl.next.withdrawnExpired);
  await expect(page.getByTestId("deadline-withdrawal-received")).toBeVisible();
  await expect(page.getByTestId("refund-status")).toHaveCount(0);
  await expect(page.getByTestId("deadline-refund")).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText(/Zwrócimy|Do zwrotu|Nie poniesiesz/);
  await expect(page.getByTestId("withdrawal-link")).toHaveCount(0);
  await expect(page.getByTestId("withdrawal-prompt")).toHaveCount(0);

  // Paid after an early start, withdrawn; the operator kept an amount for the declaration already signed (art. 35).
  const kept = await placeOrder(request, { name: `Amount Kept ${testInfo.project.name}`, locale: "en", earlyStart: true });
  inDatabase((db) =>
    db
      .prepare(
        `UPDATE orders SET status = 'paid', paid_at = ?, withdrawn_at = ?, withdrawal_decision = 'partial', withdrawal_retained_grosze = 12050,
         withdrawal_decision_reason_code = 'declaration_signed' WHERE number = ?`,
      )
      .run(hoursAgo(3), hoursAgo(1), kept.number),
  );
  const en = strings("en", "payment");
  await page.goto(kept.paymentPath);
  await expect(page.getByTestId("order-status")).toHaveText(en.status.withdrawn);
  await expect(page.getByTestId("refund-status")).toContainText(/178\.50/);
  const retained = page.getByTestId("retained-status");
  await expect(page.locator("main")).toContainText(en.retained.label);
  await expect(retained).toContainText(/120\.50/);
  await expect(retained).toContainText(en.retained.reasons.declaration_signed);
  const step = page.getByTestId("next-withdrawn-refund-partial");
  await expect(step).toContainText(/178\.50.*120\.50/);
  await expect(step).toContainText(en.retained.reasons.declaration_signed);
  await expect(page.locator("main")).not.toContainText("we will state the amount by e-mail");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("art. 11a: while the period runs, the withdrawal function with its last day is on the phone's first screen (390 px)", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { number, paymentPath } = await placeOrder(request, { name: `Prominent Withdrawal ${testInfo.project.name}`, locale: "uk" });
  bringTo(number, "paid");
  await page.goto(paymentPath);
  const prompt = page.getByTestId("withdrawal-prompt");
  await expect(prompt).toContainText(strings("uk", "common").footer.withdrawal);
  // The period's last day with its year: 14 days after the order.
  await expect(prompt).toContainText(/\(до \d{1,2} \S+ \d{4}/);
  const box = await prompt.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(844);
  await prompt.click();
  await expect(page.locator("h1")).toHaveText(strings("uk", "withdrawal").heading);
  await expect(page.getByTestId("withdrawal-prefilled")).toBeVisible();
  await expect(page.getByLabel(strings("uk", "withdrawal").form.reference)).toHaveValue(number);
});
