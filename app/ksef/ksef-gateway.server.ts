import { env } from "~/config/env.server";
import type { KsefGateway } from "./gateway";
import { createKsefApiGateway } from "./ksef-api.server";
import type { KsefIssuing } from "./submissions.server";

let gateway: KsefGateway | null | undefined;

/** The KSeF client, or null while KSEF_TOKEN and KSEF_NIP are unset: invoices are then kept for the operator to send by hand. */
export function configuredKsefGateway(): KsefGateway | null {
  if (gateway !== undefined) return gateway;
  gateway =
    env.KSEF_TOKEN && env.KSEF_NIP ? createKsefApiGateway({ apiUrl: env.KSEF_API_URL, token: env.KSEF_TOKEN, nip: env.KSEF_NIP }) : null;
  return gateway;
}

/** What `prepareKsefSubmission` needs to know of the settings. */
export function ksefIssuing(): KsefIssuing {
  return { configured: configuredKsefGateway() !== null, forConsumers: env.KSEF_FOR_CONSUMERS };
}
