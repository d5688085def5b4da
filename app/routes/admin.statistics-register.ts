import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { sellerVat } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { monthOf } from "~/invoices/admin.server";
import { resourceResponse, textResponse } from "~/security/responses.server";
import { salesRegisterCsv } from "~/statistics/register.server";
import { STATISTICS_TEXT } from "~/statistics/texts";

/** The sales register of one month (`?month=2026-11`) for the accountant, as Polish Excel reads it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request);
  const month = monthOf(new URL(request.url).searchParams.get("month"));
  if (!month) return textResponse(`${STATISTICS_TEXT.badMonth}\n`, 400, ADMIN_HEADERS);
  return resourceResponse(await salesRegisterCsv(getDb(), month, sellerVat.rate), {
    contentType: "text/csv; charset=utf-8",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="rejestr-sprzedazy-${month}.csv"` },
  });
}
