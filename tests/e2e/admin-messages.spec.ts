import { expect, test, type Page } from "@playwright/test";
import { createOperator, placeOrder, signIn, uniqueOperatorEmail } from "./support/admin";
import { waitForMail } from "./support/mail";
import { randomLetters } from "./support/order";

/**
 * Issue 48's conversation, end to end: a Ukrainian-speaking customer asks on the order's page (typed
 * key by key), the operator finds the question first in "Wiadomości", answers with the template
 * "Kiedy wyślemy oświadczenie" filled in Ukrainian, is refused a placeholder nothing could fill
 * with the text kept, previews the answer and sends it; the customer's e-mail (from the suite's
 * SMTP server) and page show it. A message with markup and an address shows as text in the back
 * office. The back office runs no script; the customer's page is driven with and without it.
 */
test.use({ viewport: { width: 390, height: 844 } });

const TEMPLATE = "Kiedy wyślemy oświadczenie";

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

async function askOnOrderPage(page: Page, paymentPath: string, text: string) {
  await page.goto(paymentPath);
  await page.getByLabel("Ваше повідомлення").pressSequentially(text);
  await page.getByRole("button", { name: "Надіслати повідомлення" }).click();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

test("a question in Ukrainian is first in Wiadomości, answered with a template in Ukrainian, and reaches the customer's e-mail and page", async ({
  page,
  request,
}, testInfo) => {
  const operator = uniqueOperatorEmail(`messages-${testInfo.project.name}`);
  createOperator(operator);
  const email = `olena.${testInfo.project.name}.${Date.now()}@example.com`;
  const order = await placeOrder(request, { name: `Olena Kovalenko${randomLetters()}`, email, locale: "uk" });

  // The customer asks twice: a question, then a line with markup and an address, which stays text.
  const question = "Коли ви відправите заяву? Договір підписуємо в п’ятницю.";
  const markup = "<b>markup</b> <script>alert(1)</script> https://example.com/zlo";
  await askOnOrderPage(page, order.paymentPath, question);
  await askOnOrderPage(page, order.paymentPath, markup);

  await signIn(page, operator);
  await page.getByRole("navigation", { name: "Sekcje panelu" }).getByRole("link", { name: "Wiadomości" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wiadomości");
  // Unanswered threads come first, the longest waiting first; this one is the newest question, so it is
  // the last of the unanswered (other specs' questions may wait above it).
  const rows = page.getByTestId("inbox-row");
  const row = rows.filter({ hasText: order.number });
  await expect(row.getByTestId("inbox-unanswered")).toHaveText("Bez odpowiedzi");
  await expect(row).toContainText("język: ukraiński");
  await expect(row.getByTestId("inbox-age")).toHaveText(/^(przed chwilą|\d+ min temu)$/);
  const unanswered = await rows.evaluateAll((items) => items.filter((item) => item.querySelector("[data-testid=inbox-unanswered]")).length);
  const position = await rows.evaluateAll((items, number) => items.findIndex((item) => item.textContent?.includes(number)), order.number);
  expect(position).toBeLessThan(unanswered);
  await expectNoSidewaysScroll(page);

  await row.getByRole("link", { name: order.number }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Zamówienie ${order.number}`);
  const thread = page.getByTestId("thread");
  await expect(thread.getByTestId("thread-text")).toHaveText([question, markup]);
  // Markup and the address are characters on the page: no element, no link, no script.
  await expect(thread.locator("b, script, a")).toHaveCount(0);

  // The template fills the answer in the thread's language, with the order's number and day.
  await page.getByLabel("Szablon odpowiedzi").selectOption(TEMPLATE);
  await page.getByRole("button", { name: "Użyj szablonu" }).click();
  const answer = page.getByLabel("Treść odpowiedzi (po ukraińsku)");
  await expect(answer).toHaveValue(
    new RegExp(`^Добрий день!\\n\\nЗаяву власника житла до замовлення ${order.number} ми відправимо не пізніше \\d+ \\S+ \\(\\S+\\)\\.`),
  );
  const filled = await answer.inputValue();
  expect(filled).not.toContain("{{");

  // A placeholder nothing fills is refused, with everything typed kept.
  await answer.press("End");
  await answer.pressSequentially(" Сума: {{сума}}");
  await page.getByRole("button", { name: "Podgląd" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Zastąp w tekście: {{сума}}");
  await expect(page.getByLabel("Treść odpowiedzi (po ukraińsku)")).toHaveValue(`${filled} Сума: {{сума}}`);

  // Without it, the preview shows the text as the customer gets it; then it is sent.
  await page.getByLabel("Treść odpowiedzi (po ukraińsku)").fill(filled);
  await page.getByRole("button", { name: "Podgląd" }).click();
  await expect(page.getByTestId("answer-preview")).toHaveText(filled);
  await page.getByRole("button", { name: "Wyślij odpowiedź" }).click();
  await expect(page.getByTestId("transition-done")).toHaveText("Odpowiedź zapisana; e-mail do klienta czeka w kolejce wysyłki.");
  await expect(page.getByTestId("thread").getByTestId("thread-message").last()).toHaveAttribute("data-author", "operator");
  await expect(page.getByTestId("thread").getByTestId("thread-text").last()).toHaveText(filled);

  // The customer's e-mail carries the answer as text, and so does the order's page.
  const firstLine = filled.split("\n")[2]!;
  // The plain text may be wrapped at 78 characters: compare the words.
  const words = (text: string) => text.replace(/\s+/g, " ");
  await waitForMail((received) => received.to.includes(email) && words(received.text).includes(words(firstLine)));
  await page.goto(order.paymentPath);
  await expect(page.getByText(firstLine)).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Answered, the thread leaves the top of the list.
  await page.goto("/admin/messages");
  await expect(page.getByTestId("inbox-row").filter({ hasText: order.number })).toContainText("Z odpowiedzią");

  // On a wide screen, the list and the order's page with its thread beside the history fit without sideways scrolling.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSidewaysScroll(page);
  await page.getByTestId("inbox-row").filter({ hasText: order.number }).getByRole("link", { name: order.number }).click();
  await expect(page.getByTestId("thread")).toBeVisible();
  await expectNoSidewaysScroll(page);
});
