import { expect, test, type Locator, type Page } from "@playwright/test";
import { fillOrderForm, markPaidInDatabase, orderWithBothConsents, validOrder, type OrderData } from "./support/order";
import { pathFor, strings, type Locale } from "./support/site";

/**
 * An order placed before the flat is found (issue 49, docs/decisions/091): the form's checkbox leaves the flat's address
 * for later, the order is paid (as a booked transfer leaves it), and the customer gives the address on the order page:
 * a refused address keeps what was typed, then the declaration's text, then "Potwierdź adres". Both projects (JavaScript
 * on and off), on a phone and on a wide screen. Screenshots of each state go to /tmp/shots-al/ when SHOTS_AL is set.
 */

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };
const FLAT_FIELDS = ["propertyAddress", "propertyPostalCode", "propertyCity"] as const;

async function shot(page: Page, name: string, javaScriptEnabled: boolean, part?: Locator) {
  if (!process.env.SHOTS_AL) return;
  const path = `/tmp/shots-al/${name}-${javaScriptEnabled ? "js" : "nojs"}.png`;
  const panel = part ?? page.getByTestId("address-later");
  if (await panel.isVisible()) await panel.screenshot({ path });
  else await page.screenshot({ path });
}

/** The order form filled without the flat's address and with the box ticked, then the preview. */
async function orderWithoutAddress(page: Page, locale: Locale) {
  const order = strings(locale, "order");
  await page.goto(pathFor("order", locale));
  const { propertyAddress: _a, propertyPostalCode: _p, propertyCity: _c, ...rest } = validOrder("al");
  await fillOrderForm(page, rest as OrderData);
  await page.getByLabel(order.form.addressLater).check();
  await page.getByRole("button", { name: order.form.preview }).click();
  await expect(page.getByTestId("preview-address-later")).toHaveText(order.preview.addressLater);
  await expect(page.getByTestId("contract")).toContainText(order.contract.subject.addressLater);
  await orderWithBothConsents(page, order);
  await expect(page).toHaveURL(/\/(platnosc|uk\/payment)\/[A-Za-z0-9_-]{32}$/);
  return (await page.getByTestId("order-number").textContent()) ?? "";
}

/** The POST the next press sends, whichever way it goes (a document without JavaScript, Remix's fetch with it). */
const nextPost = (page: Page) => page.waitForResponse((response) => response.request().method() === "POST");

for (const locale of ["uk", "pl"] as const)
  for (const [size, viewport] of [
    ["390", PHONE],
    ["1280", WIDE],
  ] as const)
    test(`${locale}, ${size} px: an order placed without the flat's address is paid and given it on the order page`, async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.setViewportSize(viewport);
      const pay = strings(locale, "payment").addressLater;
      const number = await orderWithoutAddress(page, locale);
      const orderPage = page.url();
      await expect(page.getByTestId("address-later-state")).toHaveText(pay.unpaid);

      markPaidInDatabase(number, new Date().toISOString());
      await page.goto(orderPage);
      const panel = page.getByTestId("address-later");
      await expect(panel.getByRole("heading", { level: 2 })).toHaveText(pay.heading);
      await shot(page, `${locale}-${size}-needed`, javaScriptEnabled);

      // Typed as a person types, with a postcode one digit short: refused, every value kept, the reason beside the field.
      await panel.getByLabel(pay.street).pressSequentially("ul. Szewczenki 7 m. 3");
      await panel.getByLabel(pay.postalCode).pressSequentially("7025");
      await panel.getByLabel(pay.city).pressSequentially("Szczecin");
      let post = nextPost(page);
      await panel.getByRole("button", { name: pay.preview }).click();
      expect((await post).status()).toBe(400);
      await expect(page.getByTestId("error-summary")).toContainText(pay.postalCode);
      await expect(panel.getByLabel(pay.street)).toHaveValue("ul. Szewczenki 7 m. 3");
      await expect(panel.getByLabel(pay.postalCode)).toHaveValue("7025");
      await expect(panel.getByLabel(pay.city)).toHaveValue("Szczecin");
      await shot(page, `${locale}-${size}-refused`, javaScriptEnabled);

      await panel.getByLabel(pay.postalCode).fill("");
      await panel.getByLabel(pay.postalCode).pressSequentially("70250");
      post = nextPost(page);
      await panel.getByRole("button", { name: pay.preview }).click();
      expect((await post).status()).toBe(200);
      const preview = page.getByTestId("address-preview");
      await expect(preview).toContainText("Adres lokalu wynajmowanego przez najemcę: ul. Szewczenki 7 m. 3, 70-250 Szczecin");
      await shot(page, `${locale}-${size}-preview`, javaScriptEnabled);

      await panel.getByRole("button", { name: pay.confirm }).click();
      await expect(page.getByTestId("address-later-state")).toContainText("ul. Szewczenki 7 m. 3, 70-250 Szczecin");
      await expect(panel.getByRole("heading", { level: 2 })).toHaveText(pay.givenHeading);
      // Counted from today: the dispatch day stands on the page again.
      await expect(page.getByTestId("deadline-dispatch")).toBeVisible();
      await expect(panel.getByRole("button")).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, `${locale}-${size}-given`, javaScriptEnabled);
    });

test("pl: the form's checkbox makes the flat's address optional, and a part typed is still checked", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize(PHONE);
  const order = strings("pl", "order");
  await page.goto(pathFor("order", "pl"));
  const { propertyAddress: _a, propertyPostalCode: _p, propertyCity: _c, ...rest } = validOrder("al");
  await fillOrderForm(page, rest as OrderData);
  // Unticked, the flat's three fields are required.
  let post = javaScriptEnabled ? null : nextPost(page);
  await page.getByRole("button", { name: order.form.preview }).click();
  if (post) expect((await post).status()).toBe(400);
  for (const name of FLAT_FIELDS) await expect(page.locator(`#field-${name}-error`)).toHaveText(order.validation.required);
  await shot(page, "pl-390-required", javaScriptEnabled);

  // Ticked with a postcode typed: that part is checked, the rest asked for; the box stays ticked.
  await page.getByLabel(order.form.addressLater).check();
  await page.locator("#field-propertyPostalCode").pressSequentially("7025");
  post = javaScriptEnabled ? null : nextPost(page);
  await page.getByRole("button", { name: order.form.preview }).click();
  if (post) expect((await post).status()).toBe(400);
  await expect(page.locator("#field-propertyPostalCode-error")).toHaveText(order.validation.postalCode);
  await expect(page.getByLabel(order.form.addressLater)).toBeChecked();
  await shot(page, "pl-390-flat-fieldset", javaScriptEnabled, page.locator("fieldset", { has: page.getByLabel(order.form.addressLater) }));

  // Ticked with the three fields empty: the preview says how the order goes on.
  await page.locator("#field-propertyPostalCode").fill("");
  await page.getByRole("button", { name: order.form.preview }).click();
  await expect(page.getByTestId("preview-address-later")).toHaveText(order.preview.addressLater);
  await shot(page, "pl-390-preview", javaScriptEnabled);
});
