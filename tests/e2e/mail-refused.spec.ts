import { expect, test } from "@playwright/test";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";
import { refuseRecipient } from "./support/mail";

/**
 * A customer's address the mail server refuses for good (550 5.1.1, no such mailbox): the outbox
 * gives the e-mail up at once instead of retrying it for three days, and the operator sees why on
 * the order's page (docs/decisions/069).
 */
test.describe("an e-mail the mail server refuses for good", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  let operator: string;
  test.beforeAll(({}, testInfo) => {
    operator = uniqueOperatorEmail(`refused-${testInfo.project.name}`);
    createOperator(operator);
  });

  test("is shown to the operator as refused, with the server's answer, ready to be sent again", async ({ page, request }, testInfo) => {
    await useOwnClientAddress(page);
    const email = `brak-skrzynki-${testInfo.project.name}-${Date.now()}@example.com`;
    await refuseRecipient(email);
    const order = await placeOrder(request, { name: `Odmowa Serwera ${testInfo.project.name}`, email });

    await signIn(page, operator);
    await openOrder(page, order.number);
    const confirmation = page.getByTestId("mail-order_confirmation");
    // The worker sends within a second or two of the order; the operator reloads until it has tried.
    await expect(async () => {
      await page.reload();
      await expect(confirmation.getByTestId("mail-state")).toHaveText(
        "nie wysłano: serwer poczty odrzucił wiadomość na stałe (bez ponawiania); sprawdź adres e-mail, popraw go i wyślij ponownie",
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
    await expect(confirmation).toContainText(`550 5.1.1 <${email}>`);
    // One try, not a retry schedule.
    await expect(confirmation.getByRole("cell").nth(2)).toHaveText("1");
    await expect(confirmation.getByRole("button", { name: "Wyślij ponownie: Potwierdzenie zamówienia (z umową)" })).toBeVisible();
  });
});
