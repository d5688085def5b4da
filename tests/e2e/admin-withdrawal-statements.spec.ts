import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail } from "./support/admin";
import { waitForMail } from "./support/mail";
import { strings } from "./support/site";

/**
 * A withdrawal statement that came by e-mail or by post (docs/decisions/063), recorded by the operator on a
 * phone: refused with every problem at once and the values kept, then recorded; in time it marks the order
 * and the customer gets the acknowledgement with its text; a letter posted after the period is kept as late,
 * the order stays as it was, and the customer's page says so in one neutral line. Plain forms, so both
 * projects take the same path in the back office; the customer's page is read with and without JavaScript.
 */
test.use({ viewport: { width: 390, height: 844 } });

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw", year: "numeric", month: "2-digit", day: "2-digit" }).format(
  new Date(),
);

/** The order was placed long ago: its withdrawal period is over. */
function placedLongAgo(number: string): void {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true, timeout: 5_000 });
  try {
    db.prepare("UPDATE orders SET created_at = '2026-10-01T10:00:00.000Z' WHERE number = ?").run(number);
  } finally {
    db.close();
  }
}

test("the operator records a statement that came by e-mail, and a letter posted too late", async ({ page, request }, testInfo) => {
  const operator = uniqueOperatorEmail(`record-${testInfo.project.name}`);
  createOperator(operator);
  await signIn(page, operator);
  const customer = `recorded-${testInfo.project.name}-${Date.now()}@example.com`;
  const order = await placeOrder(request, { name: `Recorded Statement ${testInfo.project.name}`, email: customer });
  await openOrder(page, order.number);

  const record = page.getByTestId("record-statement");
  await record.getByText("Zapisz oświadczenie otrzymane e-mailem lub pocztą").click();
  await record.getByRole("radio", { name: "E-mailem" }).check();
  await record.getByLabel(/Dzień wysłania/).fill(today);
  await record.getByRole("button", { name: "Zapisz oświadczenie" }).click();
  // Everything missing at once, at the top of the page, and what was chosen is kept.
  await expect(page.getByText("Wpisz godzinę otrzymania jako GG:MM, nie późniejszą niż teraz.").first()).toBeVisible();
  await expect(page.getByText("Wpisz adres e-mail, z którego przyszło oświadczenie.").first()).toBeVisible();
  await expect(page.getByText("Wpisz treść oświadczenia albo opis skanu (do 4000 znaków).").first()).toBeVisible();
  await expect(page.getByRole("radio", { name: "E-mailem" })).toBeChecked();
  await expect(page.getByLabel(/Dzień wysłania/)).toHaveValue(today);

  await page.getByLabel("Godzina otrzymania").fill("00:01");
  await page.getByLabel(/Adres e-mail nadawcy/).pressSequentially(customer);
  await page.getByLabel(/Treść oświadczenia albo opis skanu/).pressSequentially("Odstępuję od umowy. Proszę o zwrot.");
  await page.getByRole("button", { name: "Zapisz oświadczenie" }).click();
  await expect(page.getByTestId("transition-done")).toContainText("Zapisano oświadczenie o odstąpieniu");
  const section = page.getByTestId("order-withdrawal");
  await expect(section).toContainText("Klient odstąpił od umowy");
  await expect(section.getByTestId("statement-channel")).toContainText("Otrzymane e-mailem");
  await expect(page.getByTestId("withdrawal-decision-form")).toBeVisible();

  const mail = strings("pl", "mail");
  const [acknowledgement] = await waitForMail(
    (message) =>
      message.to.includes(customer) && message.subject === mail.subject.withdrawal_acknowledgement.replace("{{number}}", order.number),
  );
  expect(acknowledgement!.text).toContain("Odstępuję od umowy. Proszę o zwrot.");

  const lateCustomer = `late-${testInfo.project.name}-${Date.now()}@example.com`;
  const old = await placeOrder(request, { name: `Late Letter ${testInfo.project.name}`, email: lateCustomer, locale: "uk" });
  placedLongAgo(old.number);
  await openOrder(page, old.number);
  await page.getByText("Zapisz oświadczenie otrzymane e-mailem lub pocztą").click();
  await page.getByRole("radio", { name: "Pocztą (list)" }).check();
  await page.getByLabel(/Dzień wysłania/).fill(today);
  await page.getByLabel("Godzina otrzymania").fill("00:01");
  await page.getByLabel(/Treść oświadczenia albo opis skanu/).pressSequentially("Formularz odstąpienia, podpisany; skan w dokumentacji");
  await page.getByRole("button", { name: "Zapisz oświadczenie" }).click();
  await expect(page.getByTestId("transition-done")).toContainText("Zapisano oświadczenie złożone po terminie");
  await expect(page.getByTestId("statement-late")).toContainText("Złożone po terminie");
  await expect(page.getByTestId("withdrawal-decision-form")).toHaveCount(0);

  const uk = strings("uk", "mail");
  const [answer] = await waitForMail(
    (message) => message.to.includes(lateCustomer) && message.subject === uk.subject.withdrawal_late.replace("{{number}}", old.number),
  );
  expect(answer!.text).toContain("Formularz odstąpienia, podpisany; skan w dokumentacji");

  // The customer's own page: one neutral line, and the order as it was.
  await page.goto(old.paymentPath);
  const line = page.getByTestId("late-statement");
  await expect(line).toContainText("після закінчення строку на відмову");
  await expect(line).toContainText("Договір залишається чинним");
});
