import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { SHIPPING_TEXT } from "~/shipping/admin-texts";
import { warsawDay } from "~/order/delivery-dates.server";
import { getDb } from "~/db/db.server";
import { resourceResponse, textResponse } from "~/security/responses.server";
import { labelResponseOf } from "~/shipping/label.server";
import { BATCH_MAX } from "~/shipping/ship-batch.server";

/** The labels of a batch's shipments (?order=ID, repeated) as one PDF, as ShipX gives them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request);
  const ids = new URL(request.url).searchParams
    .getAll("order")
    .filter((id) => /^\d{1,12}$/.test(id))
    .map(Number)
    .slice(0, BATCH_MAX);
  const shipments =
    ids.length === 0
      ? []
      : await getDb()
          .selectFrom("orders")
          .select("shipment_id")
          .where("id", "in", ids)
          .where("shipment_id", "is not", null)
          .where("tracking_number", "is not", null)
          .orderBy("id")
          .execute();
  const carrier = context.services.shipping;
  if (shipments.length === 0 || !carrier) return textResponse(`${SHIPPING_TEXT.unavailable}\n`, 404, ADMIN_HEADERS);
  const labels = await labelResponseOf(
    carrier,
    shipments.map((row) => row.shipment_id!),
  );
  if (!labels) return textResponse(`${SHIPPING_TEXT.unavailable}\n`, 503, ADMIN_HEADERS);
  return resourceResponse(labels, {
    contentType: "application/pdf",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="etykiety-${warsawDay(new Date())}.pdf"` },
  });
}
