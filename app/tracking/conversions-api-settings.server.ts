import { env } from "~/config/env.server";
import type { ConversionsApiConfig } from "./conversions-api.server";

/**
 * Meta's Conversions API's settings from the env schema, or null while META_PIXEL_ID or
 * META_CAPI_TOKEN is unset: server events are then skipped. The reporter itself is built once,
 * in app/load-context.server.ts.
 */
export function conversionsApiSettings(): ConversionsApiConfig | null {
  if (!env.META_PIXEL_ID || !env.META_CAPI_TOKEN) return null;
  return { pixelId: env.META_PIXEL_ID, accessToken: env.META_CAPI_TOKEN, baseUrl: env.META_CAPI_URL };
}
