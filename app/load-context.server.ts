import { createMailTransport, type MailTransport } from "~/mail/transport.server";
import { smtpSettings } from "~/mail/smtp-settings.server";
import type { DocumentThread } from "~/jobs/document-thread.server";
import type { KsefGateway } from "~/ksef/gateway";
import { createKsefClient } from "~/ksef/ksef-api.server";
import { ksefSettings } from "~/ksef/ksef-settings.server";
import type { PaymentGateway } from "~/payments/gateway";
import { createPrzelewy24Client } from "~/payments/przelewy24.server";
import { przelewy24Settings } from "~/payments/przelewy24-settings.server";
import type { TransactionLookup } from "~/payments/settle.server";
import { createSharedLookup } from "~/payments/shared-lookup.server";
import type { PageCache } from "~/server/page-cache.server";
import type { RateLimited } from "~/server/rate-limit-screen.server";
import type { ServiceDependencies } from "~/security/outside-service.server";
import type { LockerDirectory, ShippingCarrier } from "~/shipping/carrier";
import { createInpostPointsClient, createShipxClient } from "~/shipping/inpost.server";
import { inpostPointsSettings, shipxSettings } from "~/shipping/inpost-settings.server";
import { conversionsApiSettings } from "~/tracking/conversions-api-settings.server";
import { createEventReporter, type EventReporter } from "~/tracking/events.server";

/**
 * The outside services' clients, built once per process (docs/decisions/077). A service whose
 * settings are unset is null, and the site works without it as before: the bank transfer only,
 * the courier only, tracking numbers typed by hand, invoices sent to KSeF by hand. Mail always
 * has a transport (SMTP, or .eml files in MAIL_DIR); server events are skipped without their settings.
 */
export type Services = {
  /** Przelewy24. */
  payments: PaymentGateway | null;
  /** How the payment page asks Przelewy24 about a payment: at most once per payment every 10 s, shared by every load. */
  paymentLookup: TransactionLookup | null;
  /** InPost's Points API: the parcel lockers the order form offers. */
  lockers: LockerDirectory | null;
  /** InPost's ShipX: shipments and labels. */
  shipping: ShippingCarrier | null;
  /** KSeF. */
  ksef: KsefGateway | null;
  /** SMTP, or the .eml files of MAIL_DIR. */
  mail: MailTransport;
  /** Meta's Conversions API. */
  events: EventReporter;
};

declare module "@remix-run/node" {
  /** What every loader and action gets as `context` (server.ts hands it to Remix). */
  interface AppLoadContext {
    /** Documents every visitor sees alike, kept briefly (docs/decisions/023). */
    pageCache: PageCache;
    /** The process's document thread: PDFs are drawn there (docs/decisions/038). */
    documents: DocumentThread;
    services: Services;
    /**
     * Set when this POST is over the client's limit on a page that keeps typed text
     * (app/server/rate-limit-screen.server.ts): the action answers 429 with the text, writing nothing.
     */
    rateLimited?: RateLimited | null;
  }
}

/** Each client from its settings in the env schema, with the process's HTTP client and clock (a test may hand in its own). */
export function createServices({ fetch = globalThis.fetch, now = () => new Date() }: ServiceDependencies = {}): Services {
  const dependencies = { fetch, now };
  const p24 = przelewy24Settings();
  const payments = p24 && createPrzelewy24Client(p24, dependencies);
  const points = inpostPointsSettings();
  const shipx = shipxSettings();
  const ksef = ksefSettings();
  return {
    payments,
    paymentLookup: payments && createSharedLookup(payments),
    lockers: points && createInpostPointsClient(points, dependencies),
    shipping: shipx && createShipxClient(shipx, dependencies),
    ksef: ksef && createKsefClient(ksef, dependencies),
    mail: createMailTransport(smtpSettings(), dependencies),
    events: createEventReporter(conversionsApiSettings()),
  };
}
