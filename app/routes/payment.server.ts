import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { company } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { getFixedT, localeOf } from "~/i18n/i18n.server";
import { customerPageOf } from "~/customer-page/customer-page";
import { customerInvoiceView } from "~/invoices/customer.server";
import { findCustomerPageView } from "~/customer-page/page-view.server";
import { transferTitle } from "~/order/transfer-title";
import { transferQrSvg } from "~/payments/transfer-qr.server";
import {
  findPayableOrder,
  isReturnFromGateway,
  normaliseBlikCode,
  onlinePaymentView,
  startFromPaymentPage,
} from "~/payments/payment-page.server";
import { readFormDataOr413 } from "~/security/body.server";
import { withdrawalPath } from "~/order/customer-links";
import { lateStatementOf } from "~/withdrawal/late-statement.server";
import { pathFor } from "~/i18n/routes";
import { MODEL_WITHDRAWAL_FORM_ID } from "~/legal/model-withdrawal-form";

/**
 * The payment page's URL is its key (an unguessable token): no cache may keep it and no
 * Referer may carry it to another site. The route's `headers` sends these on the document
 * too, not only on the loader's response.
 */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/**
 * The customer's own page of one order (its status, dates, next steps, documents, and payment while it
 * is due), found by its unguessable token. Private: noindex, no third parties, no shared cache.
 */
export async function customerPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const locale = await localeOf(request);
  const t = await getFixedT(locale, "payment");
  const token = params.token ?? "";
  const payable = await findPayableOrder(getDb(), token);
  // Asked first: a lost notification found paid changes what the rest of the page shows.
  const online = payable
    ? await onlinePaymentView(getDb(), context.services.payments, payable, new Date(), {
        lookup: context.services.paymentLookup,
        returnedFromGateway: isReturnFromGateway(new URL(request.url)),
      })
    : null;
  const now = new Date();
  const order = await findCustomerPageView(getDb(), token, locale, now);
  if (!order) throw json({ title: t("notFound.title") }, { status: 404, headers: PRIVATE_HEADERS });
  const invoiceIssued = ((await customerInvoiceView(getDb(), token, now))?.invoices.length ?? 0) > 0;
  const page = customerPageOf(order, Boolean(online), t, invoiceIssued);
  const title = transferTitle(order.number);
  const qrSvg = await transferQrSvg({
    taxId: company.taxId,
    bankAccount: company.bankAccount,
    amountGrosze: order.priceGrosze,
    recipientName: company.legalName,
    title,
  });
  return json(
    {
      order,
      page,
      online,
      lateStatement: await lateStatementOf(getDb(), token, locale),
      transferTitle: title,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString("base64")}`,
      documents: {
        agreement: `/agreement/${encodeURIComponent(token)}`,
        terms: pathFor("terms", locale),
        // While the right can still be used (customer-page/order-page.ts); the footer keeps the function on every page.
        ...(page.offers.withdrawal
          ? {
              withdrawalForm: `${pathFor("terms", locale)}#${MODEL_WITHDRAWAL_FORM_ID}`,
              withdrawal: withdrawalPath({ payment_token: token, locale }),
            }
          : {}),
      },
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** BLIK or pay-by-link (docs/decisions/028): a refused code comes back as 400 with the code as typed, never as an error page. */
export async function customerPageAction({ request, params, context }: ActionFunctionArgs) {
  const locale = await localeOf(request);
  const token = params.token ?? "";
  const gateway = context.services.payments;
  const order = await findPayableOrder(getDb(), token);
  if (!order) throw json(null, { status: 404, headers: PRIVATE_HEADERS });
  const backToPage = redirect(new URL(request.url).pathname, { status: 303, headers: PRIVATE_HEADERS });
  if (!gateway) return backToPage;
  const form = await readFormDataOr413(request);
  const t = await getFixedT(locale, "payment");
  const typed = String(form.get("blikCode") ?? "").slice(0, 20);
  const refuse = (key: string, status: number) => json({ error: t(key), blikCode: typed }, { status, headers: PRIVATE_HEADERS });
  const intent = form.get("intent");
  if (intent !== "blik" && intent !== "redirect") return backToPage;
  const blikCode = normaliseBlikCode(typed);
  if (intent === "blik" && !blikCode) return refuse("online.blik.invalid", 400);
  const outcome = await startFromPaymentPage(
    getDb(),
    gateway,
    order,
    token,
    locale,
    intent === "blik" ? { method: "blik", blikCode: blikCode ?? "" } : { method: "redirect" },
  );
  if (outcome.kind === "redirect") return redirect(outcome.url, { status: 303, headers: PRIVATE_HEADERS });
  if (outcome.kind === "blik-refused") return refuse("online.blik.refused", 400);
  if (outcome.kind === "unavailable") return refuse("online.unavailable", 503);
  return backToPage;
}
