import { createHash } from "node:crypto";

/**
 * A small client for Meta's Conversions API (spec section 7, "Tracking calls").
 * It never throws and never logs personal data: a failure is one log line with the
 * event name and the kind of failure, nothing else.
 */
export const GRAPH_API_VERSION = "v21.0";
export const DEFAULT_TIMEOUT_MS = 3_000;

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

type SendOptions = { timeoutMs?: number; fetchImpl?: typeof fetch; log?: (message: string) => void };

/**
 * Sends one event and resolves when it is done, failed or timed out; it never rejects.
 * The access token goes in the body, not the URL, so it stays out of proxy and access logs.
 */
export async function sendConversionEvent(config: ConversionsApiConfig, event: ConversionEvent, options: SendOptions = {}): Promise<SendOutcome> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, fetchImpl = fetch, log = console.warn } = options;
  try {
    const response = await fetchImpl(eventsEndpoint(config), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ data: [buildEventPayload(event)], access_token: config.accessToken }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Drain the body so the connection is released; its content may echo request data, so it is not logged.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return "sent";
    log(`[tracking] Conversions API rejected ${event.eventName}: HTTP ${response.status}`);
    return "failed";
  } catch (error) {
    const kind = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError") ? `timed out after ${timeoutMs} ms` : "network error";
    log(`[tracking] Conversions API ${event.eventName} failed: ${kind}`);
    return "failed";
  }
}
