import { env } from "~/config/env.server";

/**
 * Whether a POST comes from our own pages. Another site must not be able to record a
 * consent for the visitor, or send events in their name, with a hidden form. Browsers
 * send Sec-Fetch-Site (or at least Origin) with every POST; a request with neither,
 * like an old browser's, is let through.
 */
export function isSameOriginPost(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) return fetchSite === "same-origin";
  const origin = request.headers.get("Origin");
  if (!origin) return true;
  return origin === new URL(request.url).origin || origin === new URL(env.SITE_URL).origin;
}
