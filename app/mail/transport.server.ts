import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { MailMessage } from "./compose.server";

/**
 * Hands a composed message over: to the SMTP server of SMTP_URL, or, without one, to an
 * .eml file in MAIL_DIR (what `npm run dev` does on a fresh clone). It throws when the
 * message was not taken, so the outbox retries it. Nothing here logs an address.
 */
export type SendMail = (message: MailMessage) => Promise<string>;

/** Fails fast on a dead server: the outbox retries, the visitor never waits for it. */
const SMTP_TIMEOUT_MS = 10_000;

export function createMailSender({ smtpUrl, from, mailDir }: { smtpUrl?: string; from: string; mailDir: string }): SendMail {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return async (message) => {
      const info = await transport.sendMail({ ...message, from });
      return `smtp ${info.messageId}`;
    };
  }
  // nodemailer builds the same RFC 822 message it would send, as a buffer.
  const builder: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const folder = resolve(mailDir);
  return async (message) => {
    const info = await builder.sendMail({ ...message, from });
    mkdirSync(folder, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.messageId.replace(/[^A-Za-z0-9.-]/g, "")}.eml`;
    const path = join(folder, name);
    writeFileAtomically(path, info.message as Buffer);
    return `file ${path}`;
  };
}

/**
 * Writes to a hidden temporary name in the same folder, flushed to disk, then renames: a rename
 * within a folder is atomic, so a process killed mid-write (or a power cut) leaves at most a
 * ".….partial" file and never a 0-byte or truncated .eml beside the complete one sent later.
 */
function writeFileAtomically(path: string, data: Buffer): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  writeFileSync(temporary, data, { flush: true });
  renameSync(temporary, path);
}
