import { BodyTooLargeError, readBodyLimited } from "~/security/body.server";
import { textResponse } from "~/security/responses.server";
import type { PaymentGateway } from "./gateway";

/**
 * A POST from the gateway's server (a payment's or a refund's notification): the configured
 * gateway and the JSON body, within the body limit. Otherwise the answer it gets: 404 while online
 * payment is off (the path does not exist then), 413 for an oversized body, 400 for one that is not JSON.
 */
export async function readGatewayPost(
  request: Request,
  gateway: PaymentGateway | null,
): Promise<{ gateway: PaymentGateway; body: unknown } | Response> {
  if (!gateway || request.method !== "POST") return textResponse("Not Found", 404);
  try {
    return { gateway, body: JSON.parse(new TextDecoder().decode(await readBodyLimited(request))) };
  } catch (error) {
    return error instanceof BodyTooLargeError ? textResponse("Payload Too Large", 413) : textResponse("Bad Request", 400);
  }
}
