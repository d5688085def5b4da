import { env } from "~/config/env.server";

/**
 * Whether a request that changes something (POST and the like) comes from our own pages.
 * Another site must not be able to place an order, record a consent or send an event in a
 * visitor's name, with a hidden form or a script. Browsers send Origin (or at least
 * Sec-Fetch-Site or Referer) with every POST; a request with none of them, like curl's, is
 * not a browser acting for a visitor and is let through.
 */
type HeaderReader = (name: string) => string | null | undefined;

export function isSameOrigin(header: HeaderReader, host: string | null | undefined): boolean {
  const allowed = new Set([new URL(env.SITE_URL).origin]);
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  const origin = header("origin");
  if (origin !== null && origin !== undefined) return allowed.has(origin);
  const fetchSite = header("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const referer = header("referer");
  if (referer) {
    try {
      return allowed.has(new URL(referer).origin);
    } catch {
      return false;
    }
  }
  return true;
}

export function isSameOriginRequest(request: Request): boolean {
  return isSameOrigin((name) => request.headers.get(name), request.headers.get("host") ?? new URL(request.url).host);
}
