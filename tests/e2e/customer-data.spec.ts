import { expect, test } from "@playwright/test";
import { pdfTextOf } from "../support/pdf-text";
import { createOperator, placeOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";
import { randomLetters } from "./support/order";

/**
 * A customer's data on request, in both projects (js and no-js): the operator finds the customer
 * by a name typed without its diacritics, downloads the export as JSON and as a PDF, and erases
 * the data once no order of theirs is in progress.
 */
test.describe("a customer's data on request", () => {
  let operator: string;
  test.beforeAll(({}, testInfo) => {
    operator = uniqueOperatorEmail(`rodo-${testInfo.project.name}`);
    createOperator(operator);
  });

  test("found by a folded name, exported as JSON and PDF, erased with a tick and a reason once no order is in progress", async ({
    page,
  }) => {
    await useOwnClientAddress(page);
    const surname = `Żółć${randomLetters()}`;
    const phone = `6${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const first = await placeOrder(page.request, { name: `Jan ${surname}`, email: `${surname.slice(4)}@example.com`, phone });
    // The same person, another e-mail, the phone written otherwise.
    const second = await placeOrder(page.request, {
      name: `Jan ${surname}`,
      email: `nowy.${surname.slice(4)}@example.com`,
      phone: `+48 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
    });

    await signIn(page, operator);
    await page.getByRole("link", { name: "Dane klienta (RODO)" }).click();
    await page.getByLabel("E-mail, telefon albo imię i nazwisko").pressSequentially(`zolc${surname.slice(4)}`);
    await page.getByRole("button", { name: "Szukaj" }).click();
    await expect(page.getByTestId("customer-result")).toHaveCount(2);
    await page.getByRole("link", { name: `Dane klienta ${first.number}` }).click();
    const orders = page.getByTestId("customer-orders");
    await expect(orders).toContainText(first.number);
    await expect(orders).toContainText(second.number);

    const json = await page.request.get(await page.getByRole("link", { name: "Eksport danych (JSON)" }).getAttribute("href").then(String));
    expect(json.headers()["content-disposition"]).toMatch(/^attachment; filename="dane-klienta-.+\.json"$/);
    const data = (await json.json()) as {
      orders: Array<{ number: string; person: { email: string }; consents: { dataProcessing: string } }>;
    };
    expect(data.orders.map((order) => order.number)).toEqual([first.number, second.number]);
    expect(data.orders[0]!.person.email).toBe(`${surname.slice(4)}@example.com`);
    expect(data.orders[0]!.consents.dataProcessing).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const pdf = await page.request.get(await page.getByRole("link", { name: "Eksport danych (PDF)" }).getAttribute("href").then(String));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfTextOf(await pdf.body());
    expect(text).toContain(`Zamówienie ${first.number}`);
    expect(text).toContain(`Najemca: Jan ${surname}`);

    // Nothing ticked, no reason: both problems, listed at the top.
    const erase = page.getByRole("button", { name: "Usuń dane" });
    await erase.click();
    await expect(page.getByTestId("error-summary")).toContainText("Podaj powód usunięcia danych");
    await expect(page.getByTestId("error-summary")).toContainText("Zaznacz potwierdzenie");
    const reason = "żądanie klienta e-mailem";
    await page.getByLabel("Powód (zostaje w historii zmian)").pressSequentially(reason);
    await erase.click();
    await expect(page.getByLabel("Powód (zostaje w historii zmian)")).toHaveValue(reason);
    await page.getByLabel(/^Potwierdzam: dane osobowe/).check();
    await erase.click();
    // Both orders still await payment: their data is needed to carry them out.
    await expect(page.getByTestId("customer-error")).toContainText(`zamówienia ${first.number}, ${second.number} są w realizacji`);

    const { default: Database } = await import("better-sqlite3");
    const db = new Database(process.env.E2E_DATABASE_PATH!);
    db.prepare("UPDATE orders SET status = 'cancelled', cancelled_at = ? WHERE number IN (?, ?)").run(
      new Date().toISOString(),
      first.number,
      second.number,
    );
    db.close();
    await page.getByLabel("Powód (zostaje w historii zmian)").fill(reason);
    await page.getByLabel(/^Potwierdzam: dane osobowe/).check();
    await erase.click();
    await expect(page.getByTestId("customer-erased")).toHaveText(`Usunięto dane osobowe z zamówień: ${first.number}, ${second.number}.`);
    await expect(orders).not.toContainText(surname);
    await expect(page.getByText("Dane osobowe tego klienta zostały już usunięte.")).toBeVisible();
    await page.goto(`/admin/customers?q=${encodeURIComponent(surname)}`);
    await expect(page.getByText("Nie znaleziono zamówień.")).toBeVisible();
  });
});
