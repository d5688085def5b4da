import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { inDays } from "./support/order";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";

/**
 * The site's log (docs/decisions/045) over real HTTP, against a site of its own whose output is kept:
 * a customer orders through the JSON API, opens the payment page and the agreement, and gets the
 * confirmation e-mail. Every line is JSON; every answer's X-Request-Id is on its access line; the
 * e-mail sent for the order carries the id of the request that placed it; and none of the customer's
 * data, nor the payment token, is anywhere in the log. A server behaviour: once, in the js project.
 */
const CUSTOMER = {
  imie_nazwisko_najemcy: "Bożydar Logowski",
  imie_nazwisko_wynajmujacego: "Wiesława Zapisowa",
  email: "bozydar.logowski@example.pl",
  telefon: "600987654",
  adres_najemcy: "ul. Dzienna 12/4, 00-950 Warszawa",
  adres_eksmisji: "ul. Rejestrowa 8/1, 70-410 Szczecin",
  rodzaj_oswiadczenia: "regular",
  data_zawarcia: inDays(10),
  dodatkowe_informacje: "Proszę o kontakt wieczorem",
};
const CONSENTS = { zgoda_na_przetwarzanie_danych: true, akceptacja_warunkow: true, zgoda_na_natychmiastowe_wykonanie: true };

test("the log has one JSON line per request with its id, and none of the customer's data or token", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "a server behaviour, checked once");
  const port = ownSitePort(80);
  const base = `http://127.0.0.1:${port}`;
  const logFile = testInfo.outputPath("site.log");
  const mailDir = join(mkdtempSync(join(tmpdir(), "logs-mail-")), "mail");
  const site = startOwnSite(port, { MAIL_DIR: mailDir, INSTANCE: "web-logs" }, { logFile });
  try {
    await waitUntilUp(port, site);
    const answers: { id: string; path: string }[] = [];
    const call = async (path: string, response: Awaited<ReturnType<typeof request.get>>) => {
      answers.push({ id: response.headers()["x-request-id"]!, path });
      return response;
    };

    expect((await call("/api/preview", await request.post(`${base}/api/preview`, { data: CUSTOMER }))).status()).toBe(200);
    const accepted = await call("/api/accept", await request.post(`${base}/api/accept`, { data: { ...CUSTOMER, ...CONSENTS } }));
    expect(accepted.status()).toBe(201);
    const { payment_url: paymentPath } = (await accepted.json()) as { payment_url: string };
    const token = paymentPath.split("/").pop()!;
    expect((await call("/platnosc/:token", await request.get(`${base}${paymentPath}`))).status()).toBe(200);
    expect((await call("/agreement/:token", await request.get(`${base}/agreement/${token}`))).status()).toBe(200);
    // What a visitor types into an address no route has stays out of the log as well.
    expect((await call("*", await request.get(`${base}/${CUSTOMER.email}`))).status()).toBe(404);
    // The confirmation e-mail, written by the mail worker after the order's answer.
    await expect
      .poll(() => existsSync(mailDir) && readdirSync(mailDir).some((name) => name.endsWith(".eml")), { timeout: 30_000 })
      .toBe(true);

    await stopOwnSite(site, "SIGTERM");
    const lines = readFileSync(logFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Record<string, unknown>);
    for (const answer of answers) {
      expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.find((line) => line.requestId === answer.id && line.msg === "request")).toMatchObject({
        path: answer.path,
        instance: "web-logs",
      });
    }
    const placedBy = answers[1]!.id;
    expect(
      lines.some((line) => line.requestId === placedBy && String(line.msg).startsWith("[outbox]") && String(line.msg).includes("sent")),
    ).toBe(true);

    const log = readFileSync(logFile, "utf8");
    const personal = [
      token,
      CUSTOMER.email,
      "Bożydar",
      "Logowski",
      "Wiesława",
      "Zapisowa",
      "600987654",
      "Dzienna",
      "Rejestrowa",
      "wieczorem",
    ];
    for (const value of personal) expect(log, `the log holds "${value}"`).not.toContain(value);
    // JSON escapes nothing in these, but a logger could: the same values as JSON strings would carry.
    for (const value of personal) expect(log).not.toContain(JSON.stringify(value).slice(1, -1));
  } finally {
    await stopOwnSite(site);
  }
});
