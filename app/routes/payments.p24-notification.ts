import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { nudgeKsefLane } from "~/ksef/ksef-lane.server";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { readGatewayPost } from "~/payments/gateway-post.server";
import { handleNotification } from "~/payments/notification.server";
import { textResponse } from "~/security/responses.server";

/** POST from Przelewy24 (urlStatus): a payment notification, verified before anything changes. */
export async function action({ request, context }: ActionFunctionArgs) {
  const post = await readGatewayPost(request, context.services.payments);
  if (post instanceof Response) return post;
  const answer = await handleNotification(getDb(), post.gateway, post.body, new Date());
  if (answer.outcome === "paid") {
    nudgeMailWorker();
    nudgeKsefLane();
  }
  return textResponse(answer.status === 200 ? "OK" : answer.status === 400 ? "Bad Request" : "Service Unavailable", answer.status);
}

export const loader = () => textResponse("Method Not Allowed", 405, { Allow: "POST" });
