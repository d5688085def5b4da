import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startSmtpServer } from "../support/smtp-server.mjs";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";

/**
 * kill -9 between the accept and the send: the message committed with the order is sent by
 * the next process on the same database, once. This spec runs its own servers, on ports
 * above the suite's, all on 127.0.0.1.
 */
const port = ownSitePort(10);
const base = `http://127.0.0.1:${port}`;

test("a message committed with its order survives a kill -9 and is sent once after the restart", async ({}, testInfo) => {
  test.skip(testInfo.project.name === "js", "a server-side behaviour: once is enough");
  test.setTimeout(150_000);
  const databasePath = join(mkdtempSync(join(tmpdir(), "mail-crash-")), "app.db");
  // No SMTP server yet: the first process cannot send; its message stays queued.
  const unreachable = { SMTP_URL: `smtp://127.0.0.1:${port + 1}`, OPERATOR_EMAIL: "operator@adres.test", DATABASE_PATH: databasePath };
  const first = startOwnSite(port, unreachable);
  let second: ChildProcess | undefined;
  const smtp = await startSmtpServer({ port: 0 });
  try {
    await waitUntilUp(port);
    const placeOrder = async (tenantName: string) => {
      const response = await fetch(`${base}/api/accept`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          imie_nazwisko_najemcy: tenantName,
          email: "crash@example.com",
          telefon: "600100200",
          adres_najemcy: "ul. B 2, 00-001 Warszawa",
          adres_eksmisji: "ul. A 1, 70-001 Szczecin",
          rodzaj_oswiadczenia: "regular",
          okres_najmu_dni: 90,
        }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { order_number: string }).order_number;
    };
    const number = await placeOrder("Crash Test");
    await stopOwnSite(first);

    second = startOwnSite(port, { ...unreachable, SMTP_URL: smtp.url });
    await waitUntilUp(port);
    // An untried message goes out at once, a failed one within 30 s, and one the killed
    // process was sending when it died after its claim expires (a minute).
    await smtp.waitFor(
      (mail: { subject: string; to: string[] }) => mail.subject.includes(number) && mail.to.includes("crash@example.com"),
      90_000,
    );
    await smtp.waitFor(
      (mail: { subject: string; to: string[] }) => mail.subject.includes(number) && mail.to.includes("operator@adres.test"),
      90_000,
    );
    // Nothing is sent twice: the outbox sends in queue order, so once a later order's two
    // messages have arrived, a second copy of the first order's would have come before them.
    const marker = await placeOrder("Marker Crash");
    await smtp.waitFor(
      (mail: { subject: string; to: string[] }) => mail.subject.includes(marker) && mail.to.includes("operator@adres.test"),
      90_000,
    );
    await smtp.waitFor(
      (mail: { subject: string; to: string[] }) => mail.subject.includes(marker) && mail.to.includes("crash@example.com"),
      90_000,
    );
    expect(smtp.messages.filter((mail: { subject: string }) => mail.subject.includes(number))).toHaveLength(2);
  } finally {
    await stopOwnSite(first);
    if (second) await stopOwnSite(second);
    await smtp.stop();
  }
});
