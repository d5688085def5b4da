import { env } from "~/config/env.server";

/**
 * Whether a request that changes something (POST and the like) comes from our own pages.
 * Another site must not be able to place an order, record a consent or send an event in a
 * visitor's name, with a hidden form or a script. Browsers send Origin (or at least
 * Sec-Fetch-Site or Referer) with every POST; a request with none of them, like curl's, is
 * not a browser acting for a visitor and is let through.
 *
 * Our origins are SITE_URL's and those in EXTRA_ORIGINS, never the Host header: a reverse
 * proxy may rewrite Host (nginx's default sends its upstream's name), and a client chooses it.
 */
type HeaderReader = (name: string) => string | null | undefined;

/** SITE_URL's origin and the configured extra ones (EXTRA_ORIGINS). */
export function siteOrigins(): ReadonlySet<string> {
  return new Set([new URL(env.SITE_URL).origin, ...env.EXTRA_ORIGINS]);
}

export function isSameOrigin(header: HeaderReader, allowed: ReadonlySet<string> = siteOrigins()): boolean {
  const origin = header("origin");
  const fetchSite = header("sec-fetch-site");
  // A page sent with "Referrer-Policy: no-referrer" (the back office, the payment page) makes the
  // browser send "Origin: null" even to its own site. Sec-Fetch-Site, which only a browser sets
  // and a page cannot change, then tells whether the form is ours.
  if (origin === "null") return fetchSite === "same-origin";
  if (origin !== null && origin !== undefined) return allowed.has(origin);
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
  return isSameOrigin((name) => request.headers.get(name));
}
