import type { LoaderFunctionArgs } from "@remix-run/node";
import { company } from "~/config/env.server";
import { getDb } from "~/db/db.server";

import { pdfDownload } from "~/documents/download.server";
import { paymentPath } from "~/order/order.server";
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
  // Drawn on the document thread, in turn with other clients' downloads (docs/decisions/038 and 061).
  const { documents } = context;
  return pdfDownload(request, (download) => documents.agreement(order, company, download), {
    locale: order.locale,
    backTo: paymentPath(order),
    headers,
  });
}
