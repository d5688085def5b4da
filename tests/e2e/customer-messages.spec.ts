import Database from "better-sqlite3";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomLetters } from "./support/order";
import { HTTP_ONLY, pathFor, strings, type Locale } from "./support/site";

/**
 * "Napisz do nas" (issue 48, docs/decisions/086): a customer writes on the order's page, key by key,
 * and sees the message in the thread, in place with JavaScript and after the page's reload without
 * it; refusals keep the text; a message's markup and links stay text; a stranger's token writes
 * nothing; the contact page's form sends, refuses and keeps values, also over the POST limit. Both
 * projects (js, no-js), on a phone (390 px) and a desk (1280 px), in Polish and Ukrainian.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** A fresh order through the JSON API (the quickest way to an order page); its token and number. */
async function placeOrder(request: APIRequestContext): Promise<{ token: string; number: string }> {
  const response = await request.post("/api/accept", {
    data: {
      imie_nazwisko_najemcy: `Olena Wiadomość ${randomLetters()}`,
      email: "olena@example.com",
      telefon: "600100200",
      adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
      adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
    },
  });
  expect(response.status()).toBe(201);
  const answer = (await response.json()) as { payment_url: string; order_number: string };
  return { token: answer.payment_url.split("/").at(-1)!, number: answer.order_number };
}

const orderPage = (locale: Locale, token: string) => pathFor("payment", locale).replace(":token", token);

/** Messages stored with this text, read from the suite's database (any thread). */
function storedMessages(text: string): number {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM conversation_messages WHERE body = ?").get(text) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** With JavaScript, the page is hydrated (its copy buttons, drawn only then, are there); without it, there is nothing to wait for. */
async function readyToType(page: Page, js: boolean, locale: "pl" | "uk"): Promise<void> {
  if (js) await expect(page.getByText(strings(locale, "payment").copy.button, { exact: true }).first()).toBeVisible();
}

for (const locale of ["pl", "uk"] as const) {
  const texts = strings(locale, "payment").messages;
  for (const viewport of VIEWPORTS) {
    test(`${locale}, ${viewport.width} px: a message typed on the order page joins the thread, as text`, async ({
      page,
      request,
    }, testInfo) => {
      const js = testInfo.project.name === "js";
      await page.setViewportSize(viewport);
      const { token, number } = await placeOrder(request);
      await page.goto(orderPage(locale, token));
      await readyToType(page, js, locale);
      await expect(page.getByTestId("thread-message")).toHaveCount(0);
      if (js) await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      const text = `${locale === "uk" ? "Чи можна змінити адресу?" : "Czy mogę zmienić adres?"} <b>pilne</b> https://example.com ${randomLetters()}`;
      const field = page.getByLabel(texts.label);
      await field.pressSequentially(text);
      await page.getByRole("button", { name: texts.send }).click();

      const message = page.getByTestId("thread-message").last();
      await expect(message).toContainText(text);
      await expect(message).toContainText(texts.author.customer);
      // Markup and an address stay text: no bold element, no link.
      await expect(message.locator("b, a")).toHaveCount(0);
      await expect(message.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
      expect(storedMessages(text)).toBe(1);
      if (js) {
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), "no page load").toBe(true);
        await expect(field).toHaveValue("");
      } else {
        // The page came back at the form, under the thread.
        expect(new URL(page.url()).hash).toBe("#message-form");
      }

      // The messengers, the page language's first, each naming the order where the app allows.
      const links = page.getByTestId("messenger-links").locator("a");
      expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("data-messenger")))).toEqual(
        locale === "uk" ? ["telegram", "viber", "whatsapp", "messenger"] : ["messenger", "whatsapp", "telegram", "viber"],
      );
      await expect(page.locator('[data-messenger="whatsapp"]')).toHaveAttribute(
        "href",
        new RegExp(`^https://wa\\.me/48600100201\\?text=.*${number}`),
      );
      await expect(page.locator('[data-messenger="messenger"]')).toHaveAttribute("href", `https://m.me/adres.test?ref=${number}`);
      await expect(page.getByTestId("messenger-links")).toContainText(texts.messengers.warning);
    });
  }

  test(`${locale}: an empty or too long message is refused with 400 in the page's language, the text kept`, async ({
    page,
    request,
  }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.setViewportSize(VIEWPORTS[0]);
    const { token } = await placeOrder(request);
    await page.goto(orderPage(locale, token));
    await readyToType(page, js, locale);
    const send = page.getByRole("button", { name: texts.send });
    const field = page.getByLabel(texts.label);

    const emptyAnswer = page.waitForResponse((response) => response.request().method() === "POST");
    await send.click();
    expect((await emptyAnswer).status()).toBe(400);
    await expect(page.getByText(texts.errors.empty)).toBeVisible();

    // Pasted all at once, as a long text usually arrives.
    const long = `${"Długi tekst ".repeat(170)}${randomLetters()}`;
    expect(long.length).toBeGreaterThan(2000);
    await field.fill(long);
    const longAnswer = page.waitForResponse((response) => response.request().method() === "POST");
    await send.click();
    expect((await longAnswer).status()).toBe(400);
    await expect(page.getByText(texts.errors.tooLong.replace("{{max}}", "2000"))).toBeVisible();
    await expect(page.getByLabel(texts.label)).toHaveValue(long);
    await expect(page.getByLabel(texts.label)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("thread-message")).toHaveCount(0);
    expect(storedMessages(long)).toBe(0);
  });
}

test("a stranger's post to an order's thread with a wrong token is a 404 and stores nothing", HTTP_ONLY, async ({ request }) => {
  const { token } = await placeOrder(request);
  const wrong = `${token.slice(0, -4)}${token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
  const text = `Obcy ${randomLetters()}`;
  for (const path of [orderPage("pl", wrong), orderPage("uk", wrong)]) {
    const answer = await request.post(path, { form: { intent: "message", message: text }, maxRedirects: 0 });
    expect(answer.status()).toBe(404);
  }
  expect(storedMessages(text)).toBe(0);
  // The owner's page still has an empty thread.
  const own = await request.get(orderPage("pl", token));
  expect(await own.text()).not.toContain(text);
});

for (const locale of ["pl", "uk"] as const) {
  const texts = strings(locale, "contact").messages;
  test(`${locale}: the contact form refuses an invalid e-mail with the values kept, then sends and says the answer comes by e-mail`, async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(pathFor("contact", locale));
    const name = `Olena ${randomLetters()}`;
    const message = `Pytanie o oświadczenie ${randomLetters()}`;
    await page.getByLabel(texts.form.name).pressSequentially(name);
    await page.getByLabel(texts.form.email).pressSequentially("olena@example");
    await page.getByLabel(texts.form.message).pressSequentially(message);
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: texts.form.submit }).click();
    expect((await refused).status()).toBe(400);

    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText(texts.errors.heading);
    const link = summary.getByRole("link", { name: `${texts.form.email}: ${texts.errors.emailInvalid}` });
    await expect(link).toHaveAttribute("href", "#contact-email");
    await expect(page.getByLabel(texts.form.name)).toHaveValue(name);
    await expect(page.getByLabel(texts.form.email)).toHaveValue("olena@example");
    await expect(page.getByLabel(texts.form.message)).toHaveValue(message);
    expect(storedMessages(message)).toBe(0);

    await page.getByLabel(texts.form.email).fill("olena@example.com");
    await page.getByRole("button", { name: texts.form.submit }).click();
    await expect(page.getByTestId("contact-sent")).toContainText(texts.sent.text);
    expect(storedMessages(message)).toBe(1);
    await expect(page.getByTestId("messenger-links").locator("a").first()).toHaveAttribute(
      "data-messenger",
      locale === "uk" ? "telegram" : "messenger",
    );
  });
}

test("over the POST limit the contact form answers 429 in the page's language and keeps what was typed", async ({
  page,
  request,
}, testInfo) => {
  // The suite's server trusts one proxy hop: this test is a client of its own, so only it reaches the limit.
  const address = `198.51.100.${testInfo.project.name === "js" ? 11 : 12}`;
  const texts = strings("uk", "contact").messages;
  for (let index = 0; index < 30; index++)
    await request.post(pathFor("contact", "uk"), { form: { name: "" }, headers: { "X-Forwarded-For": address }, maxRedirects: 0 });
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  await page.goto(pathFor("contact", "uk"));
  const message = `Повідомлення ${randomLetters()}`;
  await page.getByLabel(texts.form.name).fill("Олена Коваленко");
  await page.getByLabel(texts.form.email).fill("olena@example.com");
  await page.getByLabel(texts.form.message).fill(message);
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: texts.form.submit }).click();
  expect((await answer).status()).toBe(429);
  await expect(page.getByTestId("error-summary")).toContainText(texts.errors.tooMany.split(":")[0]!);
  await expect(page.locator("html")).toHaveAttribute("lang", "uk");
  await expect(page.getByLabel(texts.form.message)).toHaveValue(message);
  await expect(page.getByLabel(texts.form.email)).toHaveValue("olena@example.com");
  expect(storedMessages(message)).toBe(0);
});
