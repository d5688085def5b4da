import { devices, expect, test, type Page } from "@playwright/test";
import { fillOrderForm, inDays, validOrder } from "./support/order";
import { pathFor, strings, type Locale } from "./support/site";

/** How a person types: one key at a time, on a phone. fill() would hide a focus thief. */
test.use({ viewport: devices["Pixel 7"].viewport, hasTouch: true });

const pl = strings("pl", "order");

async function submitEmpty(page: Page, locale: Locale) {
  await page.getByRole("button", { name: strings(locale, "order").form.preview }).click();
  await expect(page.getByTestId("error-summary")).toBeVisible();
}

test.describe("typing after a failed submit", () => {
  for (const [pageId, locale] of [
    ["order", "pl"],
    ["order", "uk"],
    ["orderAutomatic", "pl"],
  ] as const) {
    test(`every key lands in the field and the focus stays there (${pageId}, ${locale})`, async ({ page }) => {
      await page.goto(pathFor(pageId, locale));
      await submitEmpty(page, locale);
      const summary = page.getByTestId("error-summary");
      // The summary is focused once for the submit, and it is no live region that re-announces each key.
      await expect(summary).not.toHaveAttribute("role", "alert");
      await expect(summary).not.toHaveAttribute("aria-live", /.+/);

      const name = page.locator("#field-tenantName");
      await name.click();
      await name.pressSequentially("Łucja Żółkiewska-Nowak", { delay: 15 });
      await expect(name).toHaveValue("Łucja Żółkiewska-Nowak");
      await expect(name).toBeFocused();

      const email = page.locator("#field-email");
      await email.click();
      await email.pressSequentially("lucja@example.com", { delay: 15 });
      await expect(email).toHaveValue("lucja@example.com");
      await expect(email).toBeFocused();
      // The summary still lists the last submit's problems, so it does not jump while typing.
      await expect(summary.locator('a[href="#field-tenantName"]')).toBeVisible();
    });
  }
});

test.describe("validation a Polish order needs", () => {
  test("postal codes, phone numbers and dates get their own messages; the values stay", async ({ page }) => {
    await page.goto(pathFor("order", "pl"));
    await page.locator("#field-propertyPostalCode").pressSequentially("7001");
    await page.locator("#field-phone").pressSequentially("600/100/200");
    await page.locator("#field-email").fill("");
    await submitEmpty(page, "pl");
    await expect(page.locator("#field-propertyPostalCode-error")).toHaveText(pl.validation.postalCode);
    await expect(page.locator("#field-phone-error")).toHaveText(pl.validation.phone);
    await expect(page.locator("#field-email-error")).toHaveText(pl.validation.required);
    await expect(page.locator("#field-propertyPostalCode")).toHaveValue("7001");
    await expect(page.locator("#field-phone")).toHaveValue("600/100/200");
  });

  test("Enter in a field asks for the preview on the same Polish page, the values kept", async ({ page }) => {
    await page.goto(pathFor("order", "pl"));
    const postcode = page.locator("#field-propertyPostalCode");
    await postcode.pressSequentially("7001");
    // The language switcher's buttons, earlier in the page, must not be the form's default button.
    await postcode.press("Enter");
    await expect(page.locator("#field-propertyPostalCode-error")).toHaveText(pl.validation.postalCode);
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    expect(new URL(page.url()).pathname).toBe(pathFor("order", "pl"));
    await expect(postcode).toHaveValue("7001");
  });

  for (const locale of ["pl", "uk"] as const) {
    test(`the start date and a postal code are typed key by key on a phone's number pad, the date echoed in words, in ${locale}`, async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const order = strings(locale, "order");
      const tag = { pl: "pl-PL", uk: "uk-UA" }[locale];
      // As the page writes it: "1 grudnia 2026", "1 грудня 2026 року" (the year's word in full, never "р." before a full stop).
      const words = (iso: string) =>
        new Intl.DateTimeFormat(tag, { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" })
          .format(new Date(`${iso}T12:00:00Z`))
          .replace(/\s+р\.$/, " року");
      await page.goto(pathFor("order", locale));
      const field = page.locator("#field-startDate");
      await expect(field).toHaveAttribute("type", "text");
      for (const numeric of [field, page.locator("#field-propertyPostalCode"), page.locator("#field-mailingPostalCode")])
        await expect(numeric).toHaveAttribute("inputmode", "numeric");
      await expect(page.locator("#field-startDate-description")).toHaveText(
        `${order.form.startDateHint}. ${order.form.startDateDigitsHint}`,
      );
      await expect(field).toHaveAttribute("aria-describedby", /field-startDate-description/);
      const data = validOrder(testInfo.project.name);
      await fillOrderForm(page, { ...data, startDate: "", mailingPostalCode: "" });
      // Without the hyphen, as a number pad types it.
      await page.locator("#field-mailingPostalCode").pressSequentially("00950");
      const echo = page.getByTestId("start-date-echo");

      // A slash date could mean two days: asked for again, day first, with an example; nothing is echoed.
      await field.pressSequentially("12/01/2027");
      await page.getByRole("button", { name: order.form.preview }).click();
      await expect(page.locator("#field-startDate-error")).toHaveText(order.validation.dateAmbiguous);
      await expect(echo).toHaveText("");
      await expect(field).toHaveValue("12/01/2027");

      // Too far away: refused, and the message stands beside the date as the site read it.
      await field.fill("");
      await field.pressSequentially("1.1.2030");
      if (!javaScriptEnabled) await page.getByRole("button", { name: order.form.preview }).click();
      await expect(echo).toContainText(words("2030-01-01"));
      if (!javaScriptEnabled) await expect(page.locator("#field-startDate-error")).toHaveText(order.validation.dateRange);

      // The month written out, as people say it, with the year word: "2 grudnia 2026 r.", "2 грудня 2026 р.".
      const start = inDays(20);
      const month = new Intl.DateTimeFormat(tag, { timeZone: "UTC", day: "numeric", month: "long" })
        .formatToParts(new Date(`${start}T12:00:00Z`))
        .find((part) => part.type === "month")!.value;
      const typed = `${Number(start.slice(8))} ${month} ${start.slice(0, 4)} ${locale === "pl" ? "r." : "р."}`;
      await field.fill("");
      await field.pressSequentially(typed);
      await expect(field).toHaveValue(typed);
      if (javaScriptEnabled) await expect(echo).toHaveText(order.form.startDateUnderstood.replace("{{date}}", words(start)));
      await page.getByRole("button", { name: order.form.preview }).click();
      await expect(page.getByTestId("preview-start-date")).toHaveText(order.preview.startDate.replace("{{date}}", words(start)));
      await expect(page.getByTestId("contract")).toContainText(words(start));
      await expect(page.getByTestId("contract")).toContainText("00-950 Warszawa");
    });
  }

  test("the error summary's heading names the problem", async ({ page }) => {
    await page.goto(pathFor("order", "en"));
    await submitEmpty(page, "en");
    await expect(page.getByTestId("error-summary").getByRole("heading")).toHaveText(strings("en", "order").errorSummary.heading);
    await expect(page.getByTestId("error-summary")).not.toContainText(strings("en", "order").errors.previewFailed);
  });

  test("the type choice shows each price on the main form too", async ({ page }) => {
    await page.goto(pathFor("order", "pl"));
    await expect(page.locator('label[for="field-declarationType-regular"]')).toContainText(/299\s?zł/);
    await expect(page.locator('label[for="field-declarationType-notarized"]')).toContainText(/399\s?zł/);
  });
});

test.describe("the binding Polish text", () => {
  for (const locale of ["en", "uk", "ru"] as const) {
    test(`the ${locale} preview shows it beside the translation and says it binds`, async ({ page }, testInfo) => {
      const order = strings(locale, "order");
      const data = validOrder(testInfo.project.name);
      await page.goto(pathFor("order", locale));
      await fillOrderForm(page, data);
      await page.getByRole("button", { name: order.form.preview }).click();
      const binding = page.getByTestId("binding-contract");
      await expect(binding).toContainText(order.preview.bindingNote);
      await binding.getByText(order.preview.bindingSummary).click();
      await expect(binding.locator("article[lang=pl]")).toContainText(pl.contract.subject.heading);
      await expect(binding.locator("article[lang=pl]")).toContainText(`Najemca: ${data.tenantName}`);
    });
  }

  test("the Polish preview has no second copy", async ({ page }, testInfo) => {
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, validOrder(testInfo.project.name));
    await page.getByRole("button", { name: pl.form.preview }).click();
    await expect(page.getByTestId("contract")).toBeVisible();
    await expect(page.getByTestId("binding-contract")).toHaveCount(0);
  });
});

test.describe("changing language in the middle of the order", () => {
  test("the switcher keeps every typed value, on the form and on the preview, and puts none of them in the address", async ({
    page,
  }, testInfo) => {
    const data = validOrder(testInfo.project.name);
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, { ...data, tenantName: "", email: "" }, { consent: false });
    await page.locator("#field-tenantName").pressSequentially(data.tenantName);
    await page.locator("#field-email").pressSequentially(data.email);
    await page.locator("#field-coResidents").pressSequentially("Taras Kovalenko (Тарас Коваленко)");

    const switchTo = async (name: string) => {
      await page.getByTestId("language-switcher").locator("summary").click();
      await page.getByTestId("language-switcher").getByRole("button", { name }).click();
    };
    await switchTo("English");
    await expect(page).toHaveURL(new RegExp(`${pathFor("order", "en")}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("h1")).toHaveText(strings("en", "order").heading);
    await expect(page.locator("#field-tenantName")).toHaveValue(data.tenantName);
    await expect(page.locator("#field-email")).toHaveValue(data.email);
    await expect(page.locator("#field-coResidents")).toHaveValue("Taras Kovalenko (Тарас Коваленко)");
    await expect(page.locator("#field-mailingPostalCode")).toHaveValue(data.mailingPostalCode);
    await expect(page.locator(`#field-declarationType-${data.declarationType}`)).toBeChecked();
    // Nothing was refused on the way: the form is shown again, not its errors.
    await expect(page.getByTestId("error-summary")).toHaveCount(0);

    // From the preview too: back to the form in the other language, with the values.
    await page.locator("#field-dataProcessingConsent").check();
    await page.getByRole("button", { name: strings("en", "order").form.preview }).click();
    await expect(page.getByTestId("contract")).toContainText(data.tenantName);
    await switchTo("Українська");
    await expect(page).toHaveURL(new RegExp(`${pathFor("order", "uk")}$`));
    await expect(page.locator("h1")).toHaveText(strings("uk", "order").heading);
    await expect(page.locator("#field-tenantName")).toHaveValue(data.tenantName);
    await expect(page.locator("#field-email")).toHaveValue(data.email);
  });
});
