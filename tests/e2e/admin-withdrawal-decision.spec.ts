import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail } from "./support/admin";

/**
 * The operator's decision on a withdrawn order (art. 35 and 38), seeded in the database: an amount for
 * work done is refused without a reason with the values kept, then saved, and the refund forms start
 * from the payment less it, refusing more with the values kept; a right that had expired is said so,
 * with the standard answer. Plain forms, so both projects take the same path.
 */
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

test("art. 35 amount with a reason, and art. 38 expired with the standard answer", async ({ page, request }, testInfo) => {
  const operator = uniqueOperatorEmail(`decision-${testInfo.project.name}`);
  createOperator(operator);
  await signIn(page, operator);
  const early = await placeOrder(request, { name: `Decision Early ${testInfo.project.name}`, earlyStart: true });
  seed(early.number, { dispatched: false });
  await openOrder(page, early.number);
  const form = page.getByTestId("withdrawal-decision-form");
  await form.getByLabel(/Zwrot pomniejszony/).check();
  await form.getByLabel("Kwota za wykonaną część usługi (zł)").pressSequentially("120,50");
  await form.getByRole("button", { name: "Zapisz rozliczenie" }).click();
  await expect(page.getByText("Podaj uzasadnienie kwoty.").first()).toBeVisible();
  await expect(page.getByLabel("Kwota za wykonaną część usługi (zł)")).toHaveValue("120,50");
  await page.getByLabel("Uzasadnienie kwoty (co wykonano do chwili odstąpienia)").pressSequentially("Uzyskano podpis właściciela");
  await page.getByRole("button", { name: "Zapisz rozliczenie" }).click();
  await expect(page.getByTestId("withdrawal-decided")).toContainText("zatrzymujemy 120,50");

  // Every refund form now starts from the payment less the amount kept, and says so; more is refused at the field.
  const hint = "Wpłata (299 zł) minus kwota zatrzymana w rozliczeniu odstąpienia (120,50 zł";
  await expect(page.getByTestId("correction-record_refund").getByLabel("Zwrócona kwota w zł")).toHaveValue("178,50");
  const cancel = page.getByTestId("form-cancel");
  const amount = cancel.getByLabel("Kwota zwrotu (zł)");
  await expect(amount).toHaveValue("178,50");
  await expect(cancel).toContainText(hint);
  // The note above it says what cancelling sends back: the refund field's amount, not the whole payment.
  await expect(cancel).toContainText("Kwota zwrotu podana niżej (najwyżej 178,50 zł) zostanie zapisana jako do zwrotu");
  await expect(cancel).not.toContainText("Wpłata przelewem (299 zł)");
  await amount.clear();
  await amount.pressSequentially("200");
  await cancel.getByLabel(/Własny powód/).pressSequentially("Odstąpienie od umowy");
  await cancel.getByRole("checkbox").check();
  await cancel.getByRole("button").click();
  const tooMuch = "nie większą niż 178,50";
  await expect(page.getByRole("link", { name: new RegExp(`Kwota zwrotu \\(zł\\): .*${tooMuch}`) })).toBeVisible();
  await expect(page.getByTestId("form-cancel").getByText(tooMuch)).toBeVisible();
  await expect(page.getByTestId("form-cancel").getByLabel("Kwota zwrotu (zł)")).toHaveValue("200");
  await expect(page.getByTestId("form-cancel").getByLabel(/Własny powód/)).toHaveValue("Odstąpienie od umowy");

  const late = await placeOrder(request, { name: `Decision Late ${testInfo.project.name}`, earlyStart: true, locale: "en" });
  seed(late.number, { dispatched: true });
  await openOrder(page, late.number);
  await expect(page.getByTestId("withdrawal-expired")).toContainText("art. 38 ust. 1 pkt 1");
  await page.getByRole("button", { name: "Wyślij klientowi standardową odpowiedź (w jego języku)" }).click();
  await expect(page.getByTestId("withdrawal-decided")).toContainText("prawo odstąpienia wygasło");
});
