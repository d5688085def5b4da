import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { getDb } from "~/db/db.server";
import { INVOICE_ADMIN_TEXT } from "~/invoices/admin-texts";
import { storedKsefFile } from "~/invoices/admin.server";
import { resourceResponse, textResponse } from "~/security/responses.server";

/** An invoice's FA(3) file exactly as stored for KSeF (its hash is the one KSeF knows), for the operator to send by hand. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOperator(request);
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : null;
  const file = id === null ? null : await storedKsefFile(getDb(), id);
  if (!file) return textResponse(`${INVOICE_ADMIN_TEXT.noKsefFile}\n`, 404, ADMIN_HEADERS);
  return resourceResponse(file.xml, {
    contentType: "application/xml; charset=utf-8",
    headers: { ...ADMIN_HEADERS, "Content-Disposition": `attachment; filename="${file.filename}"` },
  });
}
