import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { placeOrder } from "./support/admin";
import { markPaidInDatabase, randomLetters, updateOrderInDatabase } from "./support/order";
import { strings } from "./support/site";

/**
 * A landlord checks a declaration (issue 49, docs/decisions/089): by the QR code's link and by the
 * code typed key by key, in Polish and Ukrainian, on a phone; an unknown code; a cancelled order's
 * code. One order serves the whole spec (per project): the tests run in order, the cancellation last.
 */
test.describe.configure({ mode: "serial" });

const pl = strings("pl", "landlord").verify;
const uk = strings("uk", "landlord").verify;
const PHONE = { width: 390, height: 844 };

const tenant = { first: "Janina", surname: `Kowalska${randomLetters()}` };
const email = `weryfikacja.${randomLetters()}@example.com`;
const phone = "600987654";
let number = "";
let code = "";

/** The order's current code from the site's database, printed as the declaration prints it ("7KQ4-M2XD-9TRW"). */
function codeOf(orderNumber: string): string {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        "SELECT code FROM declaration_codes JOIN orders ON orders.id = declaration_codes.order_id WHERE orders.number = ? AND replaced_at IS NULL",
      )
      .get(orderNumber) as { code: string };
    return row.code.replace(/(.{4})(?=.)/g, "$1-");
  } finally {
    db.close();
  }
}

/** Nothing the customer gave but the initials and the town: no full name, street, e-mail or phone. */
async function expectNoPersonalData(page: Page) {
  const html = await page.content();
  for (const secret of [tenant.first, tenant.surname, "Długa", "Krótka", email, phone, "600 987 654"]) expect(html).not.toContain(secret);
}

async function expectValid(page: Page, texts: typeof pl) {
  await expect(page.getByTestId("verify-verdict")).toHaveText(texts.result.valid);
  await expect(page.getByTestId("verify-order-number")).toHaveText(number);
  await expect(page.getByTestId("verify-initials")).toHaveText("J. K.");
  await expect(page.getByTestId("verify-co-residents")).toHaveText("0");
  await expect(page.getByTestId("verify-city")).toHaveText("Szczecin");
  await expectNoPersonalData(page);
}

test.beforeAll(async ({ request }) => {
  ({ number } = await placeOrder(request, { name: `${tenant.first} ${tenant.surname}`, email, phone }));
  markPaidInDatabase(number, new Date().toISOString().slice(0, 10));
  code = codeOf(number);
});

test("a landlord opens the QR code's link on a phone: valid, with the type, number, initials, co-residents and town only", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const response = await page.goto(`/weryfikacja/${code}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pl.heading);
  await expect(page.getByTestId("verify-code")).toHaveText(`Kod: ${code}`);
  await expectValid(page, pl);
  await expect(page.getByTestId("verify-type")).toHaveText(strings("pl", "common").products.regular.name);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  // The page is plain HTML: no script of the app's is loaded, with JavaScript on or off.
  await expect(page.locator("script[src]")).toHaveCount(0);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test("a landlord goes from the landlords' page to the form and types the code key by key, in small letters with spaces", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/dla-wynajmujacych");
  await page.getByRole("link", { name: "Sprawdź oświadczenie" }).click();
  await expect(page).toHaveURL(/\/weryfikacja$/);
  await page.getByLabel(pl.form.code).pressSequentially(code.toLowerCase().replaceAll("-", " "));
  await page.getByRole("button", { name: pl.form.submit, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/weryfikacja/${code}$`));
  await expectValid(page, pl);
});

test("in Ukrainian: the code typed without hyphens finds the declaration; a code cut short is refused with what was typed kept", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/uk/verify");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(uk.heading);
  const field = page.getByLabel(uk.form.code);
  await field.pressSequentially(code.slice(0, 7));
  const refused = page.waitForResponse((answer) => answer.request().method() === "POST");
  await page.getByRole("button", { name: uk.form.submit, exact: true }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByTestId("error-summary")).toContainText(uk.errors.malformed);
  await expect(page.getByLabel(uk.form.code)).toHaveValue(code.slice(0, 7));

  await page.getByLabel(uk.form.code).fill("");
  await page.getByLabel(uk.form.code).pressSequentially(code.replaceAll("-", ""));
  await page.getByRole("button", { name: uk.form.submit, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/uk/verify/${code}$`));
  await expectValid(page, uk);
});

test("an unknown code gets the same page with 'nie znaleźliśmy takiego oświadczenia'; a malformed one in the URL gets 400", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const unknown = code.startsWith("Z") ? "YYYY-YYYY-YYYY" : "ZZZZ-ZZZZ-ZZZZ";
  const response = await page.goto(`/weryfikacja/${unknown}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("verify-result")).toBeVisible();
  await expect(page.getByTestId("verify-verdict")).toHaveText(pl.result.notFound);
  await expect(page.getByTestId("verify-order-number")).toHaveCount(0);

  const malformed = await page.goto("/uk/verify/abc");
  expect(malformed?.status()).toBe(400);
  await expect(page.getByTestId("error-summary")).toContainText(uk.errors.malformed);
  await expect(page.getByLabel(uk.form.code)).toHaveValue("abc");
});

test("a cancelled order's code says the declaration is not valid, and since when", async ({ page }) => {
  updateOrderInDatabase(number, { status: "cancelled", cancelled_at: "2026-11-25T10:00:00.000Z", cancel_reason: "customer_request" });
  await page.setViewportSize(PHONE);
  await page.goto(`/weryfikacja/${code}`);
  await expect(page.getByTestId("verify-verdict")).toHaveText(pl.result.cancelled.replace("{{date}}", "25 listopada 2026"));
  await page.goto(`/uk/verify/${code}`);
  await expect(page.getByTestId("verify-verdict")).toHaveText(uk.result.cancelled.replace("{{date}}", "25 листопада 2026 року"));
  await expectNoPersonalData(page);
});
