import { env } from "~/config/env.server";
import { ksefCertificates } from "./boot-certificates.server";
import type { KsefApiConfig } from "./ksef-api.server";
import type { KsefIssuing, OfflineIssuing } from "./submissions.server";

/**
 * KSeF's settings from the env schema, or null while KSEF_NIP and a way to sign in (a
 * certificate, or until the end of 2026 a token) are unset: invoices are then kept for the
 * operator to send by hand. The client itself is built once, in app/load-context.server.ts.
 */
export function ksefSettings(): KsefApiConfig | null {
  const certificate = ksefCertificates.authentication;
  return env.KSEF_NIP && (certificate || env.KSEF_TOKEN)
    ? {
        apiUrl: env.KSEF_API_URL,
        nip: env.KSEF_NIP,
        token: env.KSEF_TOKEN,
        certificate: certificate ? { ...certificate, subjectIdentifierType: env.KSEF_SUBJECT } : undefined,
      }
    : null;
}

/** What `prepareKsefSubmission` needs to know of the settings. */
export function ksefIssuing(): KsefIssuing {
  return { configured: ksefSettings() !== null, forConsumers: env.KSEF_FOR_CONSUMERS };
}

/** The type 2 certificate's offline issuing, or null without one: then an invoice waits for KSeF's number before it goes out. */
export function ksefOfflineIssuing(): OfflineIssuing | null {
  const certificate = ksefCertificates.offline;
  return certificate && env.KSEF_NIP ? { certificate, contextNip: env.KSEF_NIP, apiUrl: env.KSEF_API_URL } : null;
}
