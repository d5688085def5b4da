import type { ActionFunctionArgs } from "@remix-run/node";
import { jsFlagIsOn } from "~/forms/js-flag";
import { BodyTooLargeError, bodyTooLargeResponse, readFormDataLimited } from "~/security/body.server";
import { jsonResponse, resourceResponse, textResponse } from "~/security/responses.server";
import { isConsentChoice, safeRedirectPath } from "~/tracking/consent";
import { expiredPixelCookies, serializeConsent } from "~/tracking/consent.server";
import { isSameOriginRequest } from "~/security/same-origin.server";

/**
 * The cookie banner's form target. Without JS it answers 303 back to the page the
 * visitor was on; the banner's enhanced form adds `js=1` and gets JSON, so the page
 * does not reload.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return textResponse("Method Not Allowed", 405, { Allow: "POST" });
  if (!isSameOriginRequest(request)) return textResponse("Forbidden", 403);

  let form: FormData | null;
  try {
    form = await readFormDataLimited(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return bodyTooLargeResponse();
    form = null;
  }
  const choice = form?.get("choice");
  const rawRedirect = form?.get("redirectTo") ?? "/";
  const redirectTo = safeRedirectPath(rawRedirect);
  if (!form || !isConsentChoice(choice) || !redirectTo) return textResponse("Bad Request", 400);

  const headers = new Headers({ "Set-Cookie": await serializeConsent(choice), "Cache-Control": "no-store" });
  if (choice === "reject") for (const expired of expiredPixelCookies()) headers.append("Set-Cookie", expired);
  if (jsFlagIsOn(form)) return jsonResponse({ consent: choice === "accept" ? "accepted" : "rejected" }, 200, headers);
  headers.set("Location", redirectTo);
  return resourceResponse(null, { status: 303, headers });
}

/** A GET (a bookmarked or typed /consent) has nothing to show. */
export function loader() {
  return textResponse("Method Not Allowed", 405, { Allow: "POST" });
}
