import { env } from "~/config/env.server";
import { ksefCertificates } from "./boot-certificates.server";
import type { KsefGateway } from "./gateway";
import { createKsefApiGateway } from "./ksef-api.server";
import type { KsefIssuing, OfflineIssuing } from "./submissions.server";

let gateway: KsefGateway | null | undefined;

/**
 * The KSeF client, or null while KSEF_NIP and a way to sign in (a certificate, or until the end of
 * 2026 a token) are unset: invoices are then kept for the operator to send by hand.
 */
export function configuredKsefGateway(): KsefGateway | null {
  if (gateway !== undefined) return gateway;
  const certificate = ksefCertificates.authentication;
  gateway =
    env.KSEF_NIP && (certificate || env.KSEF_TOKEN)
      ? createKsefApiGateway({
          apiUrl: env.KSEF_API_URL,
          nip: env.KSEF_NIP,
          token: env.KSEF_TOKEN,
          certificate: certificate ? { ...certificate, subjectIdentifierType: env.KSEF_SUBJECT } : undefined,
        })
      : null;
  return gateway;
}

/** What `prepareKsefSubmission` needs to know of the settings. */
export function ksefIssuing(): KsefIssuing {
  return { configured: configuredKsefGateway() !== null, forConsumers: env.KSEF_FOR_CONSUMERS };
}

/** The type 2 certificate's offline issuing, or null without one: then an invoice waits for KSeF's number before it goes out. */
export function ksefOfflineIssuing(): OfflineIssuing | null {
  const certificate = ksefCertificates.offline;
  return certificate && env.KSEF_NIP ? { certificate, contextNip: env.KSEF_NIP, apiUrl: env.KSEF_API_URL } : null;
}
