import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { waitForMail } from "./support/mail";
import { fillOrderForm, randomLetters, validOrder } from "./support/order";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";
import { pathFor, strings } from "./support/site";

/**
 * A VAT-exempt seller (COMPANY_VAT=zw, no basis set: art. 113 ust. 1) on a site of this spec's own: the
 * order form, the order page, the confirmation e-mail, the terms and the home page's prices say the
 * prices are final and why, and never that they include VAT. One site per project, as the two projects
 * may run at once; e-mail goes to the suite's SMTP server.
 */
// One site (and stand-in) per project: every test of the file runs in the worker that started them.
test.describe.configure({ mode: "default" });
const sitePort = (project: string) => ownSitePort(project === "js" ? 120 : 121);
test.use({
  viewport: { width: 390, height: 844 },
  baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${sitePort(testInfo.project.name)}`),
});

const EXEMPT_PRICE = "cena końcowa; Usługodawca korzysta ze zwolnienia z VAT na podstawie art. 113 ust. 1 ustawy o VAT";
const EXEMPT_PRICES = "ceny końcowe; Usługodawca korzysta ze zwolnienia z VAT (art. 113 ust. 1 ustawy o VAT)";
/** What an exempt seller's pages may not say. */
const INCLUDES_VAT = /zawiera(ją)? (podatek )?VAT|\(z VAT\)|brutto/i;

let site: ChildProcess;
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  const port = sitePort(testInfo.project.name);
  site = startOwnSite(port, {
    COMPANY_VAT: "zw",
    SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 3}`,
    MAIL_FROM: "Adres do eksmisji <zamowienia@adres.test>",
    OPERATOR_EMAIL: "operator@adres.test",
    RATE_LIMIT_EXEMPT: "127.0.0.1",
  });
  await waitUntilUp(port, site);
});

test.afterAll(async () => {
  if (site) await stopOwnSite(site);
});

test('the order form, the order page and the confirmation e-mail say the price is final and why, never "z VAT"', async ({
  page,
}, testInfo) => {
  const order = strings("pl", "order");
  const email = `vat-zw-${testInfo.project.name}-${randomLetters()}@example.com`;
  await page.goto(pathFor("order", "pl"));
  await fillOrderForm(page, { ...validOrder(testInfo.project.name), email });
  await page.getByRole("button", { name: order.form.preview }).click();
  await expect(page.getByTestId("order-summary")).toContainText(`(${EXEMPT_PRICE})`);
  // The agreement in the preview names the exemption too.
  await expect(page.locator("main")).toContainText("Usługodawca korzysta ze zwolnienia z VAT (art. 113 ust. 1 ustawy o VAT).");
  await expect(page.locator("main")).not.toContainText(INCLUDES_VAT);

  await page.locator("#field-acceptTerms").check();
  await page.getByRole("button", { name: order.preview.order }).click();
  await expect(page).toHaveURL(/\/platnosc\//);
  const number = await page.getByTestId("order-number").innerText();
  await expect(page.locator("main")).toContainText(`(${EXEMPT_PRICE})`);
  await expect(page.locator("main")).not.toContainText(INCLUDES_VAT);

  const [confirmation] = await waitForMail((mail) => mail.to.includes(email) && mail.subject.includes(number));
  expect(confirmation!.text).toContain(`Kwota (${EXEMPT_PRICE})`);
  expect(confirmation!.text).not.toMatch(INCLUDES_VAT);
});

test("the terms and the home page's prices say the prices are final and why, never that they include VAT", async ({ page }) => {
  await page.goto(pathFor("terms", "pl"));
  await expect(page.locator("main")).toContainText(
    `Ceny podane w serwisie to ${EXEMPT_PRICES.replace("ceny końcowe", "ceny końcowe w złotych polskich")}`,
  );
  await expect(page.locator("main")).not.toContainText("zawierają podatek VAT");

  await page.goto(pathFor("home", "pl"));
  const pricing = page.locator("#pricing");
  await expect(pricing).toContainText(`Podane ceny to ${EXEMPT_PRICES}.`);
  await expect(page.getByTestId("pricing-card-regular")).toContainText("cena końcowa (zwolnienie z VAT)");
  await expect(page.locator("main")).not.toContainText(INCLUDES_VAT);

  await page.goto(pathFor("terms", "en"));
  await expect(page.locator("main")).toContainText(
    "Prices on the website are final prices in Polish zloty; the Provider is exempt from VAT (Article 113(1) of the Polish VAT Act)",
  );
  await expect(page.locator("main")).not.toContainText(/include VAT|gross/);
});
