import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PageHeader } from "~/components/PageHeader";
import { CopyButton } from "~/components/payment/CopyButton";
import { DetailRow } from "~/components/payment/DetailRow";
import { OnlinePayment } from "~/components/payment/OnlinePayment";
import type { NoScriptRefreshHandle } from "~/components/NoScriptRefresh";
import { formatAddress, telHref } from "~/config/company";
import { company } from "~/config/env.server";
import { formatPrice } from "~/config/products";
import { getDb } from "~/db/db.server";
import { localeOf, getFixedT } from "~/i18n/i18n.server";
import { homePath } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { findPaymentView } from "~/order/payment-view.server";
import { transferTitle } from "~/order/transfer-title";
import { LateDeliveryWarning } from "~/components/order/LateDeliveryWarning";
import { transferQrSvg } from "~/payment/transfer-qr.server";
import { configuredGateway } from "~/payments/gateway.server";
import { findPayableOrder, normaliseBlikCode, onlinePaymentView, startFromPaymentPage } from "~/payments/payment-page.server";
import { WAIT_REFRESH_SECONDS } from "~/payments/waiting";
import { readFormDataOr413 } from "~/security/body.server";
import { useLocale, useRequiredRootData } from "~/root-data";

/**
 * The payment page's URL is its key (an unguessable token): no cache may keep it and no
 * Referer may carry it to another site. The document's headers come from here, not from
 * the loader's response.
 */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

/** The payment page of one order, found by its unguessable token. Private: noindex, no third parties. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = await localeOf(request);
  const t = await getFixedT(locale, "payment");
  const token = params.token ?? "";
  const payable = await findPayableOrder(getDb(), token);
  // Asked first: a lost notification found paid changes what the rest of the page shows.
  const online = payable ? await onlinePaymentView(getDb(), configuredGateway(), payable, new Date()) : null;
  const order = await findPaymentView(getDb(), token, locale);
  if (!order) throw json({ title: t("notFound.title") }, { status: 404, headers: PRIVATE_HEADERS });
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
      online,
      transferTitle: title,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString("base64")}`,
      agreementUrl: `/agreement/${encodeURIComponent(token)}`,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** BLIK or pay-by-link (docs/decisions/028): a refused code comes back as 400 with the code as typed, never as an error page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const locale = await localeOf(request);
  const token = params.token ?? "";
  const gateway = configuredGateway();
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

export const handle: NoScriptRefreshHandle = {
  noScriptRefreshSeconds: (data) =>
    (data as { online?: { waiting?: { refreshing?: boolean } | null } | null } | undefined)?.online?.waiting?.refreshing
      ? WAIT_REFRESH_SECONDS
      : null,
};

export function meta(args: MetaArgs) {
  if (isRouteErrorResponse(args.error) && args.error.status === 404) {
    const notFound = args.error.data as { title?: string } | null;
    return [{ title: notFound?.title ?? "404" }, { name: "robots", content: "noindex, nofollow" }];
  }
  return pageMeta(args, { noindex: true });
}

const SECTION_HEADING = "text-xl font-bold text-slate-900";

export default function PaymentPage() {
  const { order, online, transferTitle: title, qrCode, agreementUrl } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const { t } = useTranslation("payment");
  const { company } = useRequiredRootData();
  const locale = useLocale();
  const amount = formatPrice(order.priceGrosze, locale);
  const unpaid = order.status === "awaiting_payment";
  const dispatch = order.dispatchIfPaidToday;

  return (
    <>
      <PageHeader
        title={t("heading")}
        lead={t(unpaid ? (online ? "leadOnline" : "lead") : order.status === "cancelled" ? "leadCancelled" : "leadPaid")}
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-2">
        {order.lateDelivery && order.startDate ? (
          <div className="lg:col-span-2">
            <LateDeliveryWarning late={order.lateDelivery} startDate={order.startDate} locale={locale} contactEmail={company.email} />
          </div>
        ) : null}
        <section aria-labelledby="order-heading" className="rounded-xl border border-slate-200 p-6 shadow-sm">
          <h2 id="order-heading" className={SECTION_HEADING}>
            {t("summary.heading")}
          </h2>
          <dl className="mt-2 divide-y divide-slate-200">
            <DetailRow label={t("summary.number")} testId="order-number">
              {order.number}
            </DetailRow>
            <DetailRow label={t("summary.status")} testId="order-status">
              {t(`status.${order.status}`)}
            </DetailRow>
            {order.shipment ? (
              <DetailRow label={t("summary.tracking")} testId="tracking-number">
                <span className="font-mono">{order.shipment.trackingNumber}</span>
                {order.shipment.courier ? <span className="font-normal text-slate-600"> ({order.shipment.courier})</span> : null}
              </DetailRow>
            ) : null}
            <DetailRow label={t("summary.product")}>{t(`common:products.${order.declarationType}.name`)}</DetailRow>
            <DetailRow label={t("summary.price")}>
              {amount} <span className="font-normal text-slate-600">({t("summary.vatIncluded")})</span>
            </DetailRow>
          </dl>
          <p className="mt-4">
            <a href={agreementUrl} className="font-semibold text-blue-900 underline" data-testid="agreement-pdf" download>
              {t("agreement.download")}
            </a>
          </p>
        </section>
        {unpaid && online ? (
          <OnlinePayment waiting={online.waiting} lastFailed={online.lastFailed} refreshSeconds={WAIT_REFRESH_SECONDS} refusal={refusal} />
        ) : null}
        {unpaid ? (
          <section aria-labelledby="transfer-heading" className="rounded-xl border-2 border-blue-800 bg-blue-50/40 p-6">
            <h2 id="transfer-heading" className={SECTION_HEADING}>
              {t("transfer.heading")}
            </h2>
            <dl className="mt-2 divide-y divide-slate-200">
              <DetailRow label={t("transfer.recipient")}>
                {company.legalName}, {formatAddress(company)}
              </DetailRow>
              <DetailRow label={t("transfer.account")}>
                <span className="font-mono" data-testid="bank-account">
                  {company.bankAccount}
                </span>
                <CopyButton value={company.bankAccount.replace(/\s/g, "")} label={t("transfer.account")} />
              </DetailRow>
              <DetailRow label={t("transfer.bank")}>{company.bankName}</DetailRow>
              <DetailRow label={t("transfer.bic")}>
                <span className="font-mono" data-testid="bank-bic">
                  {company.bankBic}
                </span>
                <CopyButton value={company.bankBic} label={t("transfer.bic")} />
              </DetailRow>
              <DetailRow label={t("transfer.amount")}>
                <span data-testid="transfer-amount">{amount}</span>
                <CopyButton value={(order.priceGrosze / 100).toFixed(2).replace(".", ",")} label={t("transfer.amount")} />
              </DetailRow>
              <DetailRow label={t("transfer.title")}>
                <span data-testid="transfer-title">{title}</span>
                <CopyButton value={title} label={t("transfer.title")} />
              </DetailRow>
            </dl>
            <p className="mt-4 text-sm text-slate-700">
              {t("transfer.note")} {t("transfer.titleNote")}
            </p>
            <figure className="mt-6 flex flex-col items-center gap-2 sm:flex-row sm:items-start sm:gap-5">
              <img
                src={qrCode}
                alt={t("qr.alt")}
                width={176}
                height={176}
                className="rounded border border-slate-300 bg-white"
                data-testid="transfer-qr"
              />
              <figcaption className="text-sm text-slate-700">{t("qr.caption")}</figcaption>
            </figure>
          </section>
        ) : null}
        {unpaid ? (
          <section aria-labelledby="deadline-heading">
            <h2 id="deadline-heading" className={SECTION_HEADING}>
              {t("deadline.heading")}
            </h2>
            <p className="mt-3 text-slate-800" data-testid="payment-deadline">
              {t("deadline.text", { date: order.deadline, count: order.deadlineDays })}
            </p>
            <p className="mt-2 text-slate-700">{t("deadline.unpaid")}</p>
          </section>
        ) : null}
        {/* What happens next matters only while the order is on its way. */}
        {order.status === "awaiting_payment" || order.status === "paid" ? (
          <section aria-labelledby="next-heading">
            <h2 id="next-heading" className={SECTION_HEADING}>
              {t("next.heading")}
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
              <li data-testid="payment-step">{order.promise ? t("next.paidDone", order.promise) : t("next.paid")}</li>
              <li data-testid="withdrawal-choice">
                {order.immediatePerformanceRequested
                  ? t("next.startNow")
                  : t("next.startAfterWithdrawal", { date: dispatch?.withdrawalEnds ?? "" })}
              </li>
              {dispatch ? (
                <li data-testid="dispatch-date">
                  {t("next.dispatchBy", { date: order.immediatePerformanceRequested ? dispatch.withWaiver : dispatch.withoutWaiver })}
                </li>
              ) : null}
              <li>{t("next.dispatch")}</li>
              <li>{t("next.bookmark")}</li>
            </ol>
          </section>
        ) : null}
        <section aria-labelledby="contact-heading">
          <h2 id="contact-heading" className={SECTION_HEADING}>
            {t("contact.heading")}
          </h2>
          <p className="mt-3 text-slate-800">{t("contact.text")}</p>
          <p className="mt-3">
            {t("contact.phone")}:{" "}
            <a className="font-semibold text-blue-900 underline" href={telHref(company.phone)}>
              {company.phone}
            </a>
          </p>
          <p className="mt-1">
            {t("contact.email")}:{" "}
            <a className="font-semibold text-blue-900 underline" href={`mailto:${company.email}`}>
              {company.email}
            </a>
          </p>
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("payment");
  const locale = useLocale();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" aria-labelledby="payment-not-found">
      <h1 id="payment-not-found" className="text-3xl font-bold text-slate-900">
        {t("notFound.heading")}
      </h1>
      <p className="mt-4 text-lg text-slate-600">{t("notFound.text")}</p>
      <p className="mt-8">
        <Link to={homePath(locale)} className="btn-primary">
          {t("notFound.home")}
        </Link>
      </p>
    </section>
  );
}
