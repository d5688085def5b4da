import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail } from "./support/admin";
import { waitForMail } from "./support/mail";
import { randomLetters } from "./support/order";

/**
 * Issue 48's conversation, end to end: a Ukrainian-speaking customer asks on the order's page (typed
 * key by key), the operator finds the question first in "Wiadomości", answers with the template
 * "Kiedy wyślemy oświadczenie" filled in Ukrainian, is refused a placeholder nothing could fill
 * with the text kept, previews the answer and sends it; the customer's e-mail (from the suite's
 * SMTP server) and page show it. A message with markup and an address shows as text in the back
 * office. A contact page's question in Polish is answered on its thread's page, by e-mail. The
 * templates are kept on their own page. The back office runs no script; the customer's pages are
 * driven with and without it.
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

test("a question in Ukrainian is first in Wiadomości, answered with a template in Ukrainian, and reaches the customer's e-mail and page; a contact page's question in Polish is answered on its own page", async ({
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
  await answer.press("Control+End");
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

  // The customer's page and e-mail show the answer as text.
  const firstLine = filled.split("\n")[2]!;
  await page.goto(order.paymentPath);
  await expect(page.getByText(firstLine)).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The plain text may be wrapped at 78 characters: compare the words.
  const words = (text: string) => text.replace(/\s+/g, " ");
  await waitForMail((received) => received.to.includes(email) && words(received.text).includes(words(firstLine)));

  // A question from the contact page, in Polish, has its own page; the answer goes to the address it gave.
  const contactEmail = `jan.${testInfo.project.name}.${Date.now()}@example.com`;
  const contactQuestion = "Czy wysyłacie oświadczenie za granicę?";
  await page.goto("/kontakt");
  await page.getByLabel("Imię i nazwisko").pressSequentially("Jan Nowak");
  await page.getByLabel("E-mail").pressSequentially(contactEmail);
  await page.getByLabel("Wiadomość").pressSequentially(contactQuestion);
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  await expect(page.getByRole("heading", { name: "Dziękujemy, wiadomość dotarła" })).toBeVisible();
  await page.goto("/admin/messages");
  const contactRow = page.getByTestId("inbox-row").filter({ hasText: contactEmail });
  await expect(contactRow).toContainText("język: polski");
  await contactRow.getByRole("link", { name: "Jan Nowak" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rozmowa: Jan Nowak");
  await expect(page.getByTestId("thread-text")).toHaveText(contactQuestion);
  const contactAnswer = "Dzień dobry, wysyłamy tylko na adresy w Polsce.";
  await page.getByLabel("Treść odpowiedzi (po polsku)").pressSequentially(contactAnswer);
  await page.getByRole("button", { name: "Wyślij odpowiedź" }).click();
  await expect(page.getByTestId("answer-sent")).toHaveText("Odpowiedź zapisana; e-mail do klienta czeka w kolejce wysyłki.");
  await expect(page.getByTestId("thread-text").last()).toHaveText(contactAnswer);
  await waitForMail((received) => received.to.includes(contactEmail) && words(received.text).includes(contactAnswer));

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

test("a reply template is added in four languages after a refusal that keeps what was typed, changed, offered in the answer form, and deleted", async ({
  page,
  request,
}, testInfo) => {
  const operator = uniqueOperatorEmail(`templates-${testInfo.project.name}`);
  createOperator(operator);
  await signIn(page, operator);
  const title = `Faktura ${testInfo.project.name} ${randomLetters()}`;
  await page.goto("/admin/reply-templates");
  await page.getByLabel("Tytuł (widoczny tylko w panelu)").pressSequentially(title);
  await page.getByLabel("Treść: polski").pressSequentially("Fakturę do zamówienia {{numer}} wyślemy e-mailem.");
  await page.getByLabel("Treść: ukraiński").fill("Рахунок-фактуру до замовлення {{numer}} ми надішлемо електронною поштою.");
  await page.getByLabel("Treść: rosyjski").fill("Счёт-фактуру к заказу {{numer}} мы пришлём по электронной почте.");
  await page.getByRole("button", { name: "Zapisz szablon" }).click();
  // English is missing: refused at its field, everything else kept.
  await expect(page.getByTestId("template-refused")).toHaveText("Nie zapisano szablonu.");
  await expect(page.getByLabel("Treść: angielski")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Wpisz treść w tym języku: odpowiedź idzie w języku klienta.")).toBeVisible();
  await expect(page.getByLabel("Tytuł (widoczny tylko w panelu)")).toHaveValue(title);
  await expect(page.getByLabel("Treść: polski")).toHaveValue("Fakturę do zamówienia {{numer}} wyślemy e-mailem.");
  await page.getByLabel("Treść: angielski").pressSequentially("We will e-mail the invoice for order {{numer}}.");
  await page.getByRole("button", { name: "Zapisz szablon" }).click();
  await expect(page.getByTestId("template-notice")).toHaveText(`Zapisano szablon „${title}”.`);

  const saved = page.getByTestId("template").filter({ has: page.getByRole("heading", { name: title }) });
  await saved.getByRole("link", { name: `Zmień szablon „${title}”` }).click();
  await expect(page.getByLabel("Treść: angielski")).toHaveValue("We will e-mail the invoice for order {{numer}}.");
  await page.getByLabel("Treść: angielski").fill("We will send the invoice for order {{numer}} by e-mail.");
  await page.getByRole("button", { name: "Zapisz szablon" }).click();
  await expect(page.getByTestId("template-notice")).toHaveText(`Zapisano szablon „${title}”.`);
  await expect(saved).toContainText("We will send the invoice for order {{numer}} by e-mail.");

  // An order's answer form offers it, filled in the order's language.
  const order = await placeOrder(request, { name: `Iwan Petrenko${randomLetters()}`, locale: "ru" });
  await openOrder(page, order.number);
  await page.getByLabel("Szablon odpowiedzi").selectOption(title);
  await page.getByRole("button", { name: "Użyj szablonu" }).click();
  await expect(page.getByLabel("Treść odpowiedzi (po rosyjsku)")).toHaveValue(
    `Счёт-фактуру к заказу ${order.number} мы пришлём по электронной почте.`,
  );
  await page.goto("/admin/reply-templates");

  // Deleting asks for the tick first.
  await saved.getByRole("button", { name: "Usuń szablon" }).click();
  await expect(page.getByTestId("template").filter({ hasText: title }).getByText("Zaznacz, że chcesz usunąć ten szablon.")).toBeVisible();
  await page.getByTestId("template").filter({ hasText: title }).getByLabel("Tak, usuń ten szablon").check();
  await page.getByTestId("template").filter({ hasText: title }).getByRole("button", { name: "Usuń szablon" }).click();
  await expect(page.getByTestId("template-notice")).toHaveText(`Usunięto szablon „${title}”.`);
  await expect(page.getByTestId("template").filter({ hasText: title })).toHaveCount(0);

  // axe runs as a script; the pages load none of their own, so one project is enough.
  if (testInfo.project.name !== "js") return;
  for (const path of ["/admin/reply-templates", "/admin/messages"]) {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(
      violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id),
      path,
    ).toEqual([]);
  }
});
