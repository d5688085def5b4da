import type { LoaderFunctionArgs } from "@remix-run/node";
import { ordersCsv, parseOrderFilter } from "~/admin/order-list.server";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { warsawDay } from "~/config/delivery-dates.server";
import { getDb } from "~/db/db.server";
import { resourceResponse } from "~/security/responses.server";

/** The order list as filtered on the page (status and search), every page of it, for Excel. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request);
  const csv = await ordersCsv(getDb(), parseOrderFilter(new URL(request.url)));
  return resourceResponse(csv, {
    contentType: "text/csv; charset=utf-8",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="zamowienia-${warsawDay(new Date())}.csv"` },
  });
}
