import { canonicalPathOf } from "~/i18n/routes";
import { resourceResponse } from "~/security/responses.server";

/**
 * Where a request on a variant of a page's path ("/En/Contact", "/blog/") belongs: the
 * route table's spelling with the same query string (Remix's own `_data` dropped), or
 * null when the path is already canonical or no page's.
 */
export function canonicalLocationOf(request: Request): string | null {
  const url = new URL(request.url);
  const canonical = canonicalPathOf(url.pathname);
  if (!canonical) return null;
  url.searchParams.delete("_data");
  return `${canonical}${url.search}`;
}

/** GET and HEAD get 301; other methods 308, which keeps the method and the body. */
function permanentStatusFor(request: Request): 301 | 308 {
  return request.method === "GET" || request.method === "HEAD" ? 301 : 308;
}

/** The permanent redirect for a document request, or null (used by entry.server's handleRequest). */
export function canonicalRedirectFor(request: Request): Response | null {
  const location = canonicalLocationOf(request);
  return location ? resourceResponse(null, { status: permanentStatusFor(request), headers: { Location: location } }) : null;
}

/** The same for a `?_data=` request: Remix's client follows a data request's redirect only through X-Remix-Redirect on a 204. */
export function canonicalDataRedirectFor(request: Request): Response | null {
  const location = canonicalLocationOf(request);
  return location ? resourceResponse(null, { status: 204, headers: { "X-Remix-Redirect": location, "X-Remix-Status": String(permanentStatusFor(request)) } }) : null;
}

/**
 * Throws the canonical redirect from a loader or action (Remix turns it into the right
 * shape for documents and data requests). Page actions call it first, so a POST to a
 * variant path changes nothing and is sent on with 308.
 */
export function redirectToCanonical(request: Request): void {
  const location = canonicalLocationOf(request);
  if (location) throw resourceResponse(null, { status: permanentStatusFor(request), headers: { Location: location } });
}
