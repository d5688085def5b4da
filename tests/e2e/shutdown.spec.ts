import { expect, test } from "@playwright/test";
import { ownSitePort, startOwnSite, waitUntilUp } from "./support/own-server";

/** SIGTERM: the request in flight is answered, then the process exits by itself, within 10 s. */
test("on SIGTERM the site answers what it was asked and exits within 10 s", async ({}, testInfo) => {
  test.skip(testInfo.project.name === "js", "a server-side behaviour: once is enough");
  const port = ownSitePort(30);
  const site = startOwnSite(port);
  await waitUntilUp(port);
  // A keep-alive connection stays open after this answer, as a browser's would.
  expect((await fetch(`http://127.0.0.1:${port}/en`)).status).toBe(200);
  const inFlight = fetch(`http://127.0.0.1:${port}/api/accept`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ imie_nazwisko_najemcy: "Shutdown", email: "s@example.com", telefon: "600100200", adres_najemcy: "ul. B 2, 00-001 Warszawa", adres_eksmisji: "ul. A 1, 70-001 Szczecin", rodzaj_oswiadczenia: "regular", okres_najmu_dni: 90 }),
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => site.once("exit", (code) => resolve(code)));
  site.kill("SIGTERM");
  expect((await inFlight).status).toBe(201);
  expect(await exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
});
