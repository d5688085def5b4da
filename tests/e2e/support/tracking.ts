import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type Request } from "@playwright/test";
import { strings } from "./site";
import { E2E_TRACKING } from "./tracking-config";

export { E2E_TRACKING };

/** Where the Conversions API stand-in listens (set by playwright.config.ts). */
const STUB_URL = process.env.E2E_CAPI_STUB_URL ?? "http://127.0.0.1:3102";

export type RecordedRequest = { path: string; body: { data: Array<Record<string, any>>; access_token?: string }; closedAt: number | null };

/** Every event the stand-in received from this test's browser, told apart by the test's own user-agent token. */
export async function stubEventsFor(
  token: string,
): Promise<Array<{ path: string; accessToken?: string; event: Record<string, any>; closedAt: number | null }>> {
  const response = await fetch(`${STUB_URL}/__events`);
  const recorded = (await response.json()) as RecordedRequest[];
  return recorded.flatMap(({ path, body, closedAt }) =>
    body.data
      .filter((event) => String(event.user_data?.client_user_agent ?? "").includes(token))
      .map((event) => ({ path, accessToken: body.access_token, event, closedAt })),
  );
}

/**
 * The stand-in's events for this test once a marker event, sent by a consenting visitor with
 * the same user-agent token after everything the test did, has arrived. The server sends its
 * events in the order it is asked to, so anything it was (wrongly) going to send about the
 * test's earlier pages has had its turn by then. The marker itself is left out.
 */
export async function stubEventsAfterMarker(playwright: PlaywrightLike, baseURL: string, userAgent: string, token: string) {
  const marker = `marker-${token}`.slice(0, 64);
  const visitor = await playwright.request.newContext({ baseURL, userAgent });
  try {
    await visitor.post("/consent", { form: { choice: "accept", redirectTo: "/" }, maxRedirects: 0 });
    const sent = await visitor.post("/tracking/event", { form: { event: "social-click", eventId: marker, page: "/" } });
    expect(sent.status()).toBe(204);
  } finally {
    await visitor.dispose();
  }
  await expect.poll(async () => (await stubEventsFor(token)).some(({ event }) => event.event_id === marker)).toBe(true);
  return (await stubEventsFor(token)).filter(({ event }) => event.event_id !== marker);
}

type PlaywrightLike = { request: { newContext: (options: { baseURL: string; userAgent: string }) => Promise<APIRequestContext> } };

/** Waits until the page has no request in flight, so a script that was going to load has loaded. */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

/** Makes the stand-in answer this test's requests with a 500 or not at all. */
export async function stubBehaviour(token: string, respond: "error" | "hang") {
  await fetch(`${STUB_URL}/__behaviour`, { method: "POST", body: JSON.stringify({ match: token, respond }) });
}

const FAKE_META_PIXEL = `(function () {
  var calls = (window.__pixelCalls = window.__pixelCalls || []);
  var fbq = window.fbq;
  fbq.callMethod = function () { calls.push(["fbq"].concat([].slice.call(arguments))); };
  fbq.queue.forEach(function (args) { fbq.callMethod.apply(null, args); });
  fbq.queue = [];
})();`;

const FAKE_TIKTOK_PIXEL = `(function () {
  var calls = (window.__pixelCalls = window.__pixelCalls || []);
  var ttq = window.ttq;
  ttq.forEach(function (args) { calls.push(["ttq"].concat(args)); });
  ["page", "track", "identify"].forEach(function (method) {
    ttq[method] = function () { calls.push(["ttq", method].concat([].slice.call(arguments))); };
  });
})();`;

/**
 * There is no internet in the suite: every request off 127.0.0.1 fails, except the two
 * pixel scripts, which are served as small fakes that record the calls made to them.
 * Returns the URLs the page asked for outside our origin.
 */
export async function isolateFromInternet(context: BrowserContext, ownOrigin: string): Promise<string[]> {
  const thirdParty: string[] = [];
  await context.route(
    (url) => url.origin !== ownOrigin,
    async (route) => {
      const url = route.request().url();
      thirdParty.push(url);
      if (url.startsWith("https://connect.facebook.net/")) return route.fulfill({ contentType: "text/javascript", body: FAKE_META_PIXEL });
      if (url.startsWith("https://analytics.tiktok.com/"))
        return route.fulfill({ contentType: "text/javascript", body: FAKE_TIKTOK_PIXEL });
      return route.abort();
    },
  );
  return thirdParty;
}

export async function pixelCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { __pixelCalls?: unknown[][] }).__pixelCalls ?? []);
}

/** Names of the cookies a tracker would set (the pixels' own, or anything but our consent cookie). */
export async function trackingCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).filter((name) => name !== "consent");
}

/**
 * Each test gets a browser with its own user-agent token, so it can pick its events out
 * of the shared stand-in while other tests run in parallel, and a list of every
 * third-party request its pages made.
 */
export const test = base.extend<{ token: string; thirdPartyRequests: string[] }>({
  token: async ({}, use, testInfo) => {
    await use(`e2e-${testInfo.testId}-${testInfo.project.name}-${testInfo.repeatEachIndex}`);
  },
  userAgent: async ({ userAgent, token }, use) => {
    await use(`${userAgent ?? "Mozilla/5.0"} ${token}`);
  },
  thirdPartyRequests: [
    async ({ context, baseURL }, use) => {
      await use(await isolateFromInternet(context, new URL(baseURL!).origin));
    },
    { auto: true },
  ],
});

/** Clicks Accept or Reject in the banner and waits until the server has stored the choice. */
export async function chooseConsent(page: Page, choice: "accept" | "reject", javaScriptEnabled: boolean) {
  const locale = (await page.locator("html").getAttribute("lang")) as "pl" | "en";
  const banner = strings(locale, "consent").banner;
  // A page that runs the app (Remix's context script is in it) enhances the banner: wait for that.
  // On the others (no script) the banner is a form POST that reloads the page.
  const runsApp = javaScriptEnabled && (await page.evaluate(() => "__remixContext" in window));
  if (runsApp) await expect(page.locator('[data-testid="cookie-banner"] input[name="js"]')).toHaveCount(1);
  // The banner closes at once in the app; the choice is stored when the POST answers.
  const stored = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/consent" && response.request().method() === "POST",
  );
  await page.getByTestId("cookie-banner").getByRole("button", { name: banner[choice], exact: true }).click();
  await stored;
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
}

export { expect };
export type { Request };
