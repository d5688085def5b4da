import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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
    files = readdirSync(directory).filter((file) => file.endsWith(".json")).sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(directory, file), "utf8")) as ReceivedMail);
}

/** The messages that match, once at least one has arrived. */
export async function waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail[]> {
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
