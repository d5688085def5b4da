import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startSmtpServer } from "../support/smtp-server.mjs";

/**
 * kill -9 between the accept and the send: the message committed with the order is sent by
 * the next process on the same database, once. This spec runs its own servers, on ports
 * above the suite's, all on 127.0.0.1.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 10;
const base = `http://127.0.0.1:${port}`;

function startSite(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "./build/index.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", SITE_URL: base, ...env },
    stdio: "ignore",
  });
}

async function waitUntilUp(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${base}/robots.txt`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the site did not start");
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

test("a message committed with its order survives a kill -9 and is sent once after the restart", async ({}, testInfo) => {
  test.skip(testInfo.project.name === "js", "a server-side behaviour: once is enough");
  test.setTimeout(90_000);
  const databasePath = join(mkdtempSync(join(tmpdir(), "mail-crash-")), "app.db");
  // No SMTP server yet: the first process cannot send; its message stays queued.
  const unreachable = { SMTP_URL: `smtp://127.0.0.1:${port + 1}`, OPERATOR_EMAIL: "operator@adres.test", DATABASE_PATH: databasePath };
  const first = startSite(unreachable);
  let second: ChildProcess | undefined;
  const smtp = await startSmtpServer({ port: 0 });
  try {
    await waitUntilUp();
    const response = await fetch(`${base}/api/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ imie_nazwisko_najemcy: "Crash Test", email: "crash@example.com", telefon: "600100200", adres_najemcy: "ul. B 2, 00-001 Warszawa", adres_eksmisji: "ul. A 1, 70-001 Szczecin", rodzaj_oswiadczenia: "regular", okres_najmu_dni: 90 }),
    });
    expect(response.status).toBe(201);
    const { order_number: number } = (await response.json()) as { order_number: string };
    await killed(first);

    second = startSite({ ...unreachable, SMTP_URL: smtp.url });
    await waitUntilUp();
    // A failed first try is retried within 30 s; an untried message goes out at once.
    await smtp.waitFor((mail: { subject: string; to: string[] }) => mail.subject.includes(number) && mail.to.includes("crash@example.com"), 45_000);
    await smtp.waitFor((mail: { subject: string; to: string[] }) => mail.subject.includes(number) && mail.to.includes("operator@adres.test"), 45_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages.filter((mail: { subject: string }) => mail.subject.includes(number))).toHaveLength(2);
  } finally {
    await killed(first);
    if (second) await killed(second);
    await smtp.stop();
  }
});
