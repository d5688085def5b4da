import { expect, test } from "@playwright/test";
import { countOrders, expectOnPaymentPage, orderWithBothConsents, randomLetters } from "./support/order";
import { pathFor, strings } from "./support/site";

const order = strings("pl", "order");

test.describe("variant 2: /umowa-automatyczna", () => {
  test("its own fields, then the full-page preview and the payment page", async ({ page }, testInfo) => {
    const tenantName = `Ewa Automatyczna ${testInfo.project.name} ${randomLetters()}`;
    await page.goto(pathFor("orderAutomatic", "pl"));
    await expect(page.locator("h1")).toHaveText(order.automatic.heading);

    // Field names and labels of variant 2.
    const type = page.getByRole("group", { name: `${order.form.declarationType} *` });
    await expect(type.getByRole("radio")).toHaveCount(2);
    await expect(type.locator('input[name="rodzaj_oswiadczenia"]')).toHaveCount(2);
    await expect(type.locator("label")).toHaveText([/Oświadczenie zwykłe\s*299\s?zł/, /notarialnie\s*399\s?zł/]);
    await expect(page.locator('input[name="telefon"]')).toHaveCount(1);
    await expect(page.locator('input[name="startDate"], input[name="landlordName"], input[name="phone"]')).toHaveCount(0);
    await expect(page.getByText(`${order.form.tenantName} *`, { exact: true })).toBeVisible();
    await expect(page.getByText(order.form.additionalInfo, { exact: true })).toBeVisible();

    await type.getByRole("radio", { name: /Oświadczenie zwykłe/ }).check();
    await page.getByLabel(`${order.form.tenantName} *`).fill(tenantName);
    await page.getByLabel(`${order.form.email} *`).fill("ewa@example.com");
    await page.getByLabel(`${order.form.phone} *`).fill("+48 600 100 200");
    await page.locator("#field-propertyAddress").fill("ul. Długa 5/3");
    await page.locator("#field-propertyPostalCode").fill("70-001");
    await page.locator("#field-propertyCity").fill("Szczecin");
    await page.locator("#field-mailingAddress").fill("ul. Krótka 1");
    await page.locator("#field-mailingPostalCode").fill("00-001");
    await page.locator("#field-mailingCity").fill("Warszawa");
    await page.getByLabel(order.form.additionalInfo).fill("Proszę o doręczenie po 16:00 <b>pilne</b>");
    await page.locator("#field-dataProcessingConsent").check();
    await page.getByRole("button", { name: order.form.preview }).click();

    // The preview is its own page, headed "Podgląd umowy", with the whole contract.
    await expect(page.locator("h1")).toHaveText(order.preview.fullPageHeading);
    const contract = page.getByTestId("contract");
    await expect(contract).toContainText(tenantName);
    await expect(contract).toContainText("90 dni");
    await expect(contract).toContainText("Proszę o doręczenie po 16:00 <b>pilne</b>");
    await expect(page.getByRole("textbox")).toHaveCount(0);

    await orderWithBothConsents(page, order);
    await expectOnPaymentPage(page, /^299\s?zł$/);
    expect(countOrders(tenantName)).toBe(1);
  });

  test("an empty submit shows the messages under the variant's field names", async ({ page }) => {
    await page.goto(pathFor("orderAutomatic", "pl"));
    await page.getByRole("button", { name: order.form.preview }).click();
    const summary = page.getByTestId("error-summary");
    // Empty is "Required field", as for every other field; a wrong number gets its own message (order.spec.ts).
    await expect(summary.locator('a[href="#field-telefon"]')).toHaveText(`${order.form.phone}: ${order.validation.required}`);
    await expect(summary.locator('a[href="#field-tenantName"]')).toHaveText(`${order.form.tenantName}: ${order.validation.required}`);
    await expect(summary.locator('a[href="#field-additionalInfo"]')).toHaveCount(0);
  });
});
