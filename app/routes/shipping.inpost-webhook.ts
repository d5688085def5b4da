import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { nudgeMailWorker } from "~/mail/mail-worker.server";
import { textResponse } from "~/security/responses.server";
import { clientAddressOfRequest } from "~/server/client-address.server";
import { configuredCarrier } from "~/shipping/shipping.server";
import { createWebhookHandler } from "~/shipping/webhook.server";

let handler: ReturnType<typeof createWebhookHandler> | null = null;

/** POST from InPost (shipment_status_changed, shipment_confirmed): a hint, checked with ShipX before anything changes. */
export async function action({ request }: ActionFunctionArgs) {
  const carrier = configuredCarrier();
  if (!carrier) return textResponse("Not Found", 404);
  handler ??= createWebhookHandler(getDb(), carrier, { allow: env.INPOST_WEBHOOK_ALLOW });
  const body: unknown = await request.json().catch(() => null);
  const answer = await handler(body, clientAddressOfRequest(request), new Date());
  if (answer.outcome === "applied") nudgeMailWorker();
  return textResponse(answer.status === 200 ? "OK" : answer.outcome, answer.status);
}

export const loader = () => textResponse("Method Not Allowed", 405, { Allow: "POST" });
