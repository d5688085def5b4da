import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail } from "./support/admin";
import { waitForMail } from "./support/mail";
import { strings } from "./support/site";

/**
 * The operator's settlement of a withdrawn order (art. 35 and 38), seeded in the database: one form takes
 * the amount kept for work done with its reason (refused without them, the values kept), the money back
 * and the closing, and the customer gets one e-mail giving the withdrawal as the reason, in their
 * language; a right that had expired is said so, with the standard answer. Plain forms, so both projects
 * take the same path.
 */
function markWithdrawn(number: string): void {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true, timeout: 5_000 });
  try {
    db.prepare("UPDATE orders SET withdrawn_at = '2026-11-26T10:00:00Z' WHERE number = ?").run(number);
  } finally {
    db.close();
  }
}

function seed(number: string, { dispatched }: { dispatched: boolean }): void {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true, timeout: 5_000 });
  try {
    db.prepare("UPDATE orders SET status = 'paid', paid_at = '2026-11-24T10:00:00Z' WHERE number = ?").run(number);
    if (dispatched)
      db.prepare(
        "UPDATE orders SET status = 'dispatched', dispatched_at = '2026-11-25T10:00:00Z', tracking_number = 'RR1PL' WHERE number = ?",
      ).run(number);
    db.prepare("UPDATE orders SET withdrawn_at = '2026-11-26T10:00:00Z' WHERE number = ?").run(number);
  } finally {
    db.close();
  }
}

test("one form settles a withdrawal: the amount kept with its reason, the money back, the order closed, one e-mail with the withdrawal as its reason", async ({
  page,
  request,
}, testInfo) => {
  const operator = uniqueOperatorEmail(`decision-${testInfo.project.name}`);
  createOperator(operator);
  await signIn(page, operator);
  const email = `settle-${testInfo.project.name}-${Date.now()}@example.com`;
  const early = await placeOrder(request, { name: `Decision Early ${testInfo.project.name}`, earlyStart: true, locale: "en", email });
  seed(early.number, { dispatched: false });
  await openOrder(page, early.number);
  const form = page.getByTestId("withdrawal-decision-form");
  await expect(form.getByTestId("settlement-money")).toContainText("Wpłata przelewem (299 zł)");
  await form.getByLabel(/Zwrot pomniejszony/).check();
  await form.getByLabel("Kwota za wykonaną część usługi (zł)").pressSequentially("120,50");
  await form.getByRole("button", { name: "Rozlicz odstąpienie i zamknij zamówienie" }).click();
  // Refused at once for everything missing, the values kept, and nothing changed.
  await expect(page.getByText("Wybierz, co wykonano do chwili odstąpienia, albo wpisz inny powód.").first()).toBeVisible();
  await expect(page.getByText("Zaznacz potwierdzenie: anulowania i zwrotu nie można cofnąć.").first()).toBeVisible();
  await expect(page.getByLabel("Kwota za wykonaną część usługi (zł)")).toHaveValue("120,50");
  await expect(page.getByTestId("form-cancel")).toBeVisible();

  // A standard reason (art. 35): the customer reads it in their own language.
  await page.getByLabel("Oświadczenie właściciela lokalu zostało podpisane").check();
  await page.getByLabel(/Przelew zwrotny jest już wysłany/).check();
  await page.getByLabel(/Potwierdzam: zamówienie zostanie anulowane, a klient dostanie e-mail po angielsku/).check();
  await page.getByRole("button", { name: "Rozlicz odstąpienie i zamknij zamówienie" }).click();
  await expect(page.getByTestId("transition-done")).toContainText("Rozliczono odstąpienie");
  await expect(page.getByTestId("withdrawal-decided")).toContainText("zatrzymujemy 120,50");
  await expect(page.getByTestId("withdrawal-decided")).toContainText("Oświadczenie właściciela lokalu zostało podpisane");
  // Closed: no status move is left, so nothing else to press.
  await expect(page.getByTestId("form-cancel")).toHaveCount(0);
  await expect(page.getByText("To zamówienie jest zamknięte: nie ma dalszych zmian statusu.")).toBeVisible();

  const mail = strings("en", "mail");
  const [cancelled] = await waitForMail(
    (message) => message.to.includes(email) && message.subject === mail.subject.order_cancelled.replace("{{number}}", early.number),
  );
  expect(cancelled!.text).toContain(mail.cancelled.reason.replace("{{reason}}", mail.cancelled.reasons.withdrawal));
  expect(cancelled!.text).not.toContain(mail.cancelled.reasons.customer_request);
  expect(cancelled!.text).toMatch(/We have returned your payment \(PLN\s178\.50\) by bank transfer/);
  expect(cancelled!.text.replace(/\s+/g, " ")).toContain(
    `before you withdrew: ${strings("en", "payment").retained.reasons.declaration_signed}.`,
  );

  // Unpaid: two clicks, and the e-mail speaks of no refund.
  const unpaidEmail = `settle-unpaid-${testInfo.project.name}-${Date.now()}@example.com`;
  const unpaid = await placeOrder(request, { name: `Decision Unpaid ${testInfo.project.name}`, email: unpaidEmail });
  markWithdrawn(unpaid.number);
  await openOrder(page, unpaid.number);
  await expect(page.getByTestId("settlement-money")).toHaveText("Zamówienie nie zostało opłacone: nie ma czego zwracać.");
  // A transfer that still comes is recorded only to be returned: the form says so, and that no e-mail goes.
  const markPaid = page.getByTestId("form-mark_paid");
  await expect(markPaid.getByTestId("paid-after-withdrawal")).toContainText("zapisz tylko po to, żeby ją zwrócić");
  await expect(markPaid.getByLabel("Potwierdzam: wpłata jest na koncie i zostanie zwrócona")).toBeVisible();
  await page.getByLabel(/Potwierdzam: zamówienie zostanie anulowane/).check();
  await page.getByRole("button", { name: "Rozlicz odstąpienie i zamknij zamówienie" }).click();
  await expect(page.getByTestId("transition-done")).toContainText("Rozliczono odstąpienie");
  const [unpaidMail] = await waitForMail((message) => message.to.includes(unpaidEmail) && message.subject.includes("anulowane"));
  expect(unpaidMail!.text).toContain("Powód: odstąpienie od umowy na podstawie Twojego oświadczenia o odstąpieniu.");
  expect(unpaidMail!.text).not.toMatch(/zwr[oó]c|zwrot/i);

  const late = await placeOrder(request, { name: `Decision Late ${testInfo.project.name}`, earlyStart: true, locale: "en" });
  seed(late.number, { dispatched: true });
  await openOrder(page, late.number);
  // Sent before the statement, but a dispatch does not end the right: only a recorded delivery does.
  await expect(page.getByTestId("withdrawal-expired")).toHaveCount(0);
  const delivery = page.getByTestId("delivery-proof-form");
  await delivery.getByLabel("Dzień doręczenia").fill("2026-11-25");
  await delivery.getByRole("button", { name: "Zapisz doręczenie" }).click();
  await expect(page.getByText("Wpisz godzinę doręczenia jako GG:MM, nie późniejszą niż teraz.").first()).toBeVisible();
  await expect(page.getByLabel("Dzień doręczenia")).toHaveValue("2026-11-25");
  await page.getByLabel("Godzina doręczenia").fill("15:30");
  await page.getByLabel(/Potwierdzenie doręczenia/).pressSequentially("DPD doręczono 1234567890");
  await page.getByRole("button", { name: "Zapisz doręczenie" }).click();
  await expect(page.getByTestId("transition-done")).toContainText("Zapisano doręczenie");
  await expect(page.getByText(/zapisano doręczenie z potwierdzenia przewoźnika.*potwierdzenie: DPD doręczono 1234567890/)).toBeVisible();
  await expect(page.getByTestId("withdrawal-expired")).toContainText("art. 38 ust. 1 pkt 1");
  await expect(page.getByTestId("withdrawal-expired")).toContainText("doręczone klientowi 25.11.2026, 15:30");
  await page.getByRole("button", { name: "Wyślij klientowi standardową odpowiedź (w jego języku)" }).click();
  await expect(page.getByTestId("withdrawal-decided")).toContainText("prawo odstąpienia wygasło");
});

test("a statement without the order's e-mail waits unmatched; linked by the operator, the order's own address gets the acknowledgement", async ({
  page,
  request,
}, testInfo) => {
  const customer = `linked-${testInfo.project.name}-${Date.now()}@example.com`;
  const elsewhere = `elsewhere-${testInfo.project.name}-${Date.now()}@example.com`;
  const tenant = `Linked Customer ${testInfo.project.name}`;
  const { number } = await placeOrder(request, { name: tenant, email: customer });
  const form = strings("pl", "withdrawal");
  await page.goto("/odstapienie-od-umowy");
  await page.getByLabel(form.form.name).pressSequentially(tenant);
  await page.getByLabel(form.form.reference).pressSequentially(number);
  await page.getByLabel(form.form.email).pressSequentially(elsewhere);
  await page.getByRole("button", { name: form.form.next }).click();
  await page.getByRole("button", { name: form.review.confirm }).click();
  await expect(page.getByTestId("withdrawal-received")).toBeVisible();

  const operator = uniqueOperatorEmail(`link-${testInfo.project.name}`);
  createOperator(operator);
  await signIn(page, operator);
  await page.goto("/admin?withdrawals=all");
  const card = page.getByTestId("withdrawal-row").filter({ hasText: tenant });
  await expect(card).toContainText("Nieprzypisane");
  await card.getByLabel("Numer zamówienia, którego dotyczy").pressSequentially(number);
  await card.getByRole("button", { name: "Przypisz do zamówienia" }).click();
  await expect(page.getByTestId("withdrawal-row").filter({ hasText: tenant })).toContainText(`${number} (przypisane ręcznie)`);

  const mail = strings("pl", "mail");
  const [acknowledgement] = await waitForMail(
    (message) => message.to.includes(customer) && message.subject === mail.subject.withdrawal_acknowledgement.replace("{{number}}", number),
  );
  expect(acknowledgement!.text).toContain(tenant);
  // The address the statement gave had its receipt, without the customer's name or the number.
  const [receipt] = await waitForMail((message) => message.to.includes(elsewhere));
  expect(receipt!.subject).toBe(mail.subject.withdrawal_receipt);
  expect(receipt!.text).not.toContain(tenant);
});
