import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { log as processLog } from "~/log/log.server";

/**
 * A small client for Meta's Conversions API (docs/decisions/005).
 * It never throws and never logs personal data: a failure is one log line with the
 * event name and the kind of failure, nothing else.
 */
export const GRAPH_API_VERSION = "v21.0";
/** Nobody waits (events are fire and forget); the limit only frees the socket of an API that does not answer. */
export const CONVERSIONS_API_TIMEOUT_MS = 3_000;

export type ConversionsApiConfig = { pixelId: string; accessToken: string; baseUrl: string };

export type ConversionEvent = {
  eventName: string;
  eventId: string;
  /** Seconds since the epoch; defaults to now. */
  eventTime?: number;
  eventSourceUrl?: string;
  email?: string;
  phone?: string;
  clientIpAddress?: string;
  clientUserAgent?: string;
  customData?: Record<string, string | number>;
};

export type SendOutcome = "sent" | "failed";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Digits only with the country code, as Meta asks. Orders come from Poland, so a bare
 * nine-digit number gets 48; "00" and "+" prefixes are dropped.
 */
export function normalisePhone(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (digits.length === 9) digits = `48${digits}`;
  return digits;
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

type UserData = { em?: string[]; ph?: string[]; client_ip_address?: string; client_user_agent?: string };

/** The JSON body of one event; user data hashed after normalising, IP and user agent in clear as the API expects. */
export function buildEventPayload(event: ConversionEvent, now: () => number = Date.now) {
  const userData: UserData = {};
  const email = event.email ? normaliseEmail(event.email) : "";
  const phone = event.phone ? normalisePhone(event.phone) : "";
  if (email) userData.em = [sha256Hex(email)];
  if (phone) userData.ph = [sha256Hex(phone)];
  if (event.clientIpAddress) userData.client_ip_address = event.clientIpAddress;
  if (event.clientUserAgent) userData.client_user_agent = event.clientUserAgent;
  return {
    event_name: event.eventName,
    event_time: event.eventTime ?? Math.floor(now() / 1000),
    action_source: "website" as const,
    event_id: event.eventId,
    ...(event.eventSourceUrl ? { event_source_url: event.eventSourceUrl } : {}),
    user_data: userData,
    custom_data: event.customData ?? {},
  };
}

export function eventsEndpoint(config: ConversionsApiConfig): string {
  return `${config.baseUrl}/${GRAPH_API_VERSION}/${encodeURIComponent(config.pixelId)}/events`;
}

/** Posts a JSON body and resolves with the HTTP status; rejects on a network error or after the timeout. */
export type Transport = (url: string, body: string, timeoutMs: number) => Promise<number>;

export class TimeoutError extends Error {
  override name = "TimeoutError";
}

/**
 * Node's own http client, not the global fetch: remix-serve replaces fetch with a
 * polyfill whose abort on timeout throws outside any promise and stops the process
 * (seen with a Conversions API that never answers).
 */
export const nodeTransport: Transport = (url, body, timeoutMs) =>
  new Promise<number>((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      target,
      { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
      (response) => {
        // Drain the answer so the socket is freed; its content may echo request data, so it is not kept.
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new TimeoutError()), timeoutMs);
    request.on("error", reject);
    request.on("close", () => clearTimeout(timer));
    request.end(body);
  });

/** A test's own log takes the line alone; without one, the line goes to the process's structured log. */
type SendOptions = { timeoutMs?: number; transport?: Transport; log?: (message: string) => void };

/**
 * The one line of a skipped or failed event, through the process's structured log like every other
 * service's (`service`, `event` and the kind of failure as fields), or to a test's own `log`.
 */
export function logConversionsApi(
  log: ((message: string) => void) | undefined,
  message: string,
  fields: { event?: string; failure: string },
): void {
  if (log) log(message);
  else processLog.warn({ service: "conversions-api", ...fields }, message);
}

/** The API could not be reached, timed out, or answered 5xx or 429: the event is lost (events are never retried). */
export class ConversionsApiUnavailableError extends Error {
  constructor(eventName: string, detail: string) {
    super(`Conversions API ${eventName} failed: ${detail}`);
    this.name = "ConversionsApiUnavailableError";
  }
}

/** The API said no to the event (another 4xx: a wrong token or pixel, a field it does not take); the same event gets the same answer. */
export class ConversionsApiRefusedError extends Error {
  constructor(
    eventName: string,
    readonly status: number,
  ) {
    super(`Conversions API rejected ${eventName}: HTTP ${status}`);
    this.name = "ConversionsApiRefusedError";
  }
}

/** Posts one event; resolves when the API took it, otherwise throws one of the two errors above. Its answer's body is not read: it may echo request data. */
async function postEvent(config: ConversionsApiConfig, event: ConversionEvent, timeoutMs: number, transport: Transport): Promise<void> {
  const body = JSON.stringify({ data: [buildEventPayload(event)], access_token: config.accessToken });
  let status: number;
  try {
    status = await transport(eventsEndpoint(config), body, timeoutMs);
  } catch (error) {
    throw new ConversionsApiUnavailableError(
      event.eventName,
      error instanceof TimeoutError ? `timed out after ${timeoutMs} ms` : "network error",
    );
  }
  if (status >= 200 && status < 300) return;
  if (status >= 400 && status < 500 && status !== 429) throw new ConversionsApiRefusedError(event.eventName, status);
  throw new ConversionsApiUnavailableError(event.eventName, `HTTP ${status}`);
}

/**
 * Sends one event and resolves when it is done, failed or timed out; it never rejects.
 * The access token goes in the body, not the URL, so it stays out of proxy and access logs.
 */
export async function sendConversionEvent(
  config: ConversionsApiConfig,
  event: ConversionEvent,
  options: SendOptions = {},
): Promise<SendOutcome> {
  const { timeoutMs = CONVERSIONS_API_TIMEOUT_MS, transport = nodeTransport, log } = options;
  try {
    await postEvent(config, event, timeoutMs, transport);
    return "sent";
  } catch (error) {
    const known = error instanceof ConversionsApiUnavailableError || error instanceof ConversionsApiRefusedError;
    const failure = error instanceof ConversionsApiRefusedError ? "refused" : known ? "unavailable" : "unexpected";
    logConversionsApi(log, `[tracking] ${known ? error.message : `Conversions API ${event.eventName} failed: unexpected error`}`, {
      event: event.eventName,
      failure,
    });
    return "failed";
  }
}
