import { json, type ActionFunctionArgs } from "@remix-run/node";
import { applySecurityHeaders } from "~/security/headers.server";
import { readFormDataLimited } from "~/security/body-limit.server";
import { plainTextResponse } from "~/security/responses.server";
import { requireSameOrigin } from "~/security/same-origin.server";
import { isConsentChoice, safeRedirectPath } from "~/tracking/consent";
import { expiredPixelCookies, serializeConsent } from "~/tracking/consent.server";

/**
 * The cookie banner's form target. Without JS it answers 303 back to the page the
 * visitor was on; the banner's enhanced form adds `js=1` and gets JSON, so the page
 * does not reload.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return plainTextResponse("Method Not Allowed", 405, { Allow: "POST" });
  requireSameOrigin(request);

  const form = await readFormDataLimited(request);
  const choice = form?.get("choice");
  const rawRedirect = form?.get("redirectTo") ?? "/";
  const redirectTo = safeRedirectPath(rawRedirect);
  if (!form || !isConsentChoice(choice) || !redirectTo) return plainTextResponse("Bad Request", 400);

  const headers = applySecurityHeaders(new Headers({ "Set-Cookie": await serializeConsent(choice), "Cache-Control": "no-store" }));
  if (choice === "reject") for (const expired of expiredPixelCookies()) headers.append("Set-Cookie", expired);
  if (form.get("js") === "1") return json({ consent: choice === "accept" ? "accepted" : "rejected" }, { headers });
  headers.set("Location", redirectTo);
  return new Response(null, { status: 303, headers });
}

/** A GET (a bookmarked or typed /consent) has nothing to show. */
export function loader() {
  return plainTextResponse("Method Not Allowed", 405, { Allow: "POST" });
}
