import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { textResponse } from "~/security/responses.server";
import { clientAddressOfRequest } from "~/server/client-address.server";
import { createWebhookHandler, readWebhookPost } from "~/shipping/webhook.server";

let handler: ReturnType<typeof createWebhookHandler> | null = null;

/** POST from InPost (shipment_status_changed, shipment_confirmed): a hint, checked with ShipX after the answer. */
export async function action({ request, context }: ActionFunctionArgs) {
  const carrier = context.services.shipping;
  if (!carrier) return textResponse("Not Found", 404);
  const post = await readWebhookPost(request, clientAddressOfRequest(request), env.INPOST_WEBHOOK_ALLOW);
  if (post instanceof Response) return post;
  handler ??= createWebhookHandler(getDb(), carrier, { onApplied: nudgeMailWorker });
  const answer = await handler(post.body);
  return textResponse(answer.status === 200 ? "OK" : "Bad Request", answer.status);
}

export const loader = () => textResponse("Method Not Allowed", 405, { Allow: "POST" });
