import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { waitForMail } from "./support/mail";
import { placeOrder } from "./support/admin";
import { randomLetters } from "./support/order";
import { pathFor, strings } from "./support/site";

/**
 * The withdrawal function (art. 11a): a link on every page and on the payment page, a form that
 * asks three things (filled in from the order's link), the statement shown as it will be recorded,
 * and one confirmation, acknowledged by e-mail with the full text and the time of receipt. The
 * answer is the same whether or not the number belongs to an order. The page is plain HTML, so
 * both projects take the same path; each runs it once at a phone's width.
 */
test.use({ viewport: { width: 390, height: 844 } });

function withdrawnAt(orderNumber: string): string | null {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT withdrawn_at FROM orders WHERE number = ?").get(orderNumber) as { withdrawn_at: string | null })
      .withdrawn_at;
  } finally {
    db.close();
  }
}

test("from the payment page's link, filled in, to the acknowledgement e-mail (uk)", async ({ page, request }, testInfo) => {
  const tenant = `Taras Withdraw ${randomLetters()} ${testInfo.project.name}`;
  const email = `withdraw-${randomLetters()}@example.com`;
  const accepted = await request.post("/api/accept", {
    data: {
      imie_nazwisko_najemcy: tenant,
      email,
      telefon: "600100200",
      adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
      adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
      jezyk: "uk",
      zgoda_na_przetwarzanie_danych: true,
      akceptacja_warunkow: true,
    },
  });
  const { payment_url: paymentUrl, order_number: number } = (await accepted.json()) as { payment_url: string; order_number: string };
  const uk = strings("uk", "withdrawal");

  await page.goto(paymentUrl);
  await page.getByTestId("withdrawal-link").click();
  await expect(page.locator("h1")).toHaveText(uk.heading);
  // Before the form: when the period starts, who else has the right, and how an early start ends it.
  await expect(page.locator("main")).toContainText(uk.lead);
  await expect(page.getByTestId("withdrawal-rights")).toContainText(uk.rights.soleTrader);
  await expect(page.getByTestId("withdrawal-rights")).toContainText(uk.rights.earlyStart);
  await expect(page.getByTestId("withdrawal-prefilled")).toBeVisible();
  await expect(page.getByLabel(uk.form.name)).toHaveValue(tenant);
  await expect(page.getByLabel(uk.form.reference)).toHaveValue(number);
  await expect(page.getByLabel(uk.form.email)).toHaveValue(email);
  await page.getByRole("button", { name: uk.form.next }).click();

  // Step two: the statement as it will be recorded; back to correct it keeps every value.
  const statement = page.getByTestId("withdrawal-statement");
  await expect(statement).toContainText(uk.statement.title);
  await expect(statement).toContainText(tenant);
  await expect(statement).toContainText(number);
  await page.getByRole("button", { name: uk.review.edit }).click();
  await expect(page.getByLabel(uk.form.name)).toHaveValue(tenant);
  await page.getByRole("button", { name: uk.form.next }).click();
  await page.getByRole("button", { name: uk.review.confirm }).click();

  const received = page.getByTestId("withdrawal-received");
  await expect(received.locator("h2")).toHaveText(uk.done.heading);
  await expect(received).toContainText("(за польським часом)");
  expect(withdrawnAt(number)).not.toBeNull();

  // The acknowledgement goes to the order's own address: its number in the subject, the full text, and the order's page.
  const mailStrings = strings("uk", "mail");
  const [mail] = await waitForMail(
    (message) =>
      message.to.includes(email) && message.subject === mailStrings.subject.withdrawal_acknowledgement.replace("{{number}}", number),
  );
  expect(mail!.text).toContain(uk.statement.title);
  expect(mail!.text).toContain(tenant);
  expect(mail!.text).toMatch(/\d{2}:\d{2}:\d{2} \(за польським часом\)/);
  expect(mail!.text.split("\n")).toContainEqual(
    expect.stringMatching(new RegExp(`^${mailStrings.paymentPage.replace("{{url}}", "")}http://\\S+${paymentUrl}$`)),
  );
  // The address is written as typed, so it can be copied: no invisible character inside it (in either part).
  expect(mail!.text).toContain(uk.statement.email.replace("{{email}}", email));
  expect(mail!.html).toContain(uk.statement.email.replace("{{email}}", email));
  // The confirmation e-mail carries the same button, opening the form filled in.
  const [confirmation] = await waitForMail((message) => message.to.includes(email) && message.subject.includes(number));
  expect(confirmation!.text).toContain(`${mailStrings.withdrawalLink.split(":")[0]}: `);
  expect(confirmation!.text).toMatch(new RegExp(`${pathFor("withdrawal", "uk")}\\?token=[A-Za-z0-9_-]{32}`));
});

test("from the footer, typed key by key, with a number of no order: the same answer and its acknowledgement (en)", async ({
  page,
}, testInfo) => {
  const en = strings("en", "withdrawal");
  const name = `Anna Stranger ${testInfo.project.name}`;
  const email = `stranger-${randomLetters()}@example.com`;
  await page.goto(pathFor("home", "en"));
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: strings("en", "common").footer.withdrawal })
    .click();
  await expect(page).toHaveURL(pathFor("withdrawal", "en"));

  await page.getByLabel(en.form.name).pressSequentially(name);
  await page.getByLabel(en.form.reference).pressSequentially("AE-2026-999999");
  await page.getByLabel(en.form.email).pressSequentially("stranger-at-example.com");
  const refused = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: en.form.next }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByTestId("error-summary")).toContainText(en.validation.email);
  await expect(page.getByLabel(en.form.name)).toHaveValue(name);
  await expect(page.getByLabel(en.form.reference)).toHaveValue("AE-2026-999999");

  await page.getByLabel(en.form.email).clear();
  await page.getByLabel(en.form.email).pressSequentially(email);
  await page.getByRole("button", { name: en.form.next }).click();
  const confirmed = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: en.review.confirm }).click();
  expect((await confirmed).status()).toBe(200);
  await expect(page.getByTestId("withdrawal-received").locator("h2")).toHaveText(en.done.heading);

  // Matching no order, the address given gets a receipt with the time, and none of the words typed into the form.
  const [mail] = await waitForMail((message) => message.to.includes(email));
  expect(mail!.subject).toBe(strings("en", "mail").subject.withdrawal_receipt);
  expect(mail!.text).toContain("(Polish time)");
  for (const part of [mail!.text, mail!.html]) {
    expect(part).not.toContain("Stranger");
    expect(part).not.toContain("AE-2026-999999");
  }
});

test("a stranger who knows the customer's name and order number: the same answer, and the customer's order stays as it was (pl)", async ({
  page,
  request,
}, testInfo) => {
  const pl = strings("pl", "withdrawal");
  const tenant = `Maria Kowalska ${randomLetters()}`;
  const { number, paymentPath } = await placeOrder(request, { name: tenant, email: `maria-${randomLetters()}@example.com` });
  const stranger = `stranger-${randomLetters()}-${testInfo.project.name}@example.com`;

  await page.goto(pathFor("withdrawal", "pl"));
  await page.getByLabel(pl.form.name).pressSequentially(tenant);
  await page.getByLabel(pl.form.reference).pressSequentially(number);
  await page.getByLabel(pl.form.email).pressSequentially(stranger);
  await page.getByRole("button", { name: pl.form.next }).click();
  await page.getByRole("button", { name: pl.review.confirm }).click();
  // The answer is the one every statement gets: it tells nobody whether the number belongs to an order.
  await expect(page.getByTestId("withdrawal-received").locator("h2")).toHaveText(pl.done.heading);

  expect(withdrawnAt(number)).toBeNull();
  // The customer's page still shows the order as it was, with its payment.
  await page.goto(paymentPath);
  await expect(page.getByTestId("order-status")).toHaveText(strings("pl", "payment").status.awaiting_payment);
  await expect(page.getByTestId("transfer-amount")).toBeVisible();
  // The stranger's address gets a receipt that carries neither the customer's name nor the order's number.
  const [receipt] = await waitForMail((message) => message.to.includes(stranger));
  expect(receipt!.subject).toBe(strings("pl", "mail").subject.withdrawal_receipt);
  for (const part of [receipt!.text, receipt!.html]) {
    expect(part).not.toContain(tenant);
    expect(part).not.toContain(number);
  }
});
