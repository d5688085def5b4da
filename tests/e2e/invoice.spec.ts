import { expect, test } from "@playwright/test";
import { createOperator, openOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";
import { fillOrderForm, markPaidInDatabase, validOrder } from "./support/order";
import { pathFor, strings } from "./support/site";

/** An invoice asked for on the order form, issued by the operator once paid, and listed on the customer's invoice page. */
test.describe("invoices", () => {
  let operator: string;
  test.beforeAll(({}, testInfo) => {
    operator = uniqueOperatorEmail(`invoice-${testInfo.project.name}`);
    createOperator(operator);
  });

  test("asked for at the order on a phone: a wrong NIP is named with every value kept; the preview, the back office and the customer's page show it", async ({
    page,
  }, testInfo) => {
    // One flow through the form, the preview, the back office's sign-in and issue, and the customer's page.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const invoice = strings("pl", "invoice");
    const order = strings("pl", "order");
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, validOrder(testInfo.project.name));
    await page.getByLabel(invoice.form.requested).check();
    await page.locator("#field-invoiceBuyerName").pressSequentially("Firma Testowa sp. z o.o.");
    await page.locator("#field-invoiceBuyerAddress").pressSequentially("ul. Polna 2, 70-100 Szczecin");
    await page.locator("#field-invoiceNip").pressSequentially("123-456-32-19");
    await page.getByRole("button", { name: order.form.preview }).click();

    await expect(page.locator("#field-invoiceNip-error")).toHaveText(invoice.validation.nipChecksum);
    await expect(page.getByTestId("error-summary")).toContainText(invoice.validation.nipChecksum);
    await expect(page.locator("#field-invoiceBuyerName")).toHaveValue("Firma Testowa sp. z o.o.");
    await expect(page.locator("#field-invoiceNip")).toHaveValue("123-456-32-19");
    await expect(page.getByLabel(invoice.form.requested)).toBeChecked();

    await page.locator("#field-invoiceNip").fill("");
    await page.locator("#field-invoiceNip").pressSequentially("PL1234563218");
    await page.getByRole("button", { name: order.form.preview }).click();
    const summary = page.getByTestId("invoice-summary");
    await expect(summary).toContainText("Firma Testowa sp. z o.o.");
    await expect(summary).toContainText("123-456-32-18");
    await page.locator("#field-acceptTerms").check();
    await page.getByRole("button", { name: order.preview.order }).click();
    await expect(page).toHaveURL(/\/platnosc\//);
    const paymentUrl = page.url();
    const number = await page.getByTestId("order-number").innerText();
    markPaidInDatabase(number, new Date().toISOString());

    await useOwnClientAddress(page);
    await signIn(page, operator);
    await openOrder(page, number);
    const section = page.getByTestId("admin-invoices");
    await expect(section).toContainText("Firma Testowa sp. z o.o.");
    await section.getByRole("button", { name: "Wystaw fakturę" }).click();
    await expect(page.getByTestId("transition-done")).toContainText("Faktura wystawiona");
    const issued = page.getByTestId("admin-invoice");
    await expect(issued).toContainText(/faktura FV\/\d{4}\/\d{2}\/\d{4}/);
    await expect(issued).toContainText("399,00 PLN");
    await expect(issued).toContainText("do wysłania do KSeF ręcznie");
    const download = page.waitForEvent("download");
    await issued.getByRole("link", { name: /\(PDF\)$/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^FV-\d{4}-\d{2}-\d{4}\.pdf$/);
    // Without KSeF settings the operator sends it by hand: the stored FA(3) file is offered too.
    await expect(issued.getByRole("link", { name: "plik FA(3) do KSeF (XML)" })).toHaveAttribute("href", /\/admin\/invoices\/\d+\/xml$/);

    await page.goto(paymentUrl);
    await page.getByTestId("invoice-panel").getByRole("link").click();
    await expect(page.getByTestId("customer-invoices")).toContainText(/FV\/\d{4}\/\d{2}\/\d{4}/);
    await expect(page.getByTestId("invoice-request-form")).toHaveCount(0);
  });
});
