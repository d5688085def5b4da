import { expect, test, type Page } from "@playwright/test";
import { createOperator, openOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";
import { fillOrderForm, inDays, validOrder } from "./support/order";
import { pathFor, strings, type Locale } from "./support/site";

/*
 * The promised delivery (dispatch + the courier's transit) against the lease start. A start 3 days
 * away is too soon for any choice (the fastest, regular with the early start, takes 4 business days);
 * one 60 days away fits every choice, whatever today is.
 */
const TOO_SOON = 3;
const FAR_ENOUGH = 60;

function heading(locale: Locale): string {
  return strings(locale, "common").lateDelivery.heading;
}

/** The start date as the warning writes it: "1 grudnia 2026", "1 грудня 2026 року", "1 декабря 2026 года". */
function inWords(isoDay: string, locale: Locale): string {
  const tag = { pl: "pl-PL", en: "en-GB", uk: "uk-UA", ru: "ru-RU" }[locale];
  return new Intl.DateTimeFormat(tag, { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" })
    .format(new Date(`${isoDay}T12:00:00Z`))
    .replace(/\s+р\.$/, " року")
    .replace(/\s+г\.$/, " года");
}

async function goToPreview(page: Page, locale: Locale) {
  await page.getByRole("button", { name: strings(locale, "order").form.preview }).click();
  await expect(page.getByTestId("contract")).toBeVisible();
}

test.describe("delivery versus the lease start", () => {
  for (const locale of ["pl", "uk"] as const) {
    test(`the form says so before the button, in ${locale}, and what the customer can do`, async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      const order = strings(locale, "order");
      const data = { ...validOrder(testInfo.project.name), startDate: inDays(TOO_SOON) };
      await page.goto(pathFor("order", locale));
      await fillOrderForm(page, data);
      const warning = page.getByTestId("late-delivery");
      if (javaScriptEnabled) {
        // Compared while typing, before any submit.
        await expect(warning).toContainText(heading(locale));
      } else {
        // Without JavaScript: after a failed submit the server renders it from the posted values.
        await page.locator("#field-email").fill("not-an-email");
        await page.getByRole("button", { name: order.form.preview }).click();
        await expect(page.getByTestId("error-summary")).toBeVisible();
        // The dispatch dates under the type stay too.
        await expect(page.locator("#field-declarationType-description")).toContainText(order.form.dispatchHint.split("{{")[0].trim());
      }
      await expect(warning).toContainText(heading(locale));
      await expect(warning).toContainText(inWords(data.startDate, locale));
      await expect(warning.getByRole("listitem").last()).toContainText(strings(locale, "common").lateDelivery.moveStart.split("{{")[0]);
      // It stands before the button that leads on.
      const warningBox = (await warning.boundingBox())!;
      const buttonBox = (await page.getByRole("button", { name: order.form.preview }).boundingBox())!;
      expect(warningBox.y).toBeLessThan(buttonBox.y);

      // A start far enough away: no warning.
      await page.locator("#field-email").fill("jan@example.com");
      await page.locator("#field-startDate").fill(inDays(FAR_ENOUGH));
      if (javaScriptEnabled) await expect(warning).toHaveCount(0);
      else {
        await goToPreview(page, locale);
        await expect(warning).toHaveCount(0);
      }
    });
  }

  test("the preview warns before the order button, and the payment page repeats it", async ({ page }, testInfo) => {
    const order = strings("pl", "order");
    const data = { ...validOrder(testInfo.project.name), startDate: inDays(TOO_SOON) };
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, data);
    await goToPreview(page, "pl");
    const warning = page.getByTestId("late-delivery");
    await expect(warning).toContainText(heading("pl"));
    await expect(warning).toContainText(inWords(data.startDate, "pl"));
    expect((await warning.boundingBox())!.y).toBeLessThan((await page.getByRole("button", { name: order.preview.order }).boundingBox())!.y);
    await page.locator("#field-acceptTerms").check();
    await page.getByRole("button", { name: order.preview.order }).click();
    await expect(page).toHaveURL(/\/platnosc\//);
    await expect(page.getByTestId("late-delivery")).toContainText(heading("pl"));
    await expect(page.getByTestId("late-delivery")).toContainText("kontakt@example.com");
  });

  test("a start far enough away shows no warning on the preview", async ({ page }, testInfo) => {
    await page.goto(pathFor("order", "en"));
    await fillOrderForm(page, { ...validOrder(testInfo.project.name), startDate: inDays(FAR_ENOUGH) });
    await goToPreview(page, "en");
    await expect(page.getByTestId("late-delivery")).toHaveCount(0);
  });
});

test.describe("payment page: bank details and the promise once paid", () => {
  let operator: string;
  test.beforeAll(({}, testInfo) => {
    operator = uniqueOperatorEmail(`delivery-${testInfo.project.name}`);
    createOperator(operator);
  });

  test("the BIC stands beside the IBAN, the title is Polish in English too; once paid it names the dispatch day", async ({
    page,
    request,
  }, testInfo) => {
    await useOwnClientAddress(page);
    const response = await request.post("/api/accept", {
      data: {
        imie_nazwisko_najemcy: `Olena Kovalenko ${testInfo.project.name}`,
        email: "olena@example.com",
        telefon: "600100200",
        adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
        adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
        rodzaj_oswiadczenia: "regular",
        okres_najmu_dni: 90,
        jezyk: "en",
      },
    });
    const { payment_url: paymentUrl, order_number: number } = await response.json();
    const payment = strings("en", "payment");
    await page.goto(paymentUrl);
    await expect(page.getByTestId("bank-bic")).toHaveText("AAAAPLPW");
    await expect(page.getByTestId("transfer-title")).toHaveText(`Zamówienie ${number}`);
    await expect(page.getByTestId("payment-step")).toHaveText(payment.next.paid);

    await signIn(page, operator);
    await openOrder(page, number);
    await page
      .getByTestId("form-mark_paid")
      .getByLabel(/^Potwierdzam/)
      .check();
    await page.getByTestId("form-mark_paid").getByRole("button", { name: "Oznacz jako opłacone" }).click();
    await expect(page.getByTestId("transition-done")).toBeVisible();
    await page.goto(paymentUrl);
    const step = page.getByTestId("payment-step");
    await expect(step).toContainText(payment.next.paidDone.split("{{")[0].trim());
    await expect(step).not.toContainText(payment.next.paid);
    await expect(step).toContainText(/\d{1,2} [A-Z][a-z]+ \((Monday|Tuesday|Wednesday|Thursday|Friday)\)/);
  });
});
