import type { LoaderFunctionArgs } from "@remix-run/node";
import { filterProblem, parseOrderFilter } from "~/admin/order-list.server";
import { ordersCsv } from "~/admin/orders-csv.server";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { warsawDay } from "~/order/delivery-dates.server";
import { env } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { resourceResponse, textResponse } from "~/security/responses.server";

/** The order list as filtered on the page (status, search, dates, due), every page of it, for Excel. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request);
  const url = new URL(request.url);
  const problem = filterProblem(url);
  if (problem) return textResponse(`${problem}\n`, 400, ADMIN_HEADERS);
  const csv = await ordersCsv(getDb(), parseOrderFilter(url), env.PAYMENT_DEADLINE_DAYS);
  return resourceResponse(csv, {
    contentType: "text/csv; charset=utf-8",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="zamowienia-${warsawDay(new Date())}.csv"` },
  });
}
