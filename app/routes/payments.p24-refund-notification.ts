import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { nudgeMailWorker } from "~/mail/mail-worker.server";
import { configuredGateway } from "~/payments/gateway.server";
import { handleRefundNotification } from "~/payments/refund-notification.server";
import { BodyTooLargeError, readBodyLimited } from "~/security/body.server";
import { textResponse } from "~/security/responses.server";

/** POST from Przelewy24 (a refund's urlStatus): the refund's result, verified before anything changes. */
export async function action({ request }: ActionFunctionArgs) {
  const gateway = configuredGateway();
  if (!gateway || request.method !== "POST") return textResponse("Not Found", 404);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(await readBodyLimited(request)));
  } catch (error) {
    return error instanceof BodyTooLargeError ? textResponse("Payload Too Large", 413) : textResponse("Bad Request", 400);
  }
  const answer = await handleRefundNotification(getDb(), gateway, body, new Date());
  if (answer.outcome === "refund-rejected") nudgeMailWorker();
  return textResponse(answer.status === 200 ? "OK" : "Bad Request", answer.status);
}

export const loader = () => textResponse("Method Not Allowed", 405, { Allow: "POST" });
