import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";

import { pdfDownload } from "~/documents/download.server";
import { customerInvoiceView } from "~/invoices/customer.server";
import { invoiceWithOriginal } from "~/invoices/issue.server";
import { ksefMarkOf } from "~/invoices/ksef-link.server";
import { pathFor } from "~/i18n/routes";
import { textResponse } from "~/security/responses.server";

/**
 * One of the order's invoices (or correcting invoices) as a PDF, linked from the order's invoice
 * page. A route of its own: a page's loader cannot answer a plain link with a file (Remix renders
 * the page around whatever the loader returns). The order's payment token is the key, as for the
 * agreement, and the invoice must be that order's own; no cache keeps it, no Referer carries it on.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = getDb();
  const view = await customerInvoiceView(db, params.token ?? "", new Date());
  // An invoice waiting for its KSeF number is not handed out yet (docs/decisions/056): the page offers no link to it.
  const own = view?.invoices.find((invoice) => String(invoice.id) === params.id && !invoice.awaitsKsef);
  const found = own ? await invoiceWithOriginal(db, own.id) : null;
  const headers = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };
  if (!view || !found) return textResponse("Not Found", 404, headers);
  const input = { ...found, ksef: await ksefMarkOf(db, found.invoice) };
  const { documents } = context;
  return pdfDownload(request, (download) => documents.invoicePdf(input, download), {
    locale: view.locale,
    backTo: pathFor("invoiceRequest", view.locale, { token: params.token ?? "" }),
    headers,
  });
}
