import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { readGatewayPost } from "~/payments/gateway-post.server";
import { handleRefundNotification } from "~/payments/refund-notification.server";
import { textResponse } from "~/security/responses.server";

/** POST from Przelewy24 (a refund's urlStatus): the refund's result, verified before anything changes. */
export async function action({ request, context }: ActionFunctionArgs) {
  const post = await readGatewayPost(request, context.services.payments);
  if (post instanceof Response) return post;
  const answer = await handleRefundNotification(getDb(), post.gateway, post.body, new Date());
  if (answer.outcome === "refund-rejected") nudgeMailWorker();
  return textResponse(answer.status === 200 ? "OK" : "Bad Request", answer.status);
}

export const loader = () => textResponse("Method Not Allowed", 405, { Allow: "POST" });
