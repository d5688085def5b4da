import { countOrders, expectOnPaymentPage, fillOrderForm, validOrder } from "./support/order";
import { strings } from "./support/site";
import { chooseConsent, expect, pageSettled, stubBehaviour, stubEventsAfterMarker, stubEventsFor, test } from "./support/tracking";

const PRICE = { regular: 299, notarized: 399 } as const;
const AMOUNT = { regular: /^299\s?zł$/, notarized: /^399\s?zł$/ } as const;

/** From the home page's pricing card to the payment page, in Polish. */
async function orderFromPricingCard(page: import("@playwright/test").Page, type: "regular" | "notarized", tag: string) {
  const order = strings("pl", "order");
  await page.getByTestId(`pricing-order-${type}`).click();
  await expect(page).toHaveURL(new RegExp(`/zamowienie-oswiadczenia\\?type=${type}`));
  await expect(page.locator(`#field-declarationType-${type}`)).toBeChecked();
  const data = { ...validOrder(tag), declarationType: type };
  await fillOrderForm(page, data);
  await page.getByRole("button", { name: order.form.preview }).click();
  await expect(page.getByTestId("contract")).toBeVisible();
  await page.locator("#field-acceptTerms").check();
  await page.locator("#field-immediatePerformanceConsent").check();
  // When the site answered the accept: with JavaScript the payment page follows a moment later.
  const acceptAnsweredAt = page
    .waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/zamowienie-oswiadczenia",
    )
    .then(() => Date.now());
  await page.getByRole("button", { name: order.preview.order }).click();
  await expectOnPaymentPage(page, AMOUNT[type]);
  return { data, acceptAnsweredAt: await acceptAnsweredAt };
}

const eventsNamed = async (token: string, name: string) =>
  (await stubEventsFor(token)).filter(({ event }) => event.event_name === name).map(({ event }) => event);

test.describe("marketing events of a real order, with consent", () => {
  for (const type of ["regular", "notarized"] as const) {
    test(`a ${type} order reports InitiateCheckout, Lead and exactly one Purchase of ${PRICE[type]} PLN`, async ({
      page,
      token,
      playwright,
      baseURL,
      userAgent,
    }, testInfo) => {
      await page.goto("/");
      await chooseConsent(page, "accept", testInfo.project.use.javaScriptEnabled !== false);
      // A person clicks after the banner has gone and the page has taken the choice in: the pixels are running.
      if (testInfo.project.use.javaScriptEnabled !== false)
        await expect.poll(() => page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe("function");
      const { data } = await orderFromPricingCard(page, type, `${testInfo.project.name}-${type}`);
      expect(countOrders(data.tenantName)).toBe(1);

      const purchases = (await stubEventsAfterMarker(playwright, baseURL!, userAgent!, token))
        .filter(({ event }) => event.event_name === "Purchase")
        .map(({ event }) => event);
      expect(purchases).toHaveLength(1);
      const purchase = purchases[0]!;
      expect(purchase.custom_data).toMatchObject({ value: PRICE[type], currency: "PLN", content_id: type });
      expect(purchase.user_data.em).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
      expect(JSON.stringify(purchase)).not.toContain(data.email);
      expect(purchase.event_id).toMatch(/^purchase-AE-\d{4}-\d{6}$/);

      const checkouts = await eventsNamed(token, "InitiateCheckout");
      expect(checkouts).toHaveLength(1);
      expect(checkouts[0]!.custom_data).toMatchObject({ value: PRICE[type], currency: "PLN", content_id: type });
      expect(await eventsNamed(token, "Lead")).toHaveLength(1);
    });
  }
});

test.describe("no consent, no events", () => {
  test("after Reject a whole order sends nothing to the Conversions API", async ({
    page,
    token,
    thirdPartyRequests,
    playwright,
    baseURL,
    userAgent,
  }, testInfo) => {
    await page.goto("/");
    await chooseConsent(page, "reject", testInfo.project.use.javaScriptEnabled !== false);
    await orderFromPricingCard(page, "regular", `${testInfo.project.name}-reject`);
    await pageSettled(page);
    expect(await stubEventsAfterMarker(playwright, baseURL!, userAgent!, token)).toEqual([]);
    expect(thirdPartyRequests).toEqual([]);
  });
});

test.describe("a failing Conversions API never holds up the order", () => {
  for (const behaviour of ["error", "hang"] as const) {
    test(`when it ${behaviour === "error" ? "answers 500" : "never answers"}, the order still lands on the payment page without waiting for it`, async ({
      page,
      token,
      javaScriptEnabled,
    }, testInfo) => {
      await stubBehaviour(token, behaviour);
      await page.goto("/");
      await chooseConsent(page, "accept", javaScriptEnabled);
      const { data, acceptAnsweredAt } = await orderFromPricingCard(page, "notarized", `${testInfo.project.name}-${behaviour}`);
      expect(countOrders(data.tenantName)).toBe(1);
      // The site answered the accept before the hanging Purchase call gave up waiting for the API:
      // the accept never waits for it (one that did would answer only after the client gave up).
      // Compared as events on one clock, so a slow machine that reaches the check late cannot fail it.
      if (behaviour === "hang") {
        await expect.poll(() => eventsNamed(token, "Purchase")).toHaveLength(1);
        const purchase = (await stubEventsFor(token)).find(({ event }) => event.event_name === "Purchase");
        expect(purchase?.closedAt ?? Number.POSITIVE_INFINITY).toBeGreaterThan(acceptAnsweredAt);
      }
      await expect(page.getByRole("alert")).toHaveCount(0);
    });
  }
});
