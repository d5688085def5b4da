import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { placeOrder } from "./support/admin";
import { strings, type Locale } from "./support/site";

/**
 * The browser tab of the customer's order page follows the order (issue 45, item 18): "Płatność za
 * zamówienie AE-…" only while payment is due, then "Zamówienie AE-…: opłacone", "…: wysłane" and so on,
 * in the order's language. One order per stage, each in another language, at a phone's width, with and
 * without JavaScript; with it, the title is also right after a client-side navigation back to the page.
 * Titles per stage in all four languages are unit tests (app/customer-page/order-page.test.ts).
 */
type Stage = "awaiting_payment" | "paid" | "dispatched" | "delivered" | "cancelled" | "withdrawn";
const STAGES: Array<{ stage: Stage; locale: Locale }> = [
  { stage: "awaiting_payment", locale: "ru" },
  { stage: "paid", locale: "uk" },
  { stage: "dispatched", locale: "en" },
  { stage: "delivered", locale: "pl" },
  { stage: "cancelled", locale: "en" },
  { stage: "withdrawn", locale: "pl" },
];

test.use({ viewport: { width: 390, height: 844 } });

function bringTo(number: string, stage: Stage): void {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true, timeout: 5_000 });
  try {
    const now = new Date().toISOString();
    if (stage === "awaiting_payment") return;
    db.prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE number = ?").run(now, number);
    if (stage === "dispatched" || stage === "delivered")
      db.prepare("UPDATE orders SET status = 'dispatched', dispatched_at = ? WHERE number = ?").run(now, number);
    if (stage === "delivered") db.prepare("UPDATE orders SET delivered_at = ? WHERE number = ?").run(now, number);
    if (stage === "cancelled") db.prepare("UPDATE orders SET status = 'cancelled', cancelled_at = ? WHERE number = ?").run(now, number);
    if (stage === "withdrawn") db.prepare("UPDATE orders SET withdrawn_at = ? WHERE number = ?").run(now, number);
  } finally {
    db.close();
  }
}

test("the order page's tab names the order and its stage, and asks for payment only while it is due", async ({
  page,
  request,
}, testInfo) => {
  for (const { stage, locale } of STAGES) {
    const { number, paymentPath } = await placeOrder(request, { name: `Tab Title ${stage} ${testInfo.project.name}`, locale });
    bringTo(number, stage);
    const text = strings(locale, "payment");
    const title = text.meta.stage[stage].replace("{{number}}", number);
    await page.goto(paymentPath);
    await expect(page.getByTestId("order-status")).toHaveText(text.status[stage]);
    await expect(page).toHaveTitle(title);
    if (stage !== "awaiting_payment") expect(await page.title()).not.toContain(text.heading);
    // The review form and back: with JavaScript both are client-side navigations, and the title follows the data.
    if (stage === "dispatched") {
      await page.getByTestId("review-link").click();
      await expect(page.locator("h1")).toHaveText(strings(locale, "review").heading);
      await expect(page).toHaveTitle(strings(locale, "review").meta.title);
      await page.getByRole("link", { name: strings(locale, "review").backToOrder }).click();
      await expect(page.getByTestId("order-status")).toHaveText(text.status.dispatched);
      await expect(page).toHaveTitle(title);
      expect(await page.evaluate(() => document.querySelectorAll("title").length)).toBe(1);
    }
  }
  // The link itself is the order's, not a payment's: a wrong one says so.
  await page.goto("/platnosc/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.locator("main")).toContainText(strings("pl", "payment").notFound.text);
  await expect(page).toHaveTitle(strings("pl", "payment").notFound.title);
});
