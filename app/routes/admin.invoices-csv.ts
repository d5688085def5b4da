import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { warsawDay } from "~/order/delivery-dates.server";
import { getDb } from "~/db/db.server";
import { invoicesCsv, listInvoices, monthOf } from "~/invoices/admin.server";
import { ksefSendsInvoices } from "~/invoices/ksef-link.server";
import { resourceResponse } from "~/security/responses.server";

/** The invoices of a month (or all) for the accountant, as Polish Excel reads them. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request);
  const month = monthOf(new URL(request.url).searchParams.get("month"));
  const csv = invoicesCsv(await listInvoices(getDb(), month), ksefSendsInvoices());
  return resourceResponse(csv, {
    contentType: "text/csv; charset=utf-8",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="faktury-${month ?? warsawDay(new Date())}.csv"` },
  });
}
