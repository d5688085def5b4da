import { env } from "~/config/env.server";
import type { ShipxSettings } from "./inpost.server";

/**
 * InPost's settings from the env schema. The clients are built once, in app/load-context.server.ts.
 */

/** The Points API's address, or null while INPOST_POINTS_URL is unset: the order form offers the courier only. */
export function inpostPointsSettings(): { pointsUrl: string } | null {
  return env.INPOST_POINTS_URL ? { pointsUrl: env.INPOST_POINTS_URL } : null;
}

/** ShipX's, or null while INPOST_API_TOKEN or INPOST_ORGANIZATION_ID is unset: the operator then types tracking numbers by hand. */
export function shipxSettings(): ShipxSettings | null {
  return env.INPOST_API_TOKEN && env.INPOST_ORGANIZATION_ID
    ? { apiUrl: env.INPOST_API_URL, token: env.INPOST_API_TOKEN, organizationId: env.INPOST_ORGANIZATION_ID }
    : null;
}
