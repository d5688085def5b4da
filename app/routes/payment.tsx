import type { HeadersFunction, LoaderFunctionArgs, MetaArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PageHeader } from "~/components/PageHeader";
import { formatAddress, telHref } from "~/config/company";
import { getDb } from "~/db/db.server";
import { homePath } from "~/i18n/routes";
import { pageMeta, rootDataOf } from "~/i18n/seo";
import { findPaymentView } from "~/order/order.server";
import { formatPrice, PRODUCTS } from "~/config/products";
import { useLocale, useRequiredRootData } from "~/root-data";

/**
 * The payment page's URL is its key (an unguessable token): no cache may keep it and no
 * Referer may carry it to another site. The document's headers come from here, not from
 * the loader's response.
 */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

/** The payment page of one order, found by its unguessable token. Private: noindex, no third parties. */
export async function loader({ params }: LoaderFunctionArgs) {
  const order = await findPaymentView(getDb(), params.token ?? "");
  if (!order) throw json(null, { status: 404, headers: PRIVATE_HEADERS });
  return json({ order }, { headers: PRIVATE_HEADERS });
}

export function meta(args: MetaArgs) {
  if (isRouteErrorResponse(args.error) && args.error.status === 404) {
    const strings = rootDataOf(args.matches)?.i18n.payment as { notFound?: { title?: string } } | undefined;
    return [{ title: strings?.notFound?.title ?? "404" }, { name: "robots", content: "noindex, nofollow" }];
  }
  return pageMeta(args, { noindex: true });
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-semibold text-slate-600">{label}</dt>
      <dd className="font-semibold break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export default function PaymentPage() {
  const { order } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payment");
  const { t: tc } = useTranslation();
  const { company } = useRequiredRootData();
  const locale = useLocale();
  const amount = formatPrice(order.priceGrosze, locale);
  const turnaround = PRODUCTS[order.declarationType].turnaroundBusinessDays;

  return (
    <>
      <PageHeader title={t("heading")} lead={t("lead")} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-2">
        <section aria-labelledby="order-heading" className="rounded-xl border border-slate-200 p-6 shadow-sm">
          <h2 id="order-heading" className="text-xl font-bold text-slate-900">
            {t("summary.heading")}
          </h2>
          <dl className="mt-2 divide-y divide-slate-200">
            <Row label={t("summary.number")} testId="order-number">
              {order.number}
            </Row>
            <Row label={t("summary.status")} testId="order-status">
              {t(`status.${order.status}`)}
            </Row>
            <Row label={t("summary.product")}>{tc(`products.${order.declarationType}.name`)}</Row>
            <Row label={t("summary.price")}>
              {amount} <span className="font-normal text-slate-600">({t("summary.vatIncluded")})</span>
            </Row>
          </dl>
        </section>
        <section aria-labelledby="transfer-heading" className="rounded-xl border-2 border-blue-800 bg-blue-50/40 p-6">
          <h2 id="transfer-heading" className="text-xl font-bold text-slate-900">
            {t("transfer.heading")}
          </h2>
          <dl className="mt-2 divide-y divide-slate-200">
            <Row label={t("transfer.recipient")}>
              {company.legalName}, {formatAddress(company)}
            </Row>
            <Row label={t("transfer.account")} testId="bank-account">
              <span className="font-mono">{company.bankAccount}</span>
            </Row>
            <Row label={t("transfer.bank")}>{company.bankName}</Row>
            <Row label={t("transfer.amount")} testId="transfer-amount">
              {amount}
            </Row>
            <Row label={t("transfer.title")} testId="transfer-title">
              {t("transfer.titleValue", { number: order.number })}
            </Row>
          </dl>
          <p className="mt-4 text-sm text-slate-700">{t("transfer.note")}</p>
        </section>
        <section aria-labelledby="next-heading">
          <h2 id="next-heading" className="text-xl font-bold text-slate-900">
            {t("next.heading")}
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
            <li>{t("next.paid")}</li>
            <li>{t("next.prepare", { count: turnaround })}</li>
            <li>{t("next.dispatch")}</li>
            <li>{t("next.bookmark")}</li>
          </ol>
        </section>
        <section aria-labelledby="contact-heading">
          <h2 id="contact-heading" className="text-xl font-bold text-slate-900">
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
