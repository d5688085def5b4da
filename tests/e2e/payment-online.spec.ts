import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";
import { receivedMail } from "./support/mail";
import { startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";
import { freePort } from "../support/free-port";
import { ageAttempts, controlStandIn, E2E_P24, notifyNow, paymentsOf, standInTransactions } from "./support/p24";
import { strings } from "./support/site";

/**
 * Online payment through the Przelewy24 stand-in (tests/support/p24-stand-in.mjs), at phone
 * width, with JavaScript on and off: the page ends at "Opłacone" by itself, by meta refresh
 * without JavaScript and by a quiet poll with it.
 */
const payment = strings("pl", "payment");
const PAID_SUBJECT = (number: string) => `Zamówienie ${number} jest opłacone`;
const paidMails = (number: string) => receivedMail().filter((mail) => mail.subject.includes(PAID_SUBJECT(number)));

test.use({ viewport: { width: 390, height: 844 } });

async function payByBlik(page: Page, code: string) {
  await page.getByLabel(payment.online.blik.label).pressSequentially(code);
  await page.getByRole("button", { name: payment.online.blik.submit }).click();
}

async function expectPaid(page: Page) {
  // The waiting page looks again every few seconds by itself.
  await expect(page.getByTestId("order-status")).toHaveText(payment.status.paid, { timeout: 20_000 });
  await expect(page.getByTestId("online-payment")).toHaveCount(0);
  await expect(page.getByTestId("bank-account")).toHaveCount(0);
}

async function blikOrder(
  page: Page,
  request: Parameters<typeof placeOrder>[0],
  tag: string,
  rule: Parameters<typeof controlStandIn>[1] = {},
) {
  const order = await placeOrder(request, { name: `Online ${tag}` });
  await controlStandIn(order.number, rule);
  await page.goto(order.paymentPath);
  return order;
}

/** An order paid by BLIK through the payment page's form, posted as a browser without JavaScript posts it. */
async function paidOrder(request: APIRequestContext, baseURL: string, name: string, rule: Parameters<typeof controlStandIn>[1] = {}) {
  const order = await placeOrder(request, { name });
  await controlStandIn(order.number, rule);
  await request.post(order.paymentPath, { form: { intent: "blik", blikCode: "777123" }, headers: { Origin: baseURL }, maxRedirects: 0 });
  await expect.poll(() => paymentsOf(order.number).map((row) => row.state), { timeout: 15_000 }).toEqual(["paid"]);
  return order;
}

let operator: string | undefined;
/** Signs in as this worker's operator, made once (the CLI takes seconds), from the test's own address. */
async function signInAsOperator(page: Page) {
  if (!operator) {
    operator = uniqueOperatorEmail("p24");
    createOperator(operator);
  }
  await useOwnClientAddress(page);
  await signIn(page, operator);
}

test.describe("online payment", () => {
  test("BLIK: the code typed on our page, then 'confirm in the bank's app', then 'Opłacone' by itself; paid in /admin, one e-mail", async ({
    page,
    request,
  }) => {
    const order = await blikOrder(page, request, "blik", { notification: "drop" });
    await expect(page.getByRole("heading", { name: payment.online.heading })).toBeVisible();
    await payByBlik(page, "777123");
    await expect(page.getByTestId("payment-waiting")).toContainText(payment.online.waitingBlik);
    // On a phone, what to do now is on screen where the page lands, with or without JavaScript.
    await expect(page.getByTestId("payment-waiting")).toBeInViewport({ ratio: 1 });
    // No second BLIK form while the bank's app waits: two clicks can never charge twice.
    await expect(page.getByRole("button", { name: payment.online.blik.submit })).toHaveCount(0);
    const [transaction] = await standInTransactions(order.number);
    await notifyNow(transaction!.sessionId);
    await expectPaid(page);
    await expect.poll(() => paidMails(order.number).length, { timeout: 15_000 }).toBe(1);

    await signInAsOperator(page);
    await openOrder(page, order.number);
    await expect(page.getByTestId("admin-order-status")).toHaveText("Opłacone");
    await expect(page.getByTestId("admin-payments")).toContainText("BLIK");
    await expect(page.getByTestId("status-history")).toContainText("automatycznie");
    // Paid online: no hand-made "paid" on top of it.
    await expect(page.getByTestId("form-mark_paid")).toHaveCount(0);
    expect(paidMails(order.number)).toHaveLength(1);
  });

  test("a wrong BLIK code: a clear message, the code kept, no error page; then a right one pays", async ({ page, request }) => {
    const order = await blikOrder(page, request, "wrong-code");
    await payByBlik(page, "12a");
    await expect(page.getByText(payment.online.blik.invalid)).toBeVisible();
    await expect(page.getByLabel(payment.online.blik.label)).toHaveValue("12a");
    await page.getByLabel(payment.online.blik.label).fill("");
    await payByBlik(page, "123456");
    await expect(page.getByText(payment.online.blik.refused)).toBeVisible();
    await expect(page.getByLabel(payment.online.blik.label)).toHaveValue("123456");
    await expect(page.getByTestId("order-status")).toHaveText(payment.status.awaiting_payment);
    await page.getByLabel(payment.online.blik.label).fill("");
    await payByBlik(page, "777123");
    await expectPaid(page);
    expect(paymentsOf(order.number).map((row) => row.state)).toEqual(["failed", "paid"]);
  });

  test("a refused BLIK code is answered at the BLIK field: on a phone the message and the field are on screen, the code kept", async ({
    page,
    request,
  }) => {
    await blikOrder(page, request, "refused-in-view");
    await payByBlik(page, "123456");
    const field = page.getByLabel(payment.online.blik.label);
    await expect(page.getByText(payment.online.blik.refused)).toBeInViewport({ ratio: 1 });
    await expect(field).toBeInViewport({ ratio: 1 });
    await expect(field).toHaveValue("123456");
    await expect(page.getByRole("button", { name: payment.online.blik.submit })).toBeInViewport();
  });

  test("after two minutes without a confirmation the page stops looking by itself and offers 'Sprawdź ponownie'", async ({
    page,
    request,
  }) => {
    // The bank's app never confirms: the gateway has the charge but no payment.
    const order = await blikOrder(page, request, "unconfirmed", { decline: true });
    await payByBlik(page, "777123");
    await expect(page.getByTestId("payment-waiting")).toContainText(payment.online.waitingBlik);
    await expect(page.locator('noscript, meta[http-equiv="refresh"]')).not.toHaveCount(0);
    ageAttempts(order.number, 3);
    await page.reload();
    await expect(page.getByTestId("payment-waiting")).toContainText(payment.online.stillWaiting);
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await expect(page.locator("head noscript")).toHaveCount(0);
    await page.getByRole("link", { name: payment.online.checkAgain }).click();
    await expect(page.getByTestId("payment-waiting")).toContainText(payment.online.stillWaiting);
    await expect(page.getByTestId("order-status")).toHaveText(payment.status.awaiting_payment);
    // A new code may be tried; the unconfirmed attempt is asked about and closed first.
    await expect(page.getByRole("button", { name: payment.online.blik.submit })).toBeVisible();
  });

  test("pay-by-link: to Przelewy24's page and back, paid", async ({ page, request }) => {
    const order = await placeOrder(request, { name: "Online link" });
    await page.goto(order.paymentPath);
    await page.getByRole("button", { name: payment.online.redirect.submit }).click();
    await expect(page.getByRole("heading", { name: "Przelewy24 (stand-in)" })).toBeVisible();
    await page.getByRole("button", { name: "Zapłać" }).click();
    await expect(page).toHaveURL(new RegExp(`${order.paymentPath}\\?from=przelewy24$`));
    await expectPaid(page);
    await expect.poll(() => paidMails(order.number).length, { timeout: 15_000 }).toBe(1);
  });

  test("pay-by-link cancelled on Przelewy24's page, then paid by BLIK", async ({ page, request }) => {
    const order = await placeOrder(request, { name: "Online cancelled" });
    await page.goto(order.paymentPath);
    await page.getByRole("button", { name: payment.online.redirect.submit }).click();
    await page.getByRole("button", { name: "Anuluj" }).click();
    await expect(page).toHaveURL(new RegExp(`${order.paymentPath}\\?from=przelewy24$`));
    // Back without paying: said at once, with the other ways to pay, and no page reloading itself meanwhile.
    await expect(page.getByTestId("payment-not-completed")).toHaveText(payment.online.notCompleted);
    await expect(page.getByTestId("payment-waiting")).toHaveCount(0);
    await expect(page.locator('head noscript, meta[http-equiv="refresh"]')).toHaveCount(0);
    await expect(page.getByTestId("bank-account")).toBeVisible();
    await expect(page.getByRole("button", { name: payment.online.redirect.submit })).toBeVisible();
    await payByBlik(page, "777123");
    await expectPaid(page);
    expect(paymentsOf(order.number).map((row) => [row.method, row.state])).toEqual([
      ["redirect", "failed"],
      ["blik", "paid"],
    ]);
  });

  test("a notification sent twice: one payment, one e-mail, both answered 200", async ({ page, request }) => {
    const order = await blikOrder(page, request, "twice", { notification: "twice" });
    await payByBlik(page, "777123");
    await expectPaid(page);
    await expect.poll(async () => (await standInTransactions(order.number))[0]?.notifications.map((n) => n.status)).toEqual([200, 200]);
    expect(paymentsOf(order.number).map((row) => row.state)).toEqual(["paid"]);
    await expect.poll(() => paidMails(order.number).length, { timeout: 15_000 }).toBe(1);
  });

  test("a forged or altered notification changes nothing and is answered 400", async ({ page, request }) => {
    const order = await blikOrder(page, request, "forged", { notification: "bad-sign" });
    await payByBlik(page, "777123");
    await expect.poll(async () => (await standInTransactions(order.number))[0]?.notifications.map((n) => n.status)).toEqual([400]);
    const [transaction] = await standInTransactions(order.number);
    await fetch(`${process.env.E2E_P24_STAND_IN_URL}/__notify`, {
      method: "POST",
      body: JSON.stringify({ sessionId: transaction!.sessionId, notification: "wrong-amount" }),
    });
    await expect.poll(async () => (await standInTransactions(order.number))[0]?.notifications.map((n) => n.status)).toEqual([400, 400]);
    // Someone else's forgery, sent from another site with a sign made without our CRC key.
    const fields = {
      merchantId: E2E_P24.merchantId,
      posId: E2E_P24.posId,
      sessionId: transaction!.sessionId,
      amount: 29900,
      originAmount: 29900,
      currency: "PLN",
      orderId: transaction!.orderId,
      methodId: 154,
      statement: "x",
    };
    const sign = createHash("sha384")
      .update(JSON.stringify({ ...fields, crc: "guessed" }))
      .digest("hex");
    const forged = await request.post("/payments/przelewy24/notification", {
      data: { ...fields, sign },
      headers: { Origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(400);
    const unknown = await request.post("/payments/przelewy24/notification", {
      data: { ...fields, sessionId: "AE-0000-000000-nobody", sign },
    });
    expect(unknown.status()).toBe(400);
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText(payment.status.awaiting_payment);
    expect(paymentsOf(order.number).map((row) => row.state)).toEqual(["pending"]);
    expect(paidMails(order.number)).toHaveLength(0);
  });

  test("a notification lost in transit is recovered when the customer comes back", async ({ page, request }) => {
    const order = await placeOrder(request, { name: "Online lost" });
    await controlStandIn(order.number, { notification: "drop" });
    await page.goto(order.paymentPath);
    await page.getByRole("button", { name: payment.online.redirect.submit }).click();
    await expect(page.getByRole("heading", { name: "Przelewy24 (stand-in)" })).toBeVisible();
    // The customer pays on Przelewy24's page and closes it, never coming back through it.
    await fetch(`${new URL(page.url()).href}/pay`, { method: "POST", redirect: "manual" });
    await page.goto(order.paymentPath);
    await expect(page.getByTestId("payment-waiting")).toContainText(payment.online.waitingRedirect);
    expect((await standInTransactions(order.number))[0]?.notifications).toEqual([]);
    // Over a minute later the page asks Przelewy24 itself.
    ageAttempts(order.number, 2);
    await page.goto(order.paymentPath);
    await expect(page.getByTestId("order-status")).toHaveText(payment.status.paid);
    await expect.poll(() => paidMails(order.number).length, { timeout: 15_000 }).toBe(1);
  });

  test("a refund from /admin: the cancel form's reasons, an internal note, a tick; the money back, the customer told what and when", async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await paidOrder(request, baseURL!, "Online refund");
    await signInAsOperator(page);
    await openOrder(page, order.number);

    const form = page.getByTestId("form-refund");
    // Own words chosen but not typed, and no tick: refused with messages, the note kept, nothing sent.
    await form.getByLabel("Powód anulowania").selectOption("own");
    await form.getByLabel(/Notatka wewnętrzna/).pressSequentially("Klientka dzwoniła, oświadczenie nie zdąży");
    await form.getByRole("button", { name: "Zwróć całą płatność" }).click();
    await expect(page.getByTestId("form-refund").getByText("Podaj powód anulowania (najwyżej 500 znaków).")).toBeVisible();
    await expect(page.getByTestId("form-refund").getByText("Zaznacz potwierdzenie: zwrotu nie można cofnąć.")).toBeVisible();
    await expect(page.getByTestId("form-refund").getByLabel(/Notatka wewnętrzna/)).toHaveValue("Klientka dzwoniła, oświadczenie nie zdąży");
    expect((await standInTransactions(order.number))[0]?.refunds).toEqual([]);
    await page.getByTestId("form-refund").getByLabel("Powód anulowania").selectOption("customer_request");
    await page.getByTestId("form-refund").getByLabel("Potwierdzam zwrot całej płatności").check();
    await page.getByTestId("form-refund").getByRole("button", { name: "Zwróć całą płatność" }).click();
    await expect(page.getByTestId("refund-done")).toBeVisible();
    await expect(page.getByTestId("admin-order-status")).toHaveText("Anulowane");
    await expect(page.getByTestId("payment-refunded")).toContainText("Na prośbę klienta");
    await expect(page.getByTestId("order-notes")).toContainText("Klientka dzwoniła, oświadczenie nie zdąży");
    await expect(page.getByTestId("form-refund")).toHaveCount(0);
    expect((await standInTransactions(order.number))[0]?.refunds.map((refund) => refund.amount)).toEqual([29900]);

    const cancelled = () => receivedMail().filter((mail) => mail.subject.includes(`Zamówienie ${order.number} zostało anulowane`));
    await expect.poll(() => cancelled().length, { timeout: 15_000 }).toBe(1);
    expect(cancelled()[0]!.text).toContain("Powód: zamówienie anulowaliśmy na Twoją prośbę.");
    expect(cancelled()[0]!.text).toContain("Zwróciliśmy Twoją płatność");
    expect(cancelled()[0]!.text).not.toContain("Klientka dzwoniła");

    // The customer's page says the money went back, how much and when.
    await page.goto(order.paymentPath);
    await expect(page.getByTestId("order-status")).toHaveText(payment.status.cancelled);
    await expect(page.getByTestId("refund-status")).toHaveText(/^Zwróciliśmy 299\szł dnia \d{1,2} \p{L}+ \d{4} na rachunek lub kartę/u);
  });

  test("cancelling a paid order from /admin refunds it in the same step; a refund Przelewy24 rejects later is flagged and offered again", async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await paidOrder(request, baseURL!, "Online cancel", { refund: "reject" });
    await signInAsOperator(page);
    await openOrder(page, order.number);
    const cancel = page.getByTestId("form-cancel");
    await expect(cancel).toContainText("Płatność online (299 zł) wróci do klienta przez Przelewy24 w tym samym kroku.");
    await cancel.getByLabel("Potwierdzam anulowanie i wysłanie powodu klientowi").check();
    await cancel.getByRole("button", { name: "Anuluj zamówienie" }).click();
    await expect(page.getByTestId("admin-order-status")).toHaveText("Anulowane");
    await expect(page.getByTestId("transition-done")).toBeVisible();
    expect((await standInTransactions(order.number))[0]?.refunds.map((refund) => refund.amount)).toEqual([29900]);

    // Przelewy24 rejects it afterwards, at the refund's own notification path: flagged here, and the refund offered again.
    await expect.poll(async () => (await standInTransactions(order.number))[0]?.refunds[0]?.notifications).toEqual([200]);
    await page.reload();
    await expect(page.getByTestId("refund-rejected")).toContainText("Przelewy24 odrzuciło zwrot tej płatności");
    await controlStandIn(order.number, { refund: "complete" });
    const refund = page.getByTestId("form-refund");
    await expect(refund).toContainText("Zamówienie jest już anulowane.");
    await refund.getByLabel("Potwierdzam zwrot całej płatności").check();
    await refund.getByRole("button", { name: "Zwróć całą płatność" }).click();
    await expect(page.getByTestId("refund-done")).toBeVisible();
    await expect(page.getByTestId("refund-rejected")).toHaveCount(0);
  });

  test("a withdrawal statement ends the payment: a BLIK code typed on the page opened before starts nothing, and the page offers no payment", async ({
    page,
    request,
  }) => {
    const order = await placeOrder(request, { name: "Online withdrawn" });
    await page.goto(order.paymentPath);
    await expect(page.getByRole("heading", { name: payment.online.heading })).toBeVisible();
    // Meanwhile the statement comes in through the order's own link, from another tab.
    const withdrawal = strings("pl", "withdrawal");
    const tab = await page.context().newPage();
    await tab.goto(order.paymentPath);
    await tab.getByTestId("withdrawal-link").click();
    await tab.getByRole("button", { name: withdrawal.form.next }).click();
    await tab.getByRole("button", { name: withdrawal.review.confirm }).click();
    await expect(tab.getByTestId("withdrawal-received")).toBeVisible();
    await tab.close();

    await payByBlik(page, "777123");
    await expect(page.getByTestId("order-status")).toHaveText(payment.status.withdrawn);
    await expect(page.getByTestId("online-payment")).toHaveCount(0);
    await expect(page.getByTestId("payment-waiting")).toHaveCount(0);
    await expect(page.getByTestId("bank-account")).toHaveCount(0);
    expect(paymentsOf(order.number)).toEqual([]);
    expect(await standInTransactions(order.number)).toEqual([]);
  });

  test("without Przelewy24's settings the page offers the bank transfer only", async ({ page }) => {
    const port = await freePort();
    const site = startOwnSite(port, { P24_MERCHANT_ID: "", P24_API_KEY: "", P24_CRC: "" });
    try {
      await waitUntilUp(port, site);
      const response = await fetch(`http://127.0.0.1:${port}/api/accept`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          imie_nazwisko_najemcy: "Offline",
          email: "k@example.com",
          telefon: "600100200",
          adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
          adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
          rodzaj_oswiadczenia: "regular",
          okres_najmu_dni: 90,
        }),
      });
      const { payment_url: paymentPath } = (await response.json()) as { payment_url: string };
      await page.goto(`http://127.0.0.1:${port}${paymentPath}`);
      await expect(page.getByTestId("bank-account")).toBeVisible();
      await expect(page.getByText(payment.lead)).toBeVisible();
      await expect(page.getByTestId("online-payment")).toHaveCount(0);
      expect((await fetch(`http://127.0.0.1:${port}/payments/przelewy24/notification`, { method: "POST", body: "{}" })).status).toBe(404);
    } finally {
      await stopOwnSite(site);
    }
  });
});
