import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { SHIPPING_TEXT } from "~/shipping/admin-texts";
import { getDb } from "~/db/db.server";
import { resourceResponse, textResponse } from "~/security/responses.server";
import { labelResponseOf } from "~/shipping/label.server";

/** The InPost label of one order's shipment, as ShipX gives it (A6 PDF). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireOperator(request);
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : null;
  const order =
    id === null ? undefined : await getDb().selectFrom("orders").select(["number", "shipment_id"]).where("id", "=", id).executeTakeFirst();
  const carrier = context.services.shipping;
  if (!order?.shipment_id || !carrier) return textResponse(`${SHIPPING_TEXT.unavailable}\n`, 404, ADMIN_HEADERS);
  const label = await labelResponseOf(carrier, [order.shipment_id]);
  if (!label) return textResponse(`${SHIPPING_TEXT.unavailable}\n`, 503, ADMIN_HEADERS);
  return resourceResponse(label, {
    contentType: "application/pdf",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="etykieta-${order.number}.pdf"` },
  });
}
