import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { ServiceDependencies } from "~/security/outside-service.server";
import type { MailMessage } from "./compose.server";

/**
 * Hands a composed message over: to the SMTP server of SMTP_URL, or, without one, to an
 * .eml file in MAIL_DIR (what `npm run dev` does on a fresh clone). `send` answers where the
 * message went, and throws when it was not taken: MailRefusedError when the server refused it
 * for good, which the outbox gives up at once, MailUnavailableError otherwise, which it retries.
 * Nothing here logs an address.
 */
export interface MailTransport {
  readonly send: (message: MailMessage) => Promise<string>;
}

/** SMTP_URL, MAIL_FROM and MAIL_DIR (app/mail/smtp-settings.server.ts). */
export type MailTransportSettings = { smtpUrl?: string; from: string; mailDir: string };

/** The mail server could not be reached, timed out, or answered 4xx ("try again later"): the outbox retries. */
export class MailUnavailableError extends Error {
  constructor(detail: string, options?: ErrorOptions) {
    super(detail, options);
    this.name = "MailUnavailableError";
  }
}

/**
 * The mail server refused the message for good: a 5xx reply to its recipient (RCPT TO, say
 * `550 5.1.1` no such mailbox) or to its content (after DATA). RFC 5321 (4.2.1) says a 5xx
 * means the same request will fail again, so the outbox gives it up at once (docs/decisions/069).
 * `reply` is the server's own line, which may quote the address.
 */
export class MailRefusedError extends Error {
  constructor(
    readonly reply: string,
    options?: ErrorOptions,
  ) {
    super(reply, options);
    this.name = "MailRefusedError";
  }
}

/** The commands whose 5xx refuses this message; a 5xx to the greeting, AUTH or MAIL FROM is about our setup, which an operator mends. */
const MESSAGE_COMMANDS = new Set(["RCPT TO", "DATA"]);

/**
 * nodemailer's error as one of ours. RFC 5321 4.5.3.1.10: a 552 to RCPT TO is a full mailbox or
 * too many recipients, which a client should treat as temporary.
 */
export function smtpFailureOf(error: unknown): MailRefusedError | MailUnavailableError {
  const { message, responseCode, command } = error as { message?: string; responseCode?: number; command?: string };
  const text = message ?? String(error);
  const permanent =
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    MESSAGE_COMMANDS.has(command ?? "") &&
    !(responseCode === 552 && command === "RCPT TO");
  return permanent ? new MailRefusedError(text, { cause: error }) : new MailUnavailableError(text, { cause: error });
}

/** Only the outbox waits (never a visitor); it fails fast on a dead server and tries again later. */
export const SMTP_TIMEOUT_MS = 10_000;

export function createMailTransport(
  { smtpUrl, from, mailDir }: MailTransportSettings,
  { now = () => new Date() }: ServiceDependencies = {},
): MailTransport {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async send(message) {
        try {
          const info = await transport.sendMail({ ...message, from });
          return `smtp ${info.messageId}`;
        } catch (error) {
          throw smtpFailureOf(error);
        }
      },
    };
  }
  // nodemailer builds the same RFC 822 message it would send, as a buffer.
  const builder: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const folder = resolve(mailDir);
  return {
    async send(message) {
      const info = await builder.sendMail({ ...message, from });
      mkdirSync(folder, { recursive: true });
      const name = `${now().toISOString().replace(/[:.]/g, "-")}-${message.messageId.replace(/[^A-Za-z0-9.-]/g, "")}.eml`;
      const path = join(folder, name);
      writeFileAtomically(path, info.message as Buffer);
      return `file ${path}`;
    },
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
