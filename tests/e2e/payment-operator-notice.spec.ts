import { expect, test } from "@playwright/test";
import { placeOrder } from "./support/admin";
import { waitForMail } from "./support/mail";
import { controlStandIn, notifyNow, standInTransactions } from "./support/p24";
import { strings } from "./support/site";

/**
 * Money that arrives online reaches the operator's inbox at once (issue 44 item 19): the promise
 * to the customer counts from the payment, so the operator learns of each one with the day it
 * set. The customer pays by BLIK on a phone, with JavaScript on and off.
 */
const payment = strings("pl", "payment");
test.use({ viewport: { width: 390, height: 844 } });

test("a BLIK payment sends the operator a notice naming the order, the method and the dispatch date it set", async ({ page, request }) => {
  const order = await placeOrder(request, { name: "Wpłata Powiadomienie" });
  await controlStandIn(order.number, { notification: "drop" });
  await page.goto(order.paymentPath);
  await page.getByLabel(payment.online.blik.label).pressSequentially("777123");
  await page.getByRole("button", { name: payment.online.blik.submit }).click();
  await expect(page.getByTestId("payment-waiting")).toBeVisible();
  const [transaction] = await standInTransactions(order.number);
  await notifyNow(transaction!.sessionId);
  await expect(page.getByTestId("order-status")).toHaveText(payment.status.paid, { timeout: 20_000 });

  const [notice] = await waitForMail(
    (mail) => mail.to.includes("operator@adres.test") && mail.subject.startsWith(`Wpłata online za zamówienie ${order.number}:`),
  );
  const text = notice!.text.replace(/\s+/g, " ");
  expect(text).toContain("Klient zapłacił online. Od tej wpłaty liczą się terminy realizacji zamówienia.");
  expect(text).toContain("Sposób płatności: BLIK");
  expect(text).toMatch(/Wysyłka najpóźniej: \d{1,2} \S+ \(\S+\)/);
  // The customer's own "paid" e-mail promises the same day.
  const dispatchBy = /Wysyłka najpóźniej: (\d{1,2} \S+ \(\S+\))/.exec(text)![1]!;
  const [paid] = await waitForMail((mail) => mail.subject === `Zamówienie ${order.number} jest opłacone`);
  expect(paid!.text.replace(/\s+/g, " ")).toContain(dispatchBy);
});
