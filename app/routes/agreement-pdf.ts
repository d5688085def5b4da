import type { LoaderFunctionArgs } from "@remix-run/node";
import { company } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { documentThreadOf } from "~/documents/document-thread.server";
import { isPaymentToken } from "~/order/payment-token";
import { resourceResponse, textResponse } from "~/security/responses.server";

/**
 * The accepted agreement as a PDF, linked from the payment page. The order's payment token
 * is the only key: no cache keeps it, no Referer carries the URL on, no crawler lists it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const order = isPaymentToken(token)
    ? await getDb().selectFrom("orders").selectAll().where("payment_token", "=", token).executeTakeFirst()
    : undefined;
  const headers = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };
  if (!order) return textResponse("Not Found", 404, headers);
  // HEAD asks whether the document is there: building a PDF only to drop it would let a flood of HEADs slow everyone down.
  if (request.method === "HEAD") return resourceResponse(null, { contentType: "application/pdf", headers });
  // Drawn on the document thread: six connections downloading it held another visitor's page for 0.8 s.
  const pdf = await documentThreadOf(context).agreement(order, company);
  const disposition = `attachment; filename="${pdf.filename}"`;
  return resourceResponse(new Uint8Array(pdf.content), {
    contentType: "application/pdf",
    headers: { ...headers, "Content-Disposition": disposition },
  });
}
