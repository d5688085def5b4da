import { expect, test, type Page, type Route } from "@playwright/test";
import { countOrders, expectOnPaymentPage, fillOrderForm, orderWithBothConsents, validOrder } from "./support/order";
import { pathFor, strings, type Locale } from "./support/site";

const REQUIRED_FIELDS = [
  "landlordName",
  "tenantName",
  "startDate",
  "propertyAddress",
  "propertyPostalCode",
  "propertyCity",
  "mailingAddress",
  "mailingPostalCode",
  "mailingCity",
] as const;
const AMOUNT_399: Record<Locale, RegExp> = { pl: /^399\s?zł$/, en: /^PLN\s?399$/, uk: /^399\s?PLN$/, ru: /^399\s?PLN$/ };

function orderStrings(locale: Locale) {
  return strings(locale, "order");
}

async function preview(page: Page, locale: Locale) {
  await page.getByRole("button", { name: orderStrings(locale).form.preview }).click();
  await expect(page.getByTestId("contract")).toBeVisible();
}

/**
 * The next order button's POST carries a token changed on the way, as a forged or stale page would
 * send. Changing the hidden input in the page instead does not hold: any re-render of the preview
 * writes React's value back into it, and the order then goes through.
 */
async function sendTamperedTokenOnce(page: Page) {
  const tamper = async (route: Route) => {
    const request = route.request();
    const body = new URLSearchParams(request.postData() ?? "");
    if (request.method() !== "POST" || body.get("intent") !== "accept") return route.fallback();
    body.set("token", `${body.get("token")?.slice(0, -2)}xx`);
    await route.continue({ postData: body.toString() });
    await page.unroute("**/*", tamper);
  };
  await page.route("**/*", tamper);
}

test.describe("order form, stage 1", () => {
  for (const locale of ["pl", "en", "uk"] as const) {
    test(`an invalid submit shows every message in ${locale}, an error summary and keeps the values`, async ({
      page,
      javaScriptEnabled,
    }) => {
      const order = orderStrings(locale);
      await page.goto(pathFor("order", locale));
      await expect(page.locator("form[novalidate]")).toHaveCount(1);
      await page.getByLabel(order.form.tenantName).fill("Jan <b>Kowalski</b>");
      await page.getByLabel(order.form.email).fill("not-an-email");
      await page.getByLabel(order.form.phone).fill("12345");
      const response = javaScriptEnabled ? null : page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: order.form.preview }).click();
      if (response) expect((await response).status()).toBe(400);

      const summary = page.getByTestId("error-summary");
      await expect(summary.getByRole("heading", { name: order.errorSummary.heading })).toBeVisible();
      if (javaScriptEnabled) await expect(summary).toBeFocused();
      else await expect(page).toHaveTitle(`${strings(locale, "common").form.errorTitlePrefix} ${order.meta.title}`);
      for (const field of REQUIRED_FIELDS.filter((name) => name !== "tenantName")) {
        await expect(summary.locator(`a[href="#field-${field}"]`)).toContainText(order.validation.required);
        await expect(page.locator(`#field-${field}-error`)).toHaveText(order.validation.required);
      }
      await expect(summary.locator('a[href="#field-email"]')).toHaveText(`${order.form.email}: ${order.validation.email}`);
      await expect(summary.locator('a[href="#field-phone"]')).toHaveText(`${order.form.phone}: ${order.validation.phone}`);
      await expect(summary.locator('a[href="#field-dataProcessingConsent"]')).toHaveText(order.validation.dataProcessingConsent);
      await expect(summary.locator('a[href="#field-mailingCity"]')).toHaveText(
        `${order.form.mailingHeading} – ${order.form.mailingCity}: ${order.validation.required}`,
      );
      // A name must be written as in the passport: Latin letters, no markup.
      await expect(summary.locator('a[href="#field-tenantName"]')).toHaveText(`${order.form.tenantName}: ${order.validation.latinName}`);
      await expect(page.getByLabel(order.form.tenantName)).toHaveValue("Jan <b>Kowalski</b>");
      await expect(page.getByLabel(order.form.email)).toHaveValue("not-an-email");
      await expect(page.getByLabel(order.form.phone)).toHaveValue("12345");
      await expect(page.locator("#field-propertyPostalCode")).toHaveAttribute("placeholder", "XX-XXX");

      await summary.locator('a[href="#field-landlordName"]').click();
      await expect(page).toHaveURL(/#field-landlordName$/);
    });
  }

  test("the pricing cards' ?type= preselects the declaration type; an unknown value is ignored", async ({ page }) => {
    await page.goto(`${pathFor("order", "pl")}?type=notarized`);
    await expect(page.locator("#field-declarationType-notarized")).toBeChecked();
    await page.goto(`${pathFor("order", "pl")}?type=gold`);
    await expect(page.locator("#field-declarationType-regular")).toBeChecked();
  });
});

test.describe("order flow: preview, back, accept, payment", () => {
  for (const locale of ["pl", "uk"] as const) {
    test(`the happy path in ${locale} ends on the payment page with the right amount`, async ({ page }, testInfo) => {
      const order = orderStrings(locale);
      const data = validOrder(`${testInfo.project.name}-${locale}`);
      await page.goto(pathFor("order", locale));
      await fillOrderForm(page, data);
      await preview(page, locale);

      const contract = page.getByTestId("contract");
      await expect(contract).toContainText(data.tenantName);
      await expect(contract).toContainText("ul. Długa 5/3, 70-001 Szczecin");
      await expect(contract).toContainText("19a");
      await expect(page.locator("#field-acceptTerms")).not.toBeChecked();
      await expect(page.locator("#field-immediatePerformanceConsent")).not.toBeChecked();

      // Back to the form keeps every value.
      await page.getByRole("button", { name: order.preview.back }).click();
      await expect(page.locator("#field-tenantName")).toHaveValue(data.tenantName);
      await expect(page.locator("#field-declarationType-notarized")).toBeChecked();
      await expect(page.locator("#field-startDate")).toHaveValue(data.startDate);
      await expect(page.locator("#field-mailingCity")).toHaveValue(data.mailingCity);
      await expect(page.locator("#field-dataProcessingConsent")).toBeChecked();

      await preview(page, locale);
      await orderWithBothConsents(page, order);
      await expectOnPaymentPage(page, AMOUNT_399[locale]);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByTestId("transfer-title")).toContainText(await page.getByTestId("order-number").innerText());
      expect(countOrders(data.tenantName)).toBe(1);
    });
  }

  test("accept without the terms is refused with a message (no JavaScript)", async ({ page, javaScriptEnabled }, testInfo) => {
    test.skip(javaScriptEnabled, "with JavaScript the button stays disabled; covered below");
    const order = orderStrings("pl");
    const data = validOrder(testInfo.project.name);
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, data);
    await preview(page, "pl");
    await page.locator("#field-immediatePerformanceConsent").check();
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: order.preview.order }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByTestId("error-summary")).toContainText(order.validation.acceptTerms);
    await expect(page.getByTestId("contract")).toContainText(data.tenantName);
    // The choice made stays made.
    await expect(page.locator("#field-immediatePerformanceConsent")).toBeChecked();
    expect(countOrders(data.tenantName)).toBe(0);
  });

  test("the terms link to the terms and the data notice to the privacy policy, in the page's language", async ({ page }, testInfo) => {
    await page.goto(pathFor("order", "uk"));
    const consent = page.locator('label[for="field-dataProcessingConsent"]');
    await expect(consent.getByRole("link")).toHaveAttribute("href", pathFor("privacy", "uk"));
    await expect(consent).toContainText("літ. b ч. 1 ст. 6 GDPR");
    await fillOrderForm(page, validOrder(testInfo.project.name));
    await preview(page, "uk");
    await expect(page.locator('label[for="field-acceptTerms"]').getByRole("link")).toHaveAttribute("href", pathFor("terms", "uk"));
    await expect(page.getByRole("checkbox", { name: /Умови надання послуг/ })).toHaveAttribute("id", "field-acceptTerms");
  });

  test("without the request to start at once the order is placed too", async ({ page }, testInfo) => {
    const order = orderStrings("pl");
    const data = validOrder(testInfo.project.name);
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, data);
    await preview(page, "pl");
    await expect(page.locator("#field-immediatePerformanceConsent-description")).toContainText(/14/);
    await page.locator("#field-acceptTerms").check();
    await page.getByRole("button", { name: order.preview.order }).click();
    await expectOnPaymentPage(page, /^399\s?zł$/);
    expect(countOrders(data.tenantName)).toBe(1);
  });

  test("with JavaScript the order button waits for the terms only", async ({ page, javaScriptEnabled }, testInfo) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    const order = orderStrings("en");
    await page.goto(pathFor("order", "en"));
    await fillOrderForm(page, validOrder(testInfo.project.name));
    await preview(page, "en");
    const button = page.getByRole("button", { name: order.preview.order });
    await expect(button).toBeDisabled();
    await page.locator("#field-immediatePerformanceConsent").check();
    await expect(button).toBeDisabled();
    await page.locator("#field-acceptTerms").check();
    await expect(button).toBeEnabled();
  });

  test("a tampered token gets a clear 400 message and the preview again", async ({ page, javaScriptEnabled }, testInfo) => {
    const order = orderStrings("en");
    const data = validOrder(testInfo.project.name);
    await page.goto(pathFor("order", "en"));
    await fillOrderForm(page, data);
    await preview(page, "en");
    await page.locator("#field-acceptTerms").check();
    await page.locator("#field-immediatePerformanceConsent").check();
    await sendTamperedTokenOnce(page);
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: order.preview.order }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByTestId("error-summary")).toContainText(order.errors.token);
    if (!javaScriptEnabled) await expect(page).toHaveTitle(/^Error: /);
    expect(countOrders(data.tenantName)).toBe(0);

    // The page carries a fresh token: ordering from it now works.
    await orderWithBothConsents(page, order);
    await expectOnPaymentPage(page, AMOUNT_399.en);
    expect(countOrders(data.tenantName)).toBe(1);
  });

  test("the same accept sent again, twice at once, or after going back makes one order and the same payment page", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(javaScriptEnabled, "replays a plain form POST");
    const order = orderStrings("pl");
    const data = validOrder(testInfo.project.name);
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, data);
    await preview(page, "pl");
    await page.locator("#field-acceptTerms").check();
    await page.locator("#field-immediatePerformanceConsent").check();
    // The exact POST the browser is about to send, to replay it as a double click would.
    const fields = await page.locator("form:has(input[name=token])").evaluate((form: HTMLFormElement) => {
      const data = new FormData(form);
      data.set("intent", "accept");
      return Object.fromEntries([...data.entries()].map(([key, value]) => [key, String(value)]));
    });
    await page.getByRole("button", { name: order.preview.order }).click();
    await expectOnPaymentPage(page, /^399\s?zł$/);
    const paymentUrl = new URL(page.url()).pathname;

    const replays = await Promise.all([0, 1, 2].map(() => page.request.post(pathFor("order", "pl"), { form: fields, maxRedirects: 0 })));
    for (const replay of replays) {
      expect(replay.status()).toBe(303);
      expect(replay.headers().location).toBe(paymentUrl);
    }
    expect(countOrders(data.tenantName)).toBe(1);
  });
});

/**
 * The browser's Back and Forward buttons. With JavaScript each step is an entry the page pushes, and
 * Playwright's goBack() picks the entry from the browser process's list, which learns of that push a moment
 * after the page shows the step: on a busy machine it went back past the form to the blank tab (1 run in 40
 * under load). So the page's own history.go() moves, queued behind its push, from a task of its own so that
 * the evaluation returns before the page it ran in is left. Without JavaScript each step is a document,
 * which the browser process commits before the page shows it.
 */
/**
 * Opens the order form for the Back and Forward tests. With JavaScript the steps are entries the page pushes
 * only once it has hydrated; a preview clicked before that is a document the browser posts, whose history
 * these tests do not mean to walk.
 */
async function openFormForHistory(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await expect(page.locator('input[name="js"]').first()).toBeAttached();
}

/**
 * The attempt's own POST, refused by the dropped network. Waited for before the page is read: the message and the
 * button are already there from the attempt before, so without it a click handled late (a busy machine) could post
 * after the network is back, and the order would go through behind the test's back.
 */
function postRefused(page: Page) {
  return page.waitForEvent("requestfailed", (request) => request.method() === "POST");
}

async function goInHistory(page: Page, step: -1 | 1, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return step === -1 ? page.goBack() : page.goForward();
  const moved = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  await page.evaluate((delta) => void setTimeout(() => window.history.go(delta)), step);
  await moved;
  return page.waitForLoadState();
}

test.describe("the browser's Back and Forward on the preview", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Every field a person may fill in, the optional ones too. */
  const everyField = (tag: string) => ({
    ...validOrder(tag),
    tenantNameOriginal: "Ян Ковальський",
    coResidents: "Olena Kovalenko",
  });

  async function expectEveryValue(page: Page, data: ReturnType<typeof everyField>) {
    await expect(page.getByTestId("contract")).toHaveCount(0);
    await expect(page.locator(`#field-declarationType-${data.declarationType}`)).toBeChecked();
    for (const [name, value] of Object.entries(data)) {
      if (name !== "declarationType") await expect(page.locator(`#field-${name}`), name).toHaveValue(value);
    }
    await expect(page.locator("#field-dataProcessingConsent")).toBeChecked();
  }

  for (const [entry, path] of [
    ["from a pricing card (?type=)", `${pathFor("order", "pl")}?type=regular`],
    ["opened directly", pathFor("order", "pl")],
  ] as const) {
    test(`${entry}: Back from the preview shows the form with every value, Forward the preview again`, async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      const data = everyField(`${testInfo.project.name}-back`);
      await openFormForHistory(page, path, javaScriptEnabled);
      await fillOrderForm(page, data);
      await preview(page, "pl");

      await goInHistory(page, -1, javaScriptEnabled);
      await expectEveryValue(page, data);

      await goInHistory(page, 1, javaScriptEnabled);
      await expect(page.getByTestId("contract")).toContainText(data.tenantName);
      await expect(page.getByTestId("contract")).toContainText("Olena Kovalenko");

      // And back once more: the same values, and a preview from them still works.
      await goInHistory(page, -1, javaScriptEnabled);
      await expectEveryValue(page, data);
      await preview(page, "pl");
      await expect(page.getByTestId("contract")).toContainText(data.tenantName);
    });
  }

  test("after a step the server refused (the error screen's preview), Back still finds the preview and then the form with every value", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    // Without JavaScript each refused step is a POST's page, which Back can only ask to send again.
    test.skip(!javaScriptEnabled, "the page's own history of its steps");
    const order = orderStrings("pl");
    const data = everyField(`${testInfo.project.name}-refused`);
    await openFormForHistory(page, pathFor("order", "pl"), javaScriptEnabled);
    await fillOrderForm(page, data);
    await preview(page, "pl");
    await page.locator("#field-acceptTerms").check();
    await sendTamperedTokenOnce(page);
    await page.getByRole("button", { name: order.preview.order }).click();
    await expect(page.getByTestId("error-summary")).toContainText(order.errors.token);

    await goInHistory(page, -1, javaScriptEnabled);
    await expect(page.getByTestId("contract")).toContainText(data.tenantName);
    await expect(page.getByTestId("error-summary")).toHaveCount(0);
    await goInHistory(page, -1, javaScriptEnabled);
    await expectEveryValue(page, data);
  });
});

test.describe("back from the payment page", () => {
  test("the order page says the order is placed and links to its payment page", async ({ page }, testInfo) => {
    const order = orderStrings("pl");
    const data = validOrder(testInfo.project.name);
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, data);
    await preview(page, "pl");
    await orderWithBothConsents(page, order);
    await expectOnPaymentPage(page, /^399\s?zł$/);
    const paymentUrl = new URL(page.url()).pathname;
    const number = await page.getByTestId("order-number").innerText();

    // The preview was answered with no-store: back shows no stale order button. Without
    // JavaScript the browser asks to send the form again; a reload does that.
    await page.goBack().catch(() => undefined);
    if (!(await page.getByTestId("placed-order").isVisible())) await page.reload();
    const placed = page.getByTestId("placed-order");
    await expect(placed).toContainText(number);
    await expect(page.getByRole("button", { name: order.preview.order })).toHaveCount(0);
    await placed.getByRole("link", { name: order.placed.goToPayment }).click();
    await expect(page).toHaveURL(new RegExp(`${paymentUrl}$`));
    expect(countOrders(data.tenantName)).toBe(1);
  });

  test("a fresh visit to the order form after ordering shows the placed order above an empty form", async ({ page }, testInfo) => {
    const order = orderStrings("en");
    const data = validOrder(testInfo.project.name);
    await page.goto(pathFor("order", "en"));
    await fillOrderForm(page, data);
    await preview(page, "en");
    await orderWithBothConsents(page, order);
    await expectOnPaymentPage(page, AMOUNT_399.en);
    const number = await page.getByTestId("order-number").innerText();
    await page.goto(pathFor("order", "en"));
    await expect(page.getByTestId("placed-order")).toContainText(number);
    await expect(page.locator("#field-tenantName")).toHaveValue("");
  });
});

test.describe("with JavaScript", () => {
  test("no reload between stages, loading labels, the toast and the delayed full-page redirect", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    const order = orderStrings("pl");
    const data = validOrder(testInfo.project.name);
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    // The page's clock is the test's: the redirect's delay is checked by moving it, not by waiting.
    await page.clock.install();
    await page.goto(pathFor("order", "pl"));
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    // Each POST is held until the test has seen the loading label, then let through.
    const heldPosts: Array<() => void> = [];
    const releaseHeldPost = async () => {
      await expect.poll(() => heldPosts.length).toBeGreaterThan(0);
      heldPosts.shift()!();
    };
    await page.route(
      (url) => url.pathname === pathFor("order", "pl"),
      async (route) => {
        if (route.request().method() === "POST") await new Promise<void>((resolve) => heldPosts.push(resolve));
        await route.continue();
      },
    );
    await fillOrderForm(page, data);
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.getByRole("button", { name: order.form.generating })).toBeDisabled();
    await releaseHeldPost();
    await expect(page.getByTestId("contract")).toContainText(data.tenantName);

    // Stopped a moment ahead of the page's time (pausing cannot go back), before the order is placed.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await orderWithBothConsents(page, order);
    await expect(page.getByRole("button", { name: order.preview.processing })).toBeDisabled();
    await releaseHeldPost();
    // A message in the labelled live region the page had from the start (screen readers announce it).
    const toasts = page.getByRole("region", { name: strings("pl", "common").notifications, exact: true });
    await expect(toasts).toHaveAttribute("aria-live", "polite");
    const toast = toasts.getByRole("listitem").filter({ hasText: order.accept.success });
    await expect(toast).toBeVisible();
    // Still the same document until the redirect, which comes 1.5 s after the toast.
    await page.clock.runFor(1_400);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    expect(page.url()).toContain(pathFor("order", "pl"));
    await page.clock.resume();
    await page.waitForURL(/\/platnosc\//);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    await expectOnPaymentPage(page, /^399\s?zł$/);
    expect(countOrders(data.tenantName)).toBe(1);
    expect(consoleErrors.filter((text) => /hydrat|Content Security Policy|did not match/i.test(text))).toEqual([]);
  });

  test("the browser's check arrives at the first touch of the form: in the meantime, or if it never comes, the server checks each submit", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    const order = orderStrings("pl");
    // The check comes in the first-touch chunk, with the preview step (app/order-form/first-touch.ts).
    const validationChunk = /\/build\/.*first-touch-[A-Z0-9]+\.js$/;
    const validationRequests: string[] = [];
    page.on("request", (request) => {
      if (validationChunk.test(request.url())) validationRequests.push(request.url());
    });
    await page.route(validationChunk, (route) => route.abort("internetdisconnected"));
    await page.goto(pathFor("order", "pl"));
    const html = await (await page.request.get(pathFor("order", "pl"))).text();
    expect(html).not.toMatch(/first-touch/);
    // Hydrated and idle, and still not asked for: a visitor who only reads the form never loads it.
    await expect(page.locator('input[name="js"]').first()).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(validationRequests).toEqual([]);
    const chunkRequested = page.waitForRequest(validationChunk);
    await page.getByLabel(order.form.email).focus();
    await chunkRequested;

    const posts: number[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST") posts.push(response.status());
    });
    await page.getByLabel(order.form.email).fill("not-an-email");
    await page.getByRole("button", { name: order.form.preview }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.locator('a[href="#field-email"]')).toHaveText(`${order.form.email}: ${order.validation.email}`);
    await expect(page.locator("#field-tenantName-error")).toHaveText(order.validation.required);
    expect(posts).toEqual([400]);
    // Without the browser's check, typing does not post the form key by key: the next submit's
    // answer is the second POST of the page.
    await page.getByLabel(order.form.tenantName).pressSequentially("Jan");
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect.poll(() => posts.length).toBeGreaterThanOrEqual(2);
    expect(posts).toEqual([400, 400]);
  });

  test("a preview whose code cannot be fetched brings the form back with every value and the message; the next press shows it", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    const order = orderStrings("pl");
    const data = validOrder(testInfo.project.name);
    // As after a deploy that replaced the chunk while the page was open: the file is gone, the server is up.
    const firstTouchChunk = /\/build\/.*first-touch-[A-Z0-9]+\.js$/;
    const gone = (route: Route) => route.fulfill({ status: 404, body: "" });
    await page.route(firstTouchChunk, gone);
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, data);
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.getByTestId("network-error")).toHaveText(order.errors.previewNetwork);
    await expect(page.locator("#field-tenantName")).toHaveValue(data.tenantName);
    await expect(page.locator("#field-mailingCity")).toHaveValue(data.mailingCity);

    await page.unroute(firstTouchChunk, gone);
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.getByTestId("contract")).toContainText(data.tenantName);
  });

  test("a dropped connection never loses the page: the message shows every time, with every value and a usable button", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    const order = orderStrings("pl");
    const data = validOrder(testInfo.project.name);
    // Once (of dozens of runs) the error screen replaced the page between two attempts: what the page
    // did is named in the failure, so a next time says why (the refused requests are expected).
    const seen: string[] = [];
    page.on("pageerror", (error) => seen.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().includes("ERR_INTERNET_DISCONNECTED")) seen.push(`console: ${message.text()}`);
    });
    page.on("request", (request) => {
      if (request.isNavigationRequest()) seen.push(`document request: ${request.method()} ${request.url()}`);
    });
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, data);
    seen.length = 0;
    // The whole network goes down: the action's request and anything the page asks for after it.
    const everything = (route: Route) => route.abort("internetdisconnected");
    for (let attempt = 1; attempt <= 8; attempt++) {
      await page.route("**/*", everything);
      await expect(page.getByRole("button", { name: order.form.preview }), `before attempt ${attempt}: ${seen.join("; ")}`).toBeVisible();
      const refused = postRefused(page);
      await page.getByRole("button", { name: order.form.preview }).click();
      await refused;
      await expect(page.getByTestId("network-error"), `attempt ${attempt}`).toHaveText(order.errors.previewNetwork);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Nieoczekiwany|Unexpected/);
      await expect(page.locator("#field-tenantName")).toHaveValue(data.tenantName);
      await expect(page.locator("#field-mailingCity")).toHaveValue(data.mailingCity);
      await expect(page.getByRole("button", { name: order.form.preview })).toBeEnabled();
      await page.unroute("**/*", everything);
    }
    // Each failure also says so in a toast; eight quick failures never stack more than three.
    const toasts = page.getByRole("region", { name: strings("pl", "common").notifications, exact: true }).getByRole("listitem");
    await expect(toasts.filter({ hasText: order.errors.previewNetwork }).first()).toBeVisible();
    expect(await toasts.count()).toBeLessThanOrEqual(3);
    await preview(page, "pl");
    for (let attempt = 1; attempt <= 4; attempt++) {
      await page.route("**/*", everything);
      const refused = postRefused(page);
      if (attempt === 1) await orderWithBothConsents(page, order);
      else await page.getByRole("button", { name: order.preview.order }).click();
      await refused;
      await expect(page.getByTestId("network-error"), `accept attempt ${attempt}`).toHaveText(order.errors.acceptNetwork);
      await expect(page.getByTestId("contract")).toContainText(data.tenantName);
      await expect(page.getByRole("button", { name: order.preview.order })).toBeEnabled();
      await page.unroute("**/*", everything);
    }
    await page.getByRole("button", { name: order.preview.order }).click();
    await expectOnPaymentPage(page, /^399\s?zł$/);
    expect(countOrders(data.tenantName)).toBe(1);
  });

  test("a network failure shows the localized connection error and clears the loading state", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    const order = orderStrings("en");
    await page.goto(pathFor("order", "en"));
    await fillOrderForm(page, validOrder(testInfo.project.name));
    const orderPath = (url: URL) => url.pathname === pathFor("order", "en");
    const offline = (route: Route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue());
    await page.route(orderPath, offline);
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.getByTestId("network-error")).toHaveText(order.errors.previewNetwork);
    const toasts = page.getByRole("region", { name: strings("en", "common").notifications, exact: true });
    await expect(toasts.getByRole("listitem").filter({ hasText: order.errors.previewNetwork })).toBeVisible();
    await expect(page.getByRole("button", { name: order.form.preview })).toBeEnabled();
    await expect(page.locator("#field-tenantName")).not.toHaveValue("");

    await page.unroute(orderPath, offline);
    await preview(page, "en");
    await page.route(orderPath, offline);
    await orderWithBothConsents(page, order);
    await expect(page.getByTestId("network-error")).toHaveText(order.errors.acceptNetwork);
    await expect(page.getByRole("button", { name: order.preview.order })).toBeEnabled();
    await expect(page.getByTestId("contract")).toBeVisible();
  });
});
