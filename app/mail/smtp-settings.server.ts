import { env } from "~/config/env.server";
import type { MailTransportSettings } from "./transport.server";

/**
 * The mail transport's settings from the env schema: SMTP_URL, or without it the .eml files of
 * MAIL_DIR (always set: mail never depends on a service being configured). The transport itself
 * is built once, in app/load-context.server.ts.
 */
export function smtpSettings(): MailTransportSettings {
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, mailDir: env.MAIL_DIR };
}
