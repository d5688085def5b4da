import type { LoaderFunctionArgs } from "@remix-run/node";
import { customerDataExport } from "~/admin/customer-data-export.server";
import { confirmedIdsOf, findCustomer, recordExport } from "~/admin/customer-data.server";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { CUSTOMER_DATA_TEXT } from "~/admin/texts";
import { env } from "~/config/env.server";
import { warsawDay } from "~/order/delivery-dates.server";
import { getDb } from "~/db/db.server";
import { customerDataPdf } from "~/admin/customer-data-pdf.server";
import { jsonResponse, resourceResponse, textResponse } from "~/security/responses.server";
import { clientAddressOfRequest } from "~/server/client-address.server";

/**
 * "Eksport danych": everything stored about the customer of one order, as JSON (RODO art. 20:
 * structured and machine-readable) or as a PDF in the language of the customer's newest order
 * (docs/decisions/064), drawn on the document thread like the
 * other PDFs (docs/decisions/038). Each export is recorded in the operator's audit trail.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const url = new URL(request.url);
  const format = url.searchParams.get("format") === "pdf" ? "pdf" : "json";
  const orderId = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : null;
  const db = getDb();
  // Orders sharing only a phone are in it only when the operator confirmed each by hand on the customer page.
  const customer = orderId === null ? null : await findCustomer(db, orderId, confirmedIdsOf(url.searchParams.getAll("also")));
  if (!customer) return textResponse(`${CUSTOMER_DATA_TEXT.notFound}\n`, 404, ADMIN_HEADERS);
  const now = new Date();
  const data = await customerDataExport(db, customer, { now, operatorEmail: env.OPERATOR_EMAIL });
  await recordExport(db, operator, customer, format, clientAddressOfRequest(request), now);
  const filename = `dane-klienta-${customer.orders[0]!.number.replace(/[^\w-]/g, "-")}-${warsawDay(now)}.${format}`;
  const headers = { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="${filename}"` };
  if (format === "json") return jsonResponse(data, 200, headers);
  const pdf = await customerDataPdf(context.documents, data);
  return resourceResponse(new Uint8Array(pdf), { contentType: "application/pdf", headers });
}
