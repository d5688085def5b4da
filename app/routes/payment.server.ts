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
import { messengerAccounts } from "~/config/env.server";
import type { Locale } from "~/i18n/locales";
import { MESSAGE_MAX_CHARS, postCustomerMessage, threadByToken } from "~/messages/conversation.server";
import { MESSAGE_FIELD, type MessageAnswer } from "~/messages/CustomerThread";
import { typedText } from "~/messages/message-form";
import { messengerLinks } from "~/messages/messengers";
import { threadEntries } from "~/messages/thread-view";
import { customerDeclarationsOf } from "~/customer-page/declarations.server";
import { customerReplacementPaymentOf, payableChargeOf } from "~/customer-page/replacement-payment.server";
import { addressLaterViewOf, postAddress } from "~/customer-page/address-later.server";
import { ADDRESS_INTENT } from "~/order/address-later";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";

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
  const lookedUp = { lookup: context.services.paymentLookup, returnedFromGateway: isReturnFromGateway(new URL(request.url)) };
  // Asked first: a lost notification found paid changes what the rest of the page shows.
  const online = payable ? await onlinePaymentView(getDb(), context.services.payments, payable, new Date(), lookedUp) : null;
  // A replacement declaration awaiting payment (docs/decisions/094) is paid by the same forms, on a dispatched order.
  const charge = payable ? await payableChargeOf(getDb(), payable) : null;
  const chargeOnline =
    payable && charge ? await onlinePaymentView(getDb(), context.services.payments, payable, new Date(), { ...lookedUp, charge }) : null;
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
      declarations: await customerDeclarationsOf(getDb(), token, locale),
      replacementPayment: await customerReplacementPaymentOf(getDb(), charge, chargeOnline, locale),
      addressLater: await addressLaterViewOf(getDb(), token, locale),
      messages: {
        thread: threadEntries((await threadByToken(getDb(), token)) ?? [], locale),
        maxChars: MESSAGE_MAX_CHARS,
        messengers: messengerLinks(messengerAccounts, locale, {
          number: order.number,
          draft: t("messages.messengerDraft", { number: order.number }),
        }),
      },
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

const notFound = () => json(null, { status: 404, headers: PRIVATE_HEADERS });

/** Over the POST limit (docs/decisions/086): the route answers 429 itself, with what was typed. */
function retryAfter(rateLimited: { retryAfterSeconds: number }) {
  return { ...PRIVATE_HEADERS, "Retry-After": String(rateLimited.retryAfterSeconds) };
}

/**
 * "Napisz do nas" (docs/decisions/086), for an order in any stage: the message joins the order's
 * thread, and the page shows it (303 back to the form, which Remix follows in place with JavaScript). A token
 * of no order is a 404 and writes nothing; an empty or too long text, or one over the POST limit,
 * comes back with the text as typed and the reason in the page's language.
 */
async function customerMessage(
  request: Request,
  form: FormData,
  context: { token: string; locale: Locale; rateLimited: { retryAfterSeconds: number } | null },
) {
  if (!(await threadByToken(getDb(), context.token))) throw notFound();
  const t = await getFixedT(context.locale, "payment");
  const text = typedText(form, MESSAGE_FIELD, MESSAGE_MAX_CHARS);
  const refuse = (messageError: string, status: number, headers: HeadersInit = PRIVATE_HEADERS) =>
    json<MessageAnswer>({ messageError, messageText: text }, { status, headers });
  if (context.rateLimited)
    return refuse(t("messages.errors.tooMany", { seconds: context.rateLimited.retryAfterSeconds }), 429, retryAfter(context.rateLimited));
  const outcome = await postCustomerMessage(getDb(), { token: context.token, text, now: new Date() });
  if (!outcome.ok) {
    if (outcome.refusal.kind === "not-found") throw notFound();
    return refuse(
      outcome.refusal.kind === "empty" ? t("messages.errors.empty") : t("messages.errors.tooLong", { max: MESSAGE_MAX_CHARS }),
      400,
    );
  }
  return redirect(`${new URL(request.url).pathname}#message-form`, { status: 303, headers: PRIVATE_HEADERS });
}

/** "Podaj adres mieszkania" (docs/decisions/091): the typed address with the declaration's text, then stored and 303 back. */
async function customerAddress(
  request: Request,
  form: FormData,
  context: { token: string; locale: Locale; rateLimited: { retryAfterSeconds: number } | null },
) {
  const t = await getFixedT(context.locale, "payment");
  const outcome = await postAddress(getDb(), context.token, form, {
    t,
    now: new Date(),
    retryAfterSeconds: context.rateLimited?.retryAfterSeconds ?? null,
  });
  if (outcome.kind === "not-found") throw notFound();
  if (outcome.kind === "stored") {
    nudgeMailWorker();
    return redirect(`${new URL(request.url).pathname}#address-later`, { status: 303, headers: PRIVATE_HEADERS });
  }
  const headers = outcome.status === 429 && context.rateLimited ? retryAfter(context.rateLimited) : PRIVATE_HEADERS;
  return json({ address: outcome.answer }, { status: outcome.status, headers });
}

/**
 * A message (`intent=message`, any stage of the order), or BLIK or pay-by-link while payment is due
 * (docs/decisions/028) or a replacement declaration awaits payment (docs/decisions/094): a refused code comes back as 400 with the code as typed, never as an error page.
 */
export async function customerPageAction({ request, params, context }: ActionFunctionArgs) {
  const locale = await localeOf(request);
  const token = params.token ?? "";
  const form = await readFormDataOr413(request);
  const intent = form.get("intent");
  const rateLimited = context.rateLimited ?? null;
  if (intent === "message") return customerMessage(request, form, { token, locale, rateLimited });
  if (intent === ADDRESS_INTENT) return customerAddress(request, form, { token, locale, rateLimited });
  const gateway = context.services.payments;
  const order = await findPayableOrder(getDb(), token);
  if (!order) throw notFound();
  const backToPage = redirect(new URL(request.url).pathname, { status: 303, headers: PRIVATE_HEADERS });
  if (!gateway) return backToPage;
  const t = await getFixedT(locale, "payment");
  const typed = String(form.get("blikCode") ?? "").slice(0, 20);
  const refuse = (key: string, status: number) => json({ error: t(key), blikCode: typed }, { status, headers: PRIVATE_HEADERS });
  if (rateLimited)
    return json(
      { error: t("error:tooMany.text", { seconds: rateLimited.retryAfterSeconds }), blikCode: typed },
      { status: 429, headers: retryAfter(rateLimited) },
    );
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
    // The order's own price while it is due; afterwards, a replacement declaration awaiting payment (docs/decisions/094).
    await payableChargeOf(getDb(), order),
  );
  if (outcome.kind === "redirect") return redirect(outcome.url, { status: 303, headers: PRIVATE_HEADERS });
  if (outcome.kind === "blik-refused") return refuse("online.blik.refused", 400);
  if (outcome.kind === "unavailable") return refuse("online.unavailable", 503);
  return backToPage;
}
