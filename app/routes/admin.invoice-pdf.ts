import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { getDb } from "~/db/db.server";

import { INVOICE_ADMIN_TEXT } from "~/invoices/admin-texts";
import { invoiceWithOriginal } from "~/invoices/issue.server";
import { ksefMarkOf } from "~/invoices/ksef-link.server";
import { resourceResponse, textResponse } from "~/security/responses.server";

/** An invoice's PDF for the operator, drawn on the document thread from the invoice as issued. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireOperator(request);
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : null;
  const found = id === null ? null : await invoiceWithOriginal(getDb(), id);
  if (!found) return textResponse(`${INVOICE_ADMIN_TEXT.notFound}\n`, 404, ADMIN_HEADERS);
  const pdf = await context.documents.invoicePdf({ ...found, ksef: await ksefMarkOf(getDb(), found.invoice) });
  return resourceResponse(new Uint8Array(pdf.content), {
    contentType: "application/pdf",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="${pdf.filename}"` },
  });
}
