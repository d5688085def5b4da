import type { ActionFunctionArgs } from "@remix-run/node";
import { BodyTooLargeError, bodyTooLargeResponse, readFormDataLimited } from "~/security/body.server";
import { resourceResponse } from "~/security/responses.server";
import { SOCIAL_CLICK_EVENT, SOCIAL_CLICK_EVENT_NAME, isEventId } from "~/tracking/events";
import { safeRedirectPath } from "~/tracking/consent";
import { isSameOriginRequest } from "~/security/same-origin.server";

/**
 * The server side of browser-only events, reached with navigator.sendBeacon. Only the
 * social-widget click comes this way: events with a value (checkout, lead, purchase)
 * are reported by the loaders and actions that know the order, never on the browser's word.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return empty(405);
  if (!isSameOriginRequest(request)) return empty(403);
  let form: FormData | null;
  try {
    form = await readFormDataLimited(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return bodyTooLargeResponse();
    form = null;
  }
  const eventId = form?.get("eventId");
  const page = safeRedirectPath(form?.get("page"));
  if (!form || form.get("event") !== SOCIAL_CLICK_EVENT || !isEventId(eventId) || !page) return empty(400);
  // Consent and configuration are checked inside; the answer is the same either way.
  context.services.events.reportEvent(request, { name: SOCIAL_CLICK_EVENT_NAME, eventId, sourcePath: new URL(page, "http://x").pathname });
  return empty(204);
}

export function loader() {
  return empty(405);
}

function empty(status: number) {
  return resourceResponse(null, { status, headers: { "Cache-Control": "no-store" } });
}
