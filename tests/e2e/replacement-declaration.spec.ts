import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { pdfTextOf } from "../support/pdf-text";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";
import { waitForMail } from "./support/mail";
import { randomLetters, updateOrderInDatabase } from "./support/order";
import { strings } from "./support/site";

/**
 * A replacement declaration (issue 49, docs/decisions/092): an operator issues one on a dispatched
 * order; the old code's verification page says "zastąpione", the new one's is valid; the customer gets
 * an e-mail in their language and their order page lists both declarations with the 21 days' rule.
 * One order per project serves the whole spec: the tests run in order, the replacement first.
 */
test.describe.configure({ mode: "serial" });

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };
const landlordPl = strings("pl", "landlord").verify;
const landlordUk = strings("uk", "landlord").verify;
const pageUk = strings("uk", "payment").replacement;

const owner = `Maria Zielińska ${randomLetters()}`;
const newFlat = "ul. Polna 12/4, 61-001 Poznań";
const email = `zastepcze.${randomLetters()}@example.com`;
let number = "";
let paymentPath = "";
let oldCode = "";
let newCode = "";

/** The order's codes from the site's database, oldest first, as the declaration prints them ("7KQ4-M2XD-9TRW"). */
function codesOf(orderNumber: string): Array<{ code: string; replaced: boolean }> {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "SELECT code, replaced_at FROM declaration_codes JOIN orders ON orders.id = declaration_codes.order_id WHERE orders.number = ? ORDER BY declaration_codes.id",
      )
      .all(orderNumber) as Array<{ code: string; replaced_at: string | null }>;
    return rows.map((row) => ({ code: row.code.replace(/(.{4})(?=.)/g, "$1-"), replaced: row.replaced_at !== null }));
  } finally {
    db.close();
  }
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw" }).format(new Date());
/** Today as the pages write a date: "30 listopada 2026", "30 листопада 2026 року" (the year's word in full). */
const longDate = (locale: string) =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Warsaw" })
    .format(new Date())
    .replace(/ р\.$/, " року");

async function noOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.beforeAll(async ({ request }) => {
  ({ number, paymentPath } = await placeOrder(request, { name: `Olena Zastępcza${randomLetters()}`, email, locale: "uk" }));
  const now = new Date().toISOString();
  updateOrderInDatabase(number, { status: "dispatched", paid_at: now, dispatched_at: now, tracking_number: "PL123456789", courier: "DPD" });
  oldCode = codesOf(number)[0]!.code;
});

test("an operator on a phone issues a replacement: an empty form comes back with its messages, the filled one replaces the declaration", async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  const operator = uniqueOperatorEmail(`replacement-${testInfo.project.name}`);
  createOperator(operator);
  await useOwnClientAddress(page);
  await signIn(page, operator);
  await openOrder(page, number);

  const section = page.getByTestId("admin-declarations");
  await expect(section.getByTestId("admin-declaration")).toHaveCount(1);
  await expect(section.getByTestId("admin-declaration-state")).toHaveText("aktualne");
  const form = page.getByTestId("replacement-form");
  await form.locator("summary").click();
  await form.getByLabel("Nowy właściciel lokalu zastępczego (imię i nazwisko albo nazwa)").pressSequentially(owner);
  const refused = page.waitForResponse((answer) => answer.request().method() === "POST");
  await form.getByRole("button", { name: "Wystaw oświadczenie zastępcze" }).click();
  expect((await refused).status()).toBe(400);
  // The page lists what is missing at its top, each linking to its field; what was typed stays.
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Wpisz pełny adres nowego lokalu");
  await expect(summary).toContainText("Zaznacz, że poprzednie oświadczenie przestanie być ważne.");
  await expect(form.getByLabel("Nowy właściciel lokalu zastępczego (imię i nazwisko albo nazwa)")).toHaveValue(owner);
  expect(codesOf(number)).toEqual([{ code: oldCode, replaced: false }]);

  await form.getByLabel("Adres nowego lokalu zastępczego").pressSequentially(newFlat);
  await form.getByLabel("Miejscowość nowego lokalu").pressSequentially("Poznań");
  await expect(form.getByLabel("Data oświadczenia")).toHaveValue(today());
  await form.getByLabel("Poprzednie oświadczenie przestanie być ważne, a klient dostanie e-mail").check();
  await form.getByRole("button", { name: "Wystaw oświadczenie zastępcze" }).click();

  await expect(page.getByTestId("transition-done")).toHaveText(
    "Wystawiono oświadczenie zastępcze. Klient dostanie e-mail; pobierz nowe oświadczenie do podpisu.",
  );
  const codes = codesOf(number);
  expect(codes.map((row) => row.replaced)).toEqual([true, false]);
  newCode = codes[1]!.code;
  await expect(section.getByTestId("admin-declaration-state")).toHaveText([
    new RegExp(`^zastąpione ${today().split("-").reverse().join("\\.")}, \\d{2}:\\d{2}$`),
    "aktualne",
  ]);
  await expect(section).toContainText(`${owner}, ${newFlat}`);
  await expect(page.getByTestId("status-history")).toContainText(`wystawiono oświadczenie zastępcze, ${operator}`);
  await expect(page.getByTestId("status-history")).toContainText(`nowy kod: ${newCode}`);

  // "Pobierz oświadczenie" prints the current one: the new flat, owner and code; the old one's link still prints the old.
  const current = await page.request.get((await page.getByTestId("declaration-pdf").getAttribute("href"))!);
  const currentText = await pdfTextOf(await current.body());
  expect(currentText).toContain(`Imię i nazwisko albo nazwa: ${owner}`);
  expect(currentText).toContain(`Adres lokalu zastępczego: ${newFlat}`);
  expect(currentText).toContain(`Kod weryfikacyjny: ${newCode}`);
  const old = await page.request.get((await section.getByRole("link", { name: `Pobierz (${oldCode})` }).getAttribute("href"))!);
  expect(old.status()).toBe(200);
  const oldText = await pdfTextOf(await old.body());
  expect(oldText).toContain(`Kod weryfikacyjny: ${oldCode}`);
  expect(oldText).toContain("NIEWAŻNE – zastąpione");
  expect(oldText).not.toContain(owner);
  await noOverflow(page, PHONE.width);
});

test("the old code's page says 'zastąpione' with the day and no link to the newer one; the new code is valid (pl and uk)", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/weryfikacja/${oldCode}`);
  await expect(page.getByTestId("verify-verdict")).toHaveText(landlordPl.replacement.heading.replace("{{date}}", longDate("pl-PL")));
  await expect(page.getByTestId("verify-result")).toContainText(landlordPl.replacement.text);
  const html = await page.content();
  expect(html).not.toContain(newCode);
  expect(html).not.toContain(owner);
  expect(html).not.toContain("Polna");
  await expect(page.getByTestId("verify-result").getByRole("link")).toHaveCount(0);
  await noOverflow(page, PHONE.width);

  await page.goto(`/uk/verify/${oldCode}`);
  await expect(page.getByTestId("verify-verdict")).toHaveText(landlordUk.replacement.heading.replace("{{date}}", longDate("uk-UA")));

  await page.goto(`/weryfikacja/${newCode}`);
  await expect(page.getByTestId("verify-verdict")).toHaveText(landlordPl.result.valid);
  await expect(page.getByTestId("verify-order-number")).toHaveText(number);
  await page.goto(`/uk/verify/${newCode}`);
  await expect(page.getByTestId("verify-verdict")).toHaveText(landlordUk.result.valid);
});

for (const viewport of [WIDE, PHONE]) {
  test(`the customer's page at ${viewport.width} px lists both declarations and says how to ask for a replacement within 21 days`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(paymentPath);
    const panel = page.getByTestId("declarations");
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText(pageUk.heading);
    const items = panel.getByTestId("declaration-item");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByTestId("declaration-state")).toHaveText(pageUk.replaced.replace("{{date}}", longDate("uk-UA")));
    await expect(items.nth(0)).toContainText(oldCode);
    await expect(items.nth(1).getByTestId("declaration-state")).toHaveText(pageUk.current);
    await expect(items.nth(1)).toContainText(newFlat);
    await expect(items.nth(1)).toContainText(owner);
    await expect(items.nth(1)).toContainText(newCode);
    await expect(panel.getByTestId("replacement-rule")).toHaveText(pageUk.rule);
    await expect(panel.getByTestId("replacement-price")).toHaveText(pageUk.free);
    // "Напишіть нам" leads to the page's own message form.
    await panel.getByRole("link", { name: pageUk.writeLink }).click();
    await expect(page.getByTestId("message-form")).toBeInViewport();
    await noOverflow(page, viewport.width);
  });
}

test("the customer's e-mail, in their language, names the new flat and owner and says the old declaration is no longer valid", async () => {
  const mail = strings("uk", "mail");
  const [message] = await waitForMail((received) => received.to.includes(email) && received.subject.includes("замість попередньої"));
  expect(message!.subject).toBe(mail.subject.declaration_replaced.replace("{{number}}", number));
  expect(message!.text).toContain(owner);
  expect(message!.text).toContain(newFlat);
  expect(message!.text).toContain(newCode);
  expect(message!.text).toContain(mail.replacement.oldInvalid.replace("{{code}}", oldCode));
  expect(message!.text).toContain(mail.replacement.landlord);
});
