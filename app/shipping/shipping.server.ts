import { env } from "~/config/env.server";
import type { LockerDirectory, ShippingCarrier } from "./carrier";
import { inpostLockerDirectory, shipxCarrier } from "./inpost.server";

let directory: LockerDirectory | null | undefined;
let carrier: ShippingCarrier | null | undefined;

/** The parcel lockers the order form offers, or null while INPOST_POINTS_URL is unset (courier only, as before). */
export function configuredLockers(): LockerDirectory | null {
  if (directory === undefined) directory = env.INPOST_POINTS_URL ? inpostLockerDirectory(env.INPOST_POINTS_URL) : null;
  return directory;
}

/** ShipX, or null while INPOST_API_TOKEN is unset: the operator then types tracking numbers by hand. */
export function configuredCarrier(): ShippingCarrier | null {
  if (carrier === undefined)
    carrier =
      env.INPOST_API_TOKEN && env.INPOST_ORGANIZATION_ID
        ? shipxCarrier({ apiUrl: env.INPOST_API_URL, token: env.INPOST_API_TOKEN, organizationId: env.INPOST_ORGANIZATION_ID })
        : null;
  return carrier;
}
