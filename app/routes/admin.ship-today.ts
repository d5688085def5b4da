import type { ActionFunctionArgs } from "@remix-run/node";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { SHIPPING_TEXT } from "~/admin/texts";
import { warsawDay } from "~/config/delivery-dates.server";
import { getDb } from "~/db/db.server";
import { nudgeMailWorker } from "~/mail/mail-worker.server";
import { resourceResponse, textResponse } from "~/security/responses.server";
import { labelResponseOf } from "~/shipping/label.server";
import { shipDueOrders } from "~/shipping/ship.server";
import { configuredCarrier } from "~/shipping/shipping.server";

/** POST "Nadaj wszystkie do wysyłki dziś": ships every paid order due today and answers with one PDF of their labels. */
export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const carrier = configuredCarrier();
  if (!carrier) return textResponse(`${SHIPPING_TEXT.unavailable}\n`, 404, ADMIN_HEADERS);
  const now = new Date();
  const { shipped, problems } = await shipDueOrders(getDb(), carrier, warsawDay(now), operator, () => new Date());
  if (shipped.length > 0) nudgeMailWorker();
  if (shipped.length === 0 && problems.length === 0) return textResponse(`${SHIPPING_TEXT.batchNone}\n`, 200, ADMIN_HEADERS);
  const label = shipped.length > 0 ? await labelResponseOf(carrier, shipped) : null;
  if (!label || problems.length > 0) {
    const lines = problems.map(({ number, outcome }) => `${number}: ${outcome.ok ? "" : outcome.reason}`);
    return textResponse(`${[SHIPPING_TEXT.unavailable, ...lines].join("\n")}\n`, 502, ADMIN_HEADERS);
  }
  return resourceResponse(label, {
    contentType: "application/pdf",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="etykiety-${warsawDay(now)}.pdf"` },
  });
}

export const loader = () => textResponse("Method Not Allowed", 405, { Allow: "POST" });
