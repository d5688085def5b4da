import type { ActionFunctionArgs } from "@remix-run/node";
import { readFormDataLimited } from "~/security/body-limit.server";
import { resourceResponse } from "~/security/responses.server";
import { requireSameOrigin } from "~/security/same-origin.server";
import { SOCIAL_CLICK_EVENT, SOCIAL_CLICK_EVENT_NAME, isEventId } from "~/tracking/events";
import { reportEvent } from "~/tracking/events.server";
import { safeRedirectPath } from "~/tracking/consent";

/**
 * The server side of browser-only events, reached with navigator.sendBeacon. Only the
 * social-widget click comes this way: events with a value (checkout, lead, purchase)
 * are reported by the loaders and actions that know the order, never on the browser's word.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return resourceResponse(null, { status: 405, headers: { Allow: "POST" } });
  requireSameOrigin(request);
  const form = await readFormDataLimited(request);
  const eventId = form?.get("eventId");
  const page = safeRedirectPath(form?.get("page"));
  if (!form || form.get("event") !== SOCIAL_CLICK_EVENT || !isEventId(eventId) || !page) return resourceResponse(null, { status: 400 });
  // Consent and configuration are checked inside; the answer is the same either way.
  reportEvent(request, { name: SOCIAL_CLICK_EVENT_NAME, eventId, sourcePath: new URL(page, "http://x").pathname });
  return resourceResponse(null, { status: 204 });
}

export function loader() {
  return resourceResponse(null, { status: 405, headers: { Allow: "POST" } });
}
