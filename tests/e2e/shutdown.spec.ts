import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { ownSitePort, startOwnSite, waitUntilUp } from "./support/own-server";

const ORDER = JSON.stringify({
  imie_nazwisko_najemcy: "Shutdown",
  email: "s@example.com",
  telefon: "600100200",
  adres_najemcy: "ul. B 2, 00-001 Warszawa",
  adres_eksmisji: "ul. A 1, 70-001 Szczecin",
  rodzaj_oswiadczenia: "regular",
  okres_najmu_dni: 90,
});

/**
 * Sends an order's headers with `Expect: 100-continue` and resolves once the server answered
 * "100 Continue", that is, once the request is in the server's hands; `finish` then sends the
 * body and resolves with the final status line's code.
 */
function orderInFlight(port: number): Promise<{ finish: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let finalStatus: (status: string) => void = () => undefined;
    const final = new Promise<string>((done) => (finalStatus = done));
    socket.on("error", reject);
    socket.on("data", (data) => {
      received += data.toString("latin1");
      if (received.includes("100 Continue\r\n\r\n") && !received.includes("HTTP/1.1 2") && !received.includes("HTTP/1.1 4")) {
        resolve({ finish: () => (socket.write(ORDER), final) });
      }
      const status = /HTTP\/1\.1 ([2-5]\d\d)/.exec(received)?.[1];
      if (status && received.includes("\r\n\r\n", received.indexOf(`HTTP/1.1 ${status}`))) finalStatus(status);
    });
    socket.write(
      `POST /api/accept HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Expect: 100-continue\r\nContent-Length: ${Buffer.byteLength(ORDER)}\r\n\r\n`,
    );
  });
}

/** SIGTERM: the request in flight is answered, then the process exits by itself (its own limit is 9.5 s). */
test("on SIGTERM the site answers what it was asked and exits by itself", async ({}, testInfo) => {
  test.skip(testInfo.project.name === "js", "a server-side behaviour: once is enough");
  const port = ownSitePort(30);
  const site = startOwnSite(port);
  await waitUntilUp(port);
  // A keep-alive connection stays open after this answer, as a browser's would.
  expect((await fetch(`http://127.0.0.1:${port}/en`)).status).toBe(200);
  const inFlight = await orderInFlight(port);
  const exited = new Promise<number | null>((resolve) => site.once("exit", (code) => resolve(code)));
  site.kill("SIGTERM");
  expect(await inFlight.finish()).toBe("201");
  expect(await exited).toBe(0);
});
