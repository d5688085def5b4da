import { expect, test } from "@playwright/test";
import { pdfTextOf } from "../support/pdf-text";
import { createOperator, placeOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";
import { randomLetters } from "./support/order";

/**
 * A customer's data on request, in both projects (js and no-js): the operator finds the customer
 * by a name typed without its diacritics, sees an order that shares only the phone apart and joins
 * it by hand, downloads the export as JSON and as a PDF, and erases the data once no order of
 * theirs is in progress, with a category and a case number rather than words about the person.
 */
test.describe("a customer's data on request", () => {
  let operator: string;
  test.beforeAll(({}, testInfo) => {
    operator = uniqueOperatorEmail(`rodo-${testInfo.project.name}`);
    createOperator(operator);
  });

  test("found by a folded name; a phone-only match joined by hand; exported as JSON and PDF; erased with a tick, a category and a case number", async ({
    page,
  }) => {
    await useOwnClientAddress(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const surname = `Żółć${randomLetters()}`;
    const phone = `6${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const first = await placeOrder(page.request, { name: `Jan ${surname}`, email: `${surname.slice(4)}@example.com`, phone });
    // Another e-mail, the same phone written otherwise: maybe the same person, maybe someone who typed his number.
    const second = await placeOrder(page.request, {
      name: `Jan ${surname}`,
      email: `nowy.${surname.slice(4)}@example.com`,
      phone: `+48 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
      locale: "uk",
      invoice: { nabywca: `Jan ${surname}`, adres: "ul. Krótka 1, 00-001 Warszawa" },
    });

    await signIn(page, operator);
    await page.getByRole("navigation", { name: "Sekcje panelu" }).getByRole("link", { name: "Dane klientów" }).click();
    await page.getByLabel("E-mail, telefon albo imię i nazwisko").pressSequentially(`zolc${surname.slice(4)}`);
    await page.getByRole("button", { name: "Szukaj" }).click();
    await expect(page.getByTestId("customer-result")).toHaveCount(2);
    await page.getByRole("link", { name: `Dane klienta ${first.number}` }).click();
    const orders = page.getByTestId("customer-orders");
    await expect(page.getByTestId("customer-email")).toContainText(`${surname.slice(4)}@example.com`);
    await expect(orders).toContainText(first.number);
    await expect(orders).not.toContainText(second.number);
    await expect(page.getByTestId("customer-phone-only")).toContainText(second.number);
    const exported = async () => {
      const href = await page.getByRole("link", { name: "Eksport danych (JSON)" }).getAttribute("href");
      const response = await page.request.get(String(href));
      expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="dane-klienta-.+\.json"$/);
      return (await response.json()) as {
        orders: Array<{
          number: string;
          person: { email: string };
          declarations: { dataProcessingAcknowledgedAt: string };
          invoiceRequest: { buyerName: string } | null;
        }>;
      };
    };
    // Not confirmed: the phone-only order is in no export.
    expect((await exported()).orders.map((order) => order.number)).toEqual([first.number]);

    await page.getByLabel(`To ta sama osoba: dołącz zamówienie ${second.number}`).check();
    await page.getByRole("button", { name: "Dołącz zaznaczone zamówienia" }).click();
    await expect(orders).toContainText(second.number);
    await expect(orders).toContainText("dołączone ręcznie (ten sam telefon)");
    await expect(page.getByTestId("customer-phone-only")).toHaveCount(0);
    const data = await exported();
    expect(data.orders.map((order) => order.number)).toEqual([first.number, second.number]);
    expect(data.orders[0]!.person.email).toBe(`${surname.slice(4)}@example.com`);
    expect(data.orders[0]!.declarations.dataProcessingAcknowledgedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.orders[1]!.invoiceRequest).toMatchObject({ buyerName: `Jan ${surname}` });
    await expect(page.getByText(/oświadczenia o odstąpieniu \(także nieprzypisane/)).toBeVisible();
    const pdf = await page.request.get(await page.getByRole("link", { name: "Eksport danych (PDF)" }).getAttribute("href").then(String));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfTextOf(await pdf.body());
    // In the language of the newest order (Ukrainian), with the invoice asked for in it (docs/decisions/064).
    expect(text).toContain("Копія ваших персональних даних");
    expect(text).toContain(`Замовлення ${second.number}`);
    expect(text).toContain(`Орендар: Jan ${surname}`);
    expect(text).toContain(`Покупець: Jan ${surname}, ul. Krótka 1, 00-001 Warszawa`);

    // Nothing chosen, ticked or typed: each problem, listed at the top.
    const erase = page.getByRole("button", { name: "Usuń dane" });
    await erase.click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText("Wybierz podstawę usunięcia danych.");
    await expect(summary).toContainText("Podaj numer sprawy");
    await expect(summary).toContainText("Zaznacz potwierdzenie");
    // Words about the person are refused, and kept in the field to be corrected.
    const reference = page.getByLabel("Numer sprawy (zostaje w historii zmian)");
    await page.getByLabel("Żądanie usunięcia danych (art. 17 RODO)").check();
    await reference.pressSequentially("żądanie klienta e-mailem");
    await erase.click();
    await expect(summary).toContainText("Podaj numer sprawy: 1–40 znaków");
    await expect(reference).toHaveValue("żądanie klienta e-mailem");
    await expect(page.getByLabel("Żądanie usunięcia danych (art. 17 RODO)")).toBeChecked();
    await reference.fill("");
    await reference.pressSequentially(`RODO-${surname.slice(4)}`);
    await erase.click();
    await expect(summary).toContainText("Numer sprawy zawiera dane klienta");
    await reference.fill("");
    await reference.pressSequentially("RODO/2026/014");
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
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel("Żądanie usunięcia danych (art. 17 RODO)").check();
    await reference.fill("RODO/2026/014");
    await page.getByLabel(/^Potwierdzam: dane osobowe/).check();
    await erase.click();
    await expect(page.getByTestId("customer-erased")).toHaveText(`Usunięto dane osobowe z zamówień: ${first.number}, ${second.number}.`);
    await expect(orders).not.toContainText(surname);
    await expect(page.getByText("Dane osobowe tego klienta zostały już usunięte.")).toBeVisible();
    await page.goto(`/admin/customers?q=${encodeURIComponent(surname)}`);
    await expect(page.getByText("Nie znaleziono zamówień.")).toBeVisible();
    await page.goto(`/admin/orders/${await orderIdOf(first.number)}`);
    await expect(page.getByTestId("status-history")).toContainText(
      "usunięto dane osobowe na żądanie klienta, " +
        operator +
        " (podstawa: Żądanie usunięcia danych (art. 17 RODO); numer sprawy: RODO/2026/014)",
    );
  });

  test("the customer page reads at 390 px and at 1280 px, its phone-only rows too, without sideways scrolling", async ({ page }) => {
    await useOwnClientAddress(page);
    const phone = `7${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const tag = randomLetters();
    const mine = await placeOrder(page.request, { name: `Ewa Szeroka${tag}`, email: `ewa.${tag}@example.com`, phone });
    await placeOrder(page.request, { name: `Ktoś Inny${tag}`, email: `ktos.${tag}@example.com`, phone });
    await signIn(page, operator);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/customers/${await orderIdOf(mine.number)}`);
      await expect(page.getByTestId("customer-phone-only")).toContainText(`Ktoś Inny${tag}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});

/** The order's row id, as the back office's links carry it. */
async function orderIdOf(number: string): Promise<number> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true });
  try {
    return (db.prepare("SELECT id FROM orders WHERE number = ?").get(number) as { id: number }).id;
  } finally {
    db.close();
  }
}
