import { json, type ActionFunctionArgs } from "@remix-run/node";
import { applySecurityHeaders } from "~/security/headers.server";
import { isConsentChoice, safeRedirectPath } from "~/tracking/consent";
import { expiredPixelCookies, serializeConsent } from "~/tracking/consent.server";
import { isSameOriginPost } from "~/tracking/same-origin.server";

/**
 * The cookie banner's form target. Without JS it answers 303 back to the page the
 * visitor was on; the banner's enhanced form adds `js=1` and gets JSON, so the page
 * does not reload.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return plain("Method Not Allowed", 405, { Allow: "POST" });
  if (!isSameOriginPost(request)) return plain("Forbidden", 403);

  const form = await request.formData().catch(() => null);
  const choice = form?.get("choice");
  const rawRedirect = form?.get("redirectTo") ?? "/";
  const redirectTo = safeRedirectPath(rawRedirect);
  if (!form || !isConsentChoice(choice) || !redirectTo) return plain("Bad Request", 400);

  const headers = applySecurityHeaders(new Headers({ "Set-Cookie": await serializeConsent(choice), "Cache-Control": "no-store" }));
  if (choice === "reject") for (const expired of expiredPixelCookies()) headers.append("Set-Cookie", expired);
  if (form.get("js") === "1") return json({ consent: choice === "accept" ? "accepted" : "rejected" }, { headers });
  headers.set("Location", redirectTo);
  return new Response(null, { status: 303, headers });
}

/** A GET (a bookmarked or typed /consent) has nothing to show. */
export function loader() {
  return plain("Method Not Allowed", 405, { Allow: "POST" });
}

function plain(body: string, status: number, extra: Record<string, string> = {}) {
  return new Response(body, { status, headers: applySecurityHeaders(new Headers({ "Content-Type": "text/plain; charset=utf-8", ...extra })) });
}
