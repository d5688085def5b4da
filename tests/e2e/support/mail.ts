import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import { pdfTextOf } from "../../support/pdf-text";

/** A message the suite's SMTP server received (tests/support/smtp-server.mjs), as it wrote it to disk. */
export type ReceivedMail = {
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
};

export function receivedMail(): ReceivedMail[] {
  const directory = process.env.E2E_MAIL_DIR;
  if (!directory) throw new Error("E2E_MAIL_DIR is not set");
  let files: string[];
  try {
    files = readdirSync(directory)
      .filter((file) => file.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(directory, file), "utf8")) as ReceivedMail);
}

/** The messages that match, once at least one has arrived (the time limit only ends a wait that failed). */
export async function waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 45_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = receivedMail().filter(predicate);
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no matching e-mail within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function pdfText(attachment: ReceivedMail["attachments"][number]): Promise<string> {
  return pdfTextOf(Buffer.from(attachment.content, "base64"));
}

/** Tells the suite's SMTP server to refuse (451) or take messages again. */
export async function setSmtpOutage(down: boolean): Promise<void> {
  const response = await fetch(`${process.env.E2E_SMTP_CONTROL_URL}/${down ? "refuse" : "accept"}`, { method: "POST" });
  if (!response.ok) throw new Error(`SMTP control answered ${response.status}`);
}

/** Tells the suite's SMTP server to answer RCPT TO for this address with `550 5.1.1`, as a server without that mailbox does. */
export async function refuseRecipient(address: string): Promise<void> {
  const response = await fetch(`${process.env.E2E_SMTP_CONTROL_URL}/refuse-recipient?address=${encodeURIComponent(address)}`, {
    method: "POST",
  });
  if (!response.ok) throw new Error(`SMTP control answered ${response.status}`);
}

/** Places an order through the JSON API (as the original site's client does) and answers its number. */
export async function placeApiOrder(request: APIRequestContext, tenantName: string): Promise<string> {
  const response = await request.post("/api/accept", {
    data: {
      imie_nazwisko_najemcy: tenantName,
      email: "api-order@example.com",
      telefon: "600100200",
      adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
      adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
    },
  });
  if (response.status() !== 201) throw new Error(`/api/accept answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { order_number: string }).order_number;
}

/** How many times the e2e server's outbox tried to send one of an order's e-mails and failed. */
export function failedMailAttempts(orderNumber: string): number {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error("E2E_DATABASE_PATH is not set");
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT count(*) AS n FROM outbox_attempts a JOIN outbox m ON m.id = a.message_id JOIN orders o ON o.id = m.order_id
         WHERE o.number = ? AND a.outcome = 'failed'`,
      )
      .get(orderNumber) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}
