import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";
import { strings } from "./support/site";

/**
 * Rate limits on their own server (the suite's main server runs without them): 30 POSTs a
 * minute per client address, then 429 with Retry-After, while pages keep loading; a forged
 * X-Forwarded-For changes nothing when no proxy is trusted. /healthz is never limited.
 */
const port = ownSitePort(20);
const base = `http://127.0.0.1:${port}`;
let site: ChildProcess;

test.beforeAll(async () => {
  site = startOwnSite(port);
  await waitUntilUp(port);
});
test.afterAll(async () => {
  await stopOwnSite(site, "SIGTERM");
});

test("past 30 POSTs a minute: 429 with Retry-After, a page in the path's language or JSON for the API; pages still load", async ({ playwright }, testInfo) => {
  test.skip(testInfo.project.name === "js", "a server-side behaviour: once is enough");
  const request = await playwright.request.newContext({ baseURL: base });
  const statuses: number[] = [];
  for (let index = 0; index < 35; index++) {
    const response = await request.post("/en/order-declaration", { form: { intent: "preview" }, headers: { "X-Forwarded-For": `203.0.113.${index}` } });
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
});
