import { expect, test } from "@playwright/test";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";
import { freePort } from "../support/free-port";
import { strings } from "./support/site";

/**
 * Rate limits on their own servers (the suite's main server exempts the suite's own address):
 * 30 POSTs a minute per client address, then 429 with Retry-After, while pages keep loading; a
 * forged X-Forwarded-For changes nothing when no proxy is trusted. /healthz and static files
 * are never limited; HEAD counts as GET.
 */
test("past 30 POSTs a minute: 429 with Retry-After, a page in the path's language or JSON for the API; pages still load", async ({
  playwright,
}, testInfo) => {
  test.skip(testInfo.project.name === "js", "a server-side behaviour: once is enough");
  // Started by the test itself: with fullyParallel, a file-level beforeAll runs once per worker, and
  // two workers then started two sites on one port.
  const port = await freePort();
  const site = startOwnSite(port);
  try {
    await waitUntilUp(port, site);
    const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const statuses: number[] = [];
    for (let index = 0; index < 35; index++) {
      const response = await request.post("/en/order-declaration", {
        form: { intent: "preview" },
        headers: { "X-Forwarded-For": `203.0.113.${index}` },
      });
      statuses.push(response.status());
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);

    const limited = await request.post("/en/order-declaration", { form: { intent: "preview" } });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    const page = await limited.text();
    expect(page).toContain('lang="en"');
    expect(page).toContain(strings("en", "error").tooMany.heading);

    const api = await request.post("/api/preview", { data: {} });
    expect(api.status()).toBe(429);
    expect((await api.json()).success).toBe(false);

    // Reading goes on: GETs have their own, larger budget.
    expect((await request.get("/en")).status()).toBe(200);
    expect((await request.get("/healthz")).status()).toBe(200);
    await request.dispose();
  } finally {
    await stopOwnSite(site, "SIGTERM");
  }
});

test("static files never count; HEAD spends the reading budget like GET and is then refused with it", async ({ playwright }, testInfo) => {
  test.skip(testInfo.project.name === "js", "a server-side behaviour: once is enough");
  const ownPort = ownSitePort(21);
  const own = startOwnSite(ownPort);
  try {
    await waitUntilUp(ownPort, own);
    const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${ownPort}` });
    const home = await request.get("/en");
    const asset = /<link rel="stylesheet" href="(\/build\/[^"]+)"/.exec(await home.text())?.[1];
    expect(asset).toBeTruthy();
    // More than the 1,000-a-minute reading budget, all files: none counts.
    for (let index = 0; index < 550; index++) {
      expect((await request.get(asset!)).status()).toBe(200);
      expect((await request.head("/favicon.svg")).status()).toBe(200);
    }
    expect((await request.get("/en")).status()).toBe(200);

    // HEAD of a page: answered from the page cache, counted until the budget is gone.
    let answered = 0;
    let refused: Awaited<ReturnType<typeof request.head>> | undefined;
    while (!refused && answered < 1_100) {
      const head = await request.head("/en");
      if (head.status() === 429) refused = head;
      else {
        expect(head.headers()["cache-status"]).toBe("adres; hit");
        answered += 1;
      }
    }
    expect(refused?.headers()["retry-after"]).toBeTruthy();
    expect(answered).toBe(1_000 - 2);
    expect((await request.get("/en")).status()).toBe(429);
    expect((await request.get(asset!)).status()).toBe(200);
    await request.dispose();
  } finally {
    await stopOwnSite(own, "SIGTERM");
  }
});
