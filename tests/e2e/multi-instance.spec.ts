import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { startPostgres, type TestPostgres } from "../support/postgres";
import { startSmtpServer } from "../support/smtp-server.mjs";
import { validOrder } from "./support/order";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";

/**
 * Two app processes on one PostgreSQL database behave as one site: a preview token
 * accepted 30 times at once on both makes one order, 40 orders at once get 40 numbers, and the
 * two mail workers send every e-mail exactly once, to an SMTP server of this spec's own (its
 * database numbers orders from 1 too, so the suite's mail spec must never see these).
 */
const PORTS = [ownSitePort(40), ownSitePort(41)] as const;
const bases = PORTS.map((port) => `http://127.0.0.1:${port}`);
const tag = `multi${Date.now()}`;
const customer = `${tag}@example.com`;
const operatorAddress = `operator-${tag}@adres.test`;

let postgres: TestPostgres;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sites: ChildProcess[] = [];

test.describe("two instances on one PostgreSQL", () => {
  test.describe.configure({ timeout: 180_000 });

  // Skipped in the hook, not per test: a hook still runs for tests skipped one by one, and the no-js
  // project's copy would start two more sites on the same ports while the js project's run.
  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== "js", "a server behaviour: it runs once, in the js project");
    test.setTimeout(120_000);
    postgres = await startPostgres();
    smtp = await startSmtpServer();
    const shared = {
      DATABASE_URL: postgres.url,
      ORDER_TOKEN_SECRET: "multi-instance-e2e-secret-of-at-least-32-chars",
      SMTP_URL: smtp.url,
      OPERATOR_EMAIL: operatorAddress,
      // 71 POSTs from this one client within a minute: its address is exempt, the limits stay on.
      RATE_LIMIT_EXEMPT: "127.0.0.1",
    };
    // Started together: both run the migrations at once, which the advisory lock serialises.
    // Each site's output goes to the test's results, for a look when a start fails.
    sites = PORTS.map((port) => startOwnSite(port, shared, { logFile: testInfo.outputPath(`site-${port}.log`) }));
    await Promise.all(PORTS.map((port, i) => waitUntilUp(port, sites[i])));
  });

  test.afterAll(async () => {
    await Promise.all(sites.map((site) => stopOwnSite(site, "SIGTERM")));
    postgres?.stop();
    await smtp?.stop();
  });

  test("30 racing accepts of one token make one order, 40 parallel orders get 40 numbers, every e-mail goes out once", async () => {
    // A preview on instance A, as a browser without JavaScript sends it.
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const preview = await fetch(`${bases[0]}/zamowienie-oswiadczenia`, {
      method: "POST",
      headers: form,
      body: new URLSearchParams({ ...validOrder("multi"), email: customer, dataProcessingConsent: "on" }),
    });
    expect(preview.status).toBe(200);
    const hidden = [...(await preview.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [
      name!,
      value!.replaceAll("&quot;", '"').replaceAll("&amp;", "&"),
    ]);
    expect(hidden.some(([name]) => name === "token")).toBe(true);
    const accept = new URLSearchParams(hidden);
    accept.set("acceptTerms", "on");
    accept.set("immediatePerformanceConsent", "on");
    accept.set("intent", "accept");

    const raced = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${bases[i % 2]}/zamowienie-oswiadczenia`, { method: "POST", headers: form, body: accept, redirect: "manual" }),
      ),
    );
    expect(raced.map((response) => response.status)).toEqual(Array(30).fill(303));
    expect(new Set(raced.map((response) => response.headers.get("location"))).size).toBe(1);

    const parallel = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await fetch(`${bases[i % 2]}/api/accept`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            imie_nazwisko_najemcy: `Równolegle ${i} ${tag}`,
            email: customer,
            telefon: "600100200",
            adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
            adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
            rodzaj_oswiadczenia: i % 2 ? "regular" : "notarized",
            okres_najmu_dni: 90,
          }),
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { order_number: string }).order_number;
      }),
    );
    expect(new Set(parallel).size).toBe(40);

    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows } = await db.query(
        "SELECT count(*)::int AS orders, count(DISTINCT number)::int AS numbers FROM orders WHERE email = $1",
        [customer],
      );
      expect(rows[0]).toEqual({ orders: 41, numbers: 41 });
      // Every message of these orders marked sent: a worker marks one only after the SMTP server took it,
      // so nothing more can arrive once they all are.
      const unsent = async () => {
        const { rows: left } = await db.query(
          "SELECT count(*)::int AS n FROM outbox JOIN orders ON orders.id = outbox.order_id WHERE orders.email = $1 AND outbox.status <> 'sent'",
          [customer],
        );
        return (left[0] as { n: number }).n;
      };
      await expect.poll(unsent, { timeout: 90_000 }).toBe(0);
    } finally {
      await db.end();
    }

    // 41 confirmations and 41 operator notices, each order's once, whichever instance sent it.
    const mailTo = (address: string) => smtp.messages.filter((mail: { to: string[] }) => mail.to.includes(address));
    for (const address of [customer, operatorAddress]) {
      const subjects = mailTo(address).map((mail) => mail.subject);
      expect(subjects, address).toHaveLength(41);
      expect(new Set(subjects).size, address).toBe(41);
    }
  });
});
