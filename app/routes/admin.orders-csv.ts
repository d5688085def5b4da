import type { LoaderFunctionArgs } from "@remix-run/node";
import { ordersCsv, parseOrderFilter, searchIsRefused } from "~/admin/order-list.server";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { warsawDay } from "~/config/delivery-dates.server";
import { getDb } from "~/db/db.server";
import { SEARCH_TEXT } from "~/admin/texts";
import { resourceResponse, textResponse } from "~/security/responses.server";

/** The order list as filtered on the page (status and search), every page of it, for Excel. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request);
  const url = new URL(request.url);
  if (searchIsRefused(url)) return textResponse(`${SEARCH_TEXT.controlCharacters}\n`, 400, ADMIN_HEADERS);
  const csv = await ordersCsv(getDb(), parseOrderFilter(url));
  return resourceResponse(csv, {
    contentType: "text/csv; charset=utf-8",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="zamowienia-${warsawDay(new Date())}.csv"` },
  });
}
