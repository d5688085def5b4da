import { env } from "~/config/env.server";
import type { DeclarationType } from "~/config/products";
import type { ConsentState } from "./consent";
import { hasMarketingConsent, readConsent } from "./consent.server";
import {
  logConversionsApi,
  sendConversionEvent,
  type ConversionsApiConfig,
  type SendOutcome,
  type Transport,
} from "./conversions-api.server";
import { checkoutTypeOf, EVENT_ID_PARAM, isEventId, newEventId, type MarketingEventName } from "./events";
import { productEventData } from "./product-event-data";
import { pixelCspSources, type PublicPixelIds } from "./pixels";
import { clientAddressOfRequest } from "~/server/client-address.server";

/**
 * The server's one entry point for marketing events. It checks consent and
 * configuration, then sends in the background: a caller is never slowed down,
 * and no failure reaches the visitor.
 */
export type ServerEvent = {
  name: MarketingEventName | "Contact";
  /** Shared with the browser pixel's eventID for de-duplication. */
  eventId: string;
  /** Fills custom_data (value, currency, content_name, content_id); none means an empty payload. */
  product?: DeclarationType;
  email?: string;
  phone?: string;
  /** The page the event happened on when it is not the requested one (a beacon's page). */
  sourcePath?: string;
};

export type ReportOutcome = SendOutcome | "no-consent" | "not-configured";

type ReporterOptions = { timeoutMs?: number; transport?: Transport; log?: (message: string) => void };

export function createEventReporter(config: ConversionsApiConfig | null, options: ReporterOptions = {}) {
  const { log } = options;
  let warnedNotConfigured = false;

  /** Resolves with what happened; never rejects. Use it in tests; routes use reportEvent. */
  async function deliverEvent(request: Request, event: ServerEvent): Promise<ReportOutcome> {
    try {
      if (!config) {
        if (!warnedNotConfigured) {
          warnedNotConfigured = true;
          logConversionsApi(
            log,
            "[tracking] Conversions API is not configured (META_PIXEL_ID and META_CAPI_TOKEN): server events are skipped.",
            {
              failure: "not-configured",
            },
          );
        }
        return "not-configured";
      }
      if (!(await hasMarketingConsent(request))) return "no-consent";
      return await sendConversionEvent(
        config,
        {
          eventName: event.name,
          eventId: event.eventId,
          eventSourceUrl: `${env.SITE_URL}${event.sourcePath ?? new URL(request.url).pathname}`,
          email: event.email,
          phone: event.phone,
          clientIpAddress: clientIpOf(request),
          clientUserAgent: request.headers.get("User-Agent") ?? undefined,
          customData: event.product ? productEventData(event.product) : {},
        },
        { timeoutMs: options.timeoutMs, transport: options.transport, log },
      );
    } catch {
      logConversionsApi(log, `[tracking] ${event.name} was not reported: unexpected error`, { event: event.name, failure: "unexpected" });
      return "failed";
    }
  }

  /** Fire and forget: returns at once, whatever the API does. */
  function reportEvent(request: Request, event: ServerEvent): void {
    void deliverEvent(request, event);
  }

  return { deliverEvent, reportEvent };
}

/** What the routes report server events through: built once, in app/load-context.server.ts. */
export type EventReporter = ReturnType<typeof createEventReporter>;

/**
 * For the order page's loader: a visit from a pricing card (`?type=<type>`) is an
 * InitiateCheckout. With JS the pixel already fired and passed its id as `eid`, so both
 * share it; without JS the server makes one. Returns the event id, or null when the
 * visit did not come from a pricing card.
 */
export function reportCheckoutFromUrl(request: Request, report: EventReporter["reportEvent"]): string | null {
  const { searchParams } = new URL(request.url);
  const product = checkoutTypeOf(searchParams);
  if (!product) return null;
  const passedId = searchParams.get(EVENT_ID_PARAM);
  const eventId = isEventId(passedId) ? passedId : newEventId();
  report(request, { name: "InitiateCheckout", eventId, product });
  return eventId;
}

/** The public pixel ids the browser may load: only after consent, only the configured ones. */
export function pixelIdsFor(consent: ConsentState): PublicPixelIds | null {
  if (consent !== "accepted") return null;
  const ids: PublicPixelIds = { meta: env.META_PIXEL_ID ?? null, tiktok: env.TIKTOK_PIXEL_ID ?? null };
  return ids.meta || ids.tiktok ? ids : null;
}

/**
 * Extra CSP sources for a document: the configured pixels' hosts unless the visitor
 * rejected. They are allowed before the choice too, because Accept works without a
 * reload and a document's CSP cannot be widened afterwards; nothing is loaded from
 * them before consent (the loader runs only then), which the e2e suite checks.
 */
export async function trackingCspFor(request: Request) {
  const consent = await readConsent(request);
  if (consent === "rejected") return {};
  return pixelCspSources({ meta: env.META_PIXEL_ID ?? null, tiktok: env.TIKTOK_PIXEL_ID ?? null });
}

/**
 * The visitor's address as the server layer worked it out from the socket and TRUST_PROXY
 * (docs/decisions/019), never a raw X-Forwarded-For entry, which the visitor can write.
 * Outside the server (no address known) it is left out.
 */
function clientIpOf(request: Request): string | undefined {
  const address = clientAddressOfRequest(request);
  return address === "unknown" ? undefined : address;
}
