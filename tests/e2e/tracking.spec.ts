import { strings } from "./support/site";
import {
  chooseConsent as choose,
  E2E_TRACKING,
  expect,
  pageSettled,
  pixelCalls,
  stubBehaviour,
  stubEventsAfterMarker,
  stubEventsFor,
  test,
  trackingCookies,
} from "./support/tracking";

const PIXEL_SCRIPTS = [
  /^https:\/\/connect\.facebook\.net\/.+\/fbevents\.js$/,
  new RegExp(`^https://analytics\\.tiktok\\.com/i18n/pixel/events\\.js\\?sdkid=${E2E_TRACKING.tiktokPixelId}&lib=ttq$`),
];

/** Pages a visitor might see before choosing, including the order page reached from a pricing card. */
const PAGES = ["/", "/dla-najemcy", "/zamowienie-oswiadczenia?type=regular", "/en/contact"];

test.describe("nothing is tracked without consent", () => {
  test("before any choice: no third-party request, no tracking cookie, no server event", async ({
    page,
    context,
    thirdPartyRequests,
    token,
    playwright,
    baseURL,
    userAgent,
  }) => {
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByTestId("cookie-banner")).toBeVisible();
    }
    await pageSettled(page);
    expect(thirdPartyRequests).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    expect(
      await page
        .evaluate(() => typeof (window as { fbq?: unknown }).fbq + typeof (window as { ttq?: unknown }).ttq)
        .catch(() => "undefinedundefined"),
    ).toBe("undefinedundefined");
    expect(await stubEventsAfterMarker(playwright, baseURL!, userAgent!, token)).toEqual([]);
  });

  test("after Reject: still nothing, on every page", async ({
    page,
    context,
    thirdPartyRequests,
    token,
    javaScriptEnabled,
    playwright,
    baseURL,
    userAgent,
  }) => {
    await page.goto("/");
    // A pixel cookie left from an earlier Accept goes with the Reject, with or without JS.
    await context.addCookies([{ name: "_fbp", value: "fb.1.1700000000000.123", domain: "127.0.0.1", path: "/" }]);
    await choose(page, "reject", javaScriptEnabled);
    for (const path of PAGES) await page.goto(path);
    await pageSettled(page);
    expect(thirdPartyRequests).toEqual([]);
    expect(await trackingCookies(context)).toEqual([]);
    expect(await stubEventsAfterMarker(playwright, baseURL!, userAgent!, token)).toEqual([]);
    // The pixel hosts are not even allowed by the page's policy once the visitor said no.
    const response = await page.request.get("/");
    expect(response.headers()["content-security-policy"]).not.toContain("facebook");
  });
});

test.describe("after Accept", () => {
  test("the configured pixels load and count the page view", async ({ page, thirdPartyRequests, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "pixels are scripts: without JS there is nothing to load");
    // The order page hydrates, so Accept goes through the fetcher (the blog loads no script until
    // accepted).
    await page.goto("/en/order-declaration");
    await choose(page, "accept", javaScriptEnabled);
    // Accepted without a reload: the pixels start on this very page.
    await expect.poll(() => thirdPartyRequests.length).toBe(2);
    for (const pattern of PIXEL_SCRIPTS)
      expect(
        thirdPartyRequests.some((url) => pattern.test(url)),
        String(pattern),
      ).toBe(true);
    await expect
      .poll(() => pixelCalls(page))
      .toEqual(
        expect.arrayContaining([
          ["fbq", "init", E2E_TRACKING.metaPixelId],
          ["fbq", "track", "PageView"],
          ["ttq", "page"],
        ]),
      );

    // And on the next visit they load with the page, also on a page that otherwise loads no script.
    await page.goto("/en/contact");
    await expect.poll(() => thirdPartyRequests.length).toBe(4);

    // Never where the address holds a secret: a declaration's verification code is the landlord's to see, not an ad network's.
    for (const path of ["/en/verify", "/en/verify/7KQ4-M2XD-9TRW", "/weryfikacja/7KQ4-M2XD-9TRW"]) {
      await page.goto(path);
      await pageSettled(page);
      await expect.poll(() => page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe("undefined");
    }
    expect(thirdPartyRequests).toHaveLength(4);
  });

  test("a change of mind stops the pixels", async ({ page, thirdPartyRequests, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "pixels are scripts");
    await page.goto("/en");
    await choose(page, "accept", javaScriptEnabled);
    await expect.poll(() => thirdPartyRequests.length).toBe(2);
    await page
      .locator("footer")
      .getByRole("link", { name: strings("en", "consent").settingsLink })
      .click();
    await page
      .getByTestId("cookie-banner")
      .getByRole("button", { name: strings("en", "consent").banner.reject, exact: true })
      .click();
    await expect.poll(() => page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe("undefined");
    await page.goto("/en/contact");
    await pageSettled(page);
    expect(thirdPartyRequests).toHaveLength(2);
  });

  test("a social-widget click reaches the pixels and, once, the Conversions API with the same event id", async ({
    page,
    context,
    token,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "a plain link cannot report a click without JS");
    await page.goto("/");
    await choose(page, "accept", javaScriptEnabled);
    await expect.poll(() => pixelCalls(page)).toContainEqual(["fbq", "track", "PageView"]);

    const popup = context.waitForEvent("page");
    await page.getByTestId("social-widget").getByRole("link", { name: "Odwiedź nas na Facebooku" }).click();
    await (await popup).close();

    await expect.poll(() => stubEventsFor(token)).toHaveLength(1);
    const { path, accessToken, event } = (await stubEventsFor(token))[0]!;
    expect(path).toBe(`/v21.0/${E2E_TRACKING.metaPixelId}/events`);
    expect(accessToken).toBe(E2E_TRACKING.capiToken);
    expect(event.event_name).toBe("Purchase");
    expect(event.action_source).toBe("website");
    expect(Math.abs(event.event_time - Date.now() / 1000)).toBeLessThan(60);
    expect(Number.isInteger(event.event_time)).toBe(true);
    expect(event.custom_data).toEqual({});
    expect(event.event_source_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(event.user_data.client_user_agent).toContain(token);

    const calls = await pixelCalls(page);
    const metaCall = calls.find((call) => call[0] === "fbq" && call[1] === "track" && call[2] === "Purchase");
    expect(metaCall?.[4]).toEqual({ eventID: event.event_id });
    expect(calls).toContainEqual(["ttq", "track", "Purchase", {}, { event_id: event.event_id }]);
  });

  test("the events endpoint sends exactly one event, and only with consent", async ({ page, token, playwright, baseURL, userAgent }) => {
    const send = (eventId: string) => page.request.post("/tracking/event", { form: { event: "social-click", eventId, page: "/en/blog" } });
    expect((await send("no-consent-0001")).status()).toBe(204);
    expect((await page.request.post("/tracking/event", { form: { event: "Purchase", eventId: "forged-00001", page: "/" } })).status()).toBe(
      400,
    );
    expect((await page.request.post("/tracking/event", { form: { event: "social-click", eventId: "x", page: "/" } })).status()).toBe(400);

    await page.request.post("/consent", { form: { choice: "accept", redirectTo: "/" }, maxRedirects: 0 });
    expect((await send("with-consent-0001")).status()).toBe(204);
    const events = await stubEventsAfterMarker(playwright, baseURL!, userAgent!, token);
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({
      event_id: "with-consent-0001",
      event_name: "Purchase",
      action_source: "website",
      custom_data: {},
    });
    expect(events[0]!.event.event_source_url).toMatch(/\/en\/blog$/);
  });

  for (const respond of ["hang", "error"] as const) {
    test(`a Conversions API that ${respond === "hang" ? "never answers" : "answers 500"} does not slow the response`, async ({
      page,
      token,
    }) => {
      await stubBehaviour(token, respond);
      await page.request.post("/consent", { form: { choice: "accept", redirectTo: "/" }, maxRedirects: 0 });
      const response = await page.request.post("/tracking/event", {
        form: { event: "social-click", eventId: `slow-api-${respond}`, page: "/" },
      });
      const answeredAt = Date.now();
      expect(response.status()).toBe(204);
      // The event did go out; only its answer failed.
      await expect.poll(() => stubEventsFor(token)).toHaveLength(1);
      // The visitor had the answer before the hanging call gave up waiting for the stand-in: the
      // route never waits for the API (a route that did would answer only after the client gave up).
      if (respond === "hang") expect((await stubEventsFor(token))[0]!.closedAt ?? Number.POSITIVE_INFINITY).toBeGreaterThan(answeredAt);
      // And the site keeps serving pages normally.
      expect((await page.request.get("/en")).status()).toBe(200);
    });
  }
});
