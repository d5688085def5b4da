import { hostname } from "node:os";
import { pino, type DestinationStream, type Logger } from "pino";
import { env } from "~/config/env.server";
import { currentRequestId } from "./request-context.server";

/**
 * The process's one logger (docs/decisions/045): one JSON object a line on standard output, with
 * the time, the level, the instance and, inside a request's work, its request id. Under
 * `npm run dev` the lines are drawn readable by pino-pretty instead.
 *
 * A line carries ids, numbers, kinds and outcomes: never a customer's e-mail, name, phone,
 * address, a payment token or a password, and never a URL or a raw request. Fields of those
 * names are redacted as well, so one passed by mistake prints as [Redacted].
 */
export function createLog({
  level,
  instance,
  destination,
  readable = false,
}: {
  level: string;
  instance: string;
  destination?: DestinationStream;
  readable?: boolean;
}): Logger {
  const options = {
    level,
    base: { instance },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: { paths: PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]) },
    ...(readable ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

const PERSONAL_FIELDS = ["email", "name", "phone", "address", "token", "password"];

export const log: Logger = createLog({
  level: env.LOG_LEVEL,
  instance: env.INSTANCE ?? `${hostname()}/${process.pid}`,
  readable: env.NODE_ENV === "development",
});

export type Log = Pick<Logger, "info" | "warn" | "error" | "debug">;

/** An error for a log line: its kind, message and stack, with what looks like an e-mail address or a phone number blanked. */
export function errorFields(error: unknown): { err: { type: string; message: string; stack?: string } } {
  if (!(error instanceof Error)) return { err: { type: typeof error, message: redactPersonalData(String(error)) } };
  return { err: { type: error.name, message: redactPersonalData(error.message), stack: error.stack && redactPersonalData(error.stack) } };
}

/**
 * A message from outside our code (an SMTP server's refusal names the recipient, a database error may
 * quote a value) with e-mail addresses and phone-like runs of nine or more digits blanked out.
 */
export function redactPersonalData(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[e-mail]").replace(/(?<![\w-])\+?\d(?:[ -]?\d){8,}/g, "[number]");
}
