import type { Locale } from "~/i18n/locales";
import { fixedT } from "~/i18n/i18n.server";
import { clientAddressOfRequest } from "~/server/client-address.server";
import { shortPage } from "~/server/plain-answers.server";
import { resourceResponse } from "~/security/responses.server";
import { DocumentsBusyError, type Download } from "./document-queue.server";
import type { PdfFile } from "./pdf.server";

/**
 * A customer's PDF download (the agreement, an invoice), drawn in the document thread's downloads lane
 * for this request's client while the request is there (docs/decisions/061). The file as an attachment;
 * or, when the lane is full or the client has its share, a short page in the order's language that says
 * when to try again (503 with Retry-After) and leads back to the order's page. A request that goes away
 * before its turn is never drawn (the rejection reaches Remix, which logs nothing for a request that has gone).
 */
export async function pdfDownload(
  request: Request,
  draw: (download: Download) => Promise<PdfFile>,
  { locale, backTo, headers }: { locale: Locale; backTo: string; headers: Record<string, string> },
): Promise<Response> {
  try {
    const pdf = await draw({ client: clientAddressOfRequest(request), signal: request.signal });
    return resourceResponse(new Uint8Array(pdf.content), {
      contentType: "application/pdf",
      headers: { ...headers, "Content-Disposition": `attachment; filename="${pdf.filename}"` },
    });
  } catch (error) {
    if (!(error instanceof DocumentsBusyError)) throw error;
    const t = fixedT(locale, "error");
    const seconds = error.retryAfterSeconds;
    const page = shortPage({
      locale,
      title: t("documentsBusy.title"),
      heading: t("documentsBusy.heading"),
      text: t("documentsBusy.text", { seconds }),
      link: { href: backTo, text: t("documentsBusy.back") },
    });
    return resourceResponse(page, {
      status: 503,
      contentType: "text/html; charset=utf-8",
      headers: { ...headers, "Retry-After": String(seconds) },
    });
  }
}
