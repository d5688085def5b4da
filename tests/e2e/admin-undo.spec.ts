import { expect, test } from "@playwright/test";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";
import { waitForMail } from "./support/mail";

/**
 * "Cofnij" on the order's page, at a phone's width, in both projects (the back office has no
 * JavaScript of its own, so the js project proves the same forms with it on).
 */
test.use({ viewport: { width: 390, height: 844 } });

test("an operator marks an order paid by mistake, sees Cofnij, takes it back; the customer gets a correction in their language", async ({
  page,
  request,
}, testInfo) => {
  const operator = uniqueOperatorEmail(`undo-${testInfo.project.name}`);
  createOperator(operator);
  await useOwnClientAddress(page);
  const email = `undo-${testInfo.project.name}-${Date.now()}@example.com`;
  const order = await placeOrder(request, { name: `Cofnięcie ${testInfo.project.name} ${Date.now()}`, email, locale: "uk" });
  await signIn(page, operator);
  await openOrder(page, order.number);
  await expect(page.getByTestId("undo-form")).toHaveCount(0);

  const paid = page.getByTestId("form-mark_paid");
  await paid.getByLabel("Potwierdzam: wpłata jest na koncie, klient dostanie e-mail").check();
  await paid.getByRole("button", { name: "Oznacz jako opłacone" }).click();
  await expect(page.getByTestId("admin-order-status")).toHaveText("Opłacone");
  await expect(page.getByTestId("undo-form")).toContainText("Możesz cofnąć tę zmianę do");

  // Once the "paid" e-mail has left, the form says so before the operator presses.
  await waitForMail((mail) => mail.to.includes(email) && mail.subject.includes(order.number) && mail.subject.includes("оплачено"));
  await page.reload();
  const undo = page.getByTestId("undo-form");
  await expect(undo.getByTestId("undo-mail")).toHaveText(
    "Klient dostał już e-mail o tej zmianie. Po cofnięciu dostanie krótkie sprostowanie w swoim języku.",
  );
  await undo.getByRole("button", { name: "Cofnij" }).click();

  await expect(page.getByTestId("transition-done")).toHaveText(
    "Zmianę cofnięto. Klient dostał już e-mail o tej zmianie, więc dostanie krótkie sprostowanie w swoim języku.",
  );
  await expect(page.getByTestId("admin-order-status")).toHaveText("Oczekuje na płatność");
  await expect(page.getByTestId("undo-form")).toHaveCount(0);
  await expect(page.getByTestId("form-mark_paid")).toBeVisible();
  const history = page.getByTestId("status-history");
  await expect(history).toContainText(`Oczekuje na płatność → Opłacone, ${operator}`);
  await expect(history).toContainText(
    `cofnięto zmianę statusu: Opłacone → Oczekuje na płatność, ${operator} (cofnięta zmiana: „opłacone”;`,
  );
  await expect(history).toContainText("e-mail do klienta: już wyszedł, wysłano sprostowanie)");

  const [correction] = await waitForMail(
    (mail) => mail.to.includes(email) && mail.subject === `Замовлення ${order.number}: виправлення до нашого попереднього листа`,
  );
  expect(correction!.text).toContain(`У попередньому листі ми написали, що замовлення ${order.number} оплачено.`);
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
