import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OrderLinkErrorBoundary, orderLinkMeta } from "~/customer-page/OrderLinkNotFound";
import { PageHeader } from "~/components/PageHeader";
import { CopyButton } from "~/customer-page/CopyButton";
import { DetailRow } from "~/customer-page/DetailRow";
import { OrderLockerLines } from "~/shipping/LockerSummary";
import { OnlinePayment } from "~/customer-page/OnlinePayment";
import { PaymentWaiting } from "~/customer-page/PaymentWaiting";
import type { NoScriptRefreshHandle } from "~/components/NoScriptRefresh";
import { formatAddress, telHref } from "~/config/company";
import { vatWording } from "~/i18n/vat-wording";
import { formatPrice, zlotyDigits } from "~/i18n/money";
import { LateDeliveryWarning } from "~/components/LateDeliveryWarning";
import { DeadlineList } from "~/customer-page/DeadlineList";
import { DocumentLinks } from "~/customer-page/DocumentLinks";
import { CustomerPagePanel, PANEL_HEADING } from "~/components/CustomerPagePanel";
import { WAIT_REFRESH_SECONDS } from "~/payments/waiting";
import { useLocale, useRequiredRootData } from "~/render/root-data";
import { InvoicePanel } from "~/invoices/InvoicePanel";
import { ReviewPanel } from "~/reviews/ReviewPanel";
import { LateStatementPanel } from "~/withdrawal/LateStatementPanel";
import { CustomerThread } from "~/messages/CustomerThread";
import { AddressLaterSlot } from "~/customer-page/AddressLaterSlot";
import { MessengerLinks } from "~/messages/MessengerLinks";
import { ReplacementDeclarationsSlot } from "~/customer-page/ReplacementDeclarationsSlot";
import { ReplacementPaymentSlot } from "~/customer-page/ReplacementPaymentSlot";
import { customerPageAction, customerPageLoader, PRIVATE_HEADERS } from "./payment.server";

/** The document's headers are the private ones, not those of the loader's response (payment.server.ts). */
export const headers: HeadersFunction = () => PRIVATE_HEADERS;

// The loader and the action live in a server module, so the browser's build carries one stub of one.
export const loader = customerPageLoader;
export const action = customerPageAction;

type Refreshing = { online?: { waiting?: { refreshing?: boolean } | null } | null } | null | undefined;

export const handle: NoScriptRefreshHandle = {
  // The order's own payment, or a replacement declaration's (docs/decisions/094), awaited.
  noScriptRefreshSeconds: (data) => {
    const page = data as (Refreshing & { replacementPayment?: Refreshing }) | undefined;
    return page?.online?.waiting?.refreshing || page?.replacementPayment?.online?.waiting?.refreshing ? WAIT_REFRESH_SECONDS : null;
  },
};

/** The tab names the order and where it stands ("Zamówienie AE-…: wysłane"), not "payment" once it is paid. */
export const meta: MetaFunction<typeof loader> = (args) => orderLinkMeta(args, args.data?.page.title);

export default function CustomerPageRoute() {
  const {
    order,
    page,
    online,
    lateStatement,
    addressLater,
    transferTitle: title,
    qrCode,
    documents,
    messages,
    declarations,
    replacementPayment,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  // One action, two forms: a payment's refusal carries the code, a message's the text.
  const refusal = answer && "blikCode" in answer ? answer : null;
  const addressAnswer = answer && "address" in answer ? answer.address : null;
  const messageAnswer = answer && "messageError" in answer ? answer : null;
  const { t } = useTranslation("payment");
  const { company } = useRequiredRootData();
  const locale = useLocale();
  const amount = formatPrice(order.priceGrosze, locale);
  const { stage, paymentDue: unpaid, deadlines } = page;
  const waiting = unpaid ? (online?.waiting ?? null) : null;

  return (
    <>
      <PageHeader title={t(unpaid ? "heading" : "headingOrder")} lead={t(page.leadKey)}>
        {/* Art. 11a: the withdrawal function near the top while the period runs, not only among the documents. */}
        {page.withdrawalUntil && documents.withdrawal ? (
          <p className="mt-4">
            <a href={documents.withdrawal} className="font-semibold text-blue-900 underline" data-testid="withdrawal-prompt">
              {t("withdrawalPrompt", { date: page.withdrawalUntil })}
            </a>
          </p>
        ) : null}
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-2">
        {/* What to do now comes first: on a phone it is what the page shows after a BLIK code is sent. */}
        {waiting ? (
          <div className="lg:col-span-2">
            <PaymentWaiting waiting={waiting} refreshSeconds={WAIT_REFRESH_SECONDS} />
          </div>
        ) : null}
        {unpaid && online?.lastFailure === "not-completed" ? (
          <p
            role="alert"
            className="rounded-xl border-2 border-amber-500 bg-amber-50 p-5 font-semibold text-slate-900 lg:col-span-2"
            data-testid="payment-not-completed"
          >
            {t("online.notCompleted")}
          </p>
        ) : null}
        {unpaid && order.lateDelivery && order.startDate ? (
          <div className="lg:col-span-2">
            <LateDeliveryWarning late={order.lateDelivery} startDate={order.startDate} locale={locale} contactEmail={company.email} />
          </div>
        ) : null}
        <ReplacementPaymentSlot payment={replacementPayment} refusal={refusal} />
        <AddressLaterSlot view={addressLater} answer={addressAnswer} />
        <section aria-labelledby="order-heading" className="rounded-xl border border-slate-200 p-6 shadow-sm">
          <h2 id="order-heading" className={PANEL_HEADING}>
            {t("summary.heading")}
          </h2>
          <dl className="mt-2 divide-y divide-slate-200">
            <DetailRow label={t("summary.number")} testId="order-number">
              {order.number}
            </DetailRow>
            <DetailRow label={t("summary.status")} testId="order-status">
              <span data-stage={stage}>{t(`status.${stage}`)}</span>
            </DetailRow>
            {order.shipment ? (
              <DetailRow label={t("summary.tracking")} testId="tracking-number">
                {order.shipment.trackingUrl ? (
                  <a href={order.shipment.trackingUrl} className="font-mono text-blue-900 underline" rel="noopener noreferrer">
                    {order.shipment.trackingNumber}
                  </a>
                ) : (
                  <span className="font-mono">{order.shipment.trackingNumber}</span>
                )}
                {order.shipment.courier ? <span className="font-normal text-slate-600"> ({order.shipment.courier})</span> : null}
              </DetailRow>
            ) : null}
            {order.locker ? (
              <DetailRow label={t("shipping:summary.lockerLabel")} testId="order-locker">
                <OrderLockerLines locker={order.locker} />
              </DetailRow>
            ) : null}
            <DetailRow label={t("summary.product")}>{t(`common:products.${order.declarationType}.name`)}</DetailRow>
            <DetailRow label={t("summary.price")}>
              {amount} <span className="font-normal text-slate-600">({t("summary.vatIncluded", vatWording(company.vat, t))})</span>
            </DetailRow>
            {order.refund ? (
              <DetailRow label={t("summary.refund")} testId="refund-status">
                {order.refund.returnedOn
                  ? t("refund.returned", { amount: order.refund.amount, date: order.refund.returnedOn })
                  : t("refund.due", { amount: order.refund.amount })}
              </DetailRow>
            ) : null}
            {order.withdrawn?.retained ? (
              <DetailRow label={t("retained.label")} testId="retained-status">
                {t("retained.value", { amount: order.withdrawn.retained.amount, reason: order.withdrawn.retained.reason })}
              </DetailRow>
            ) : null}
          </dl>
        </section>
        {unpaid && online && !(waiting?.method === "blik" && waiting.refreshing) ? (
          <OnlinePayment lastFailed={online.lastFailure === "failed"} refusal={refusal} />
        ) : null}
        {unpaid ? (
          <section aria-labelledby="transfer-heading" className="rounded-xl border-2 border-blue-800 bg-blue-50/40 p-6">
            <h2 id="transfer-heading" className={PANEL_HEADING}>
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
                <CopyButton value={zlotyDigits(order.priceGrosze)} label={t("transfer.amount")} />
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
          <CustomerPagePanel id="deadline" heading={t("deadline.heading")}>
            <p className="mt-3 text-slate-800" data-testid="payment-deadline">
              {t("deadline.text", { date: order.deadline, count: order.deadlineDays })}
              {order.deadlineMovedFrom ? ` ${t("deadline.moved", { day: order.deadlineMovedFrom })}` : null}
            </p>
            <p className="mt-2 text-slate-700">{t("deadline.unpaid")}</p>
          </CustomerPagePanel>
        ) : null}
        {deadlines.length > 0 ? (
          <CustomerPagePanel id="deadlines" heading={t("deadlines.heading")}>
            <DeadlineList deadlines={deadlines} />
          </CustomerPagePanel>
        ) : null}
        <CustomerPagePanel id="next" heading={t("next.heading")}>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
            {page.nextSteps.map((step) => (
              <li key={step.id} data-testid={step.id}>
                {step.text}
              </li>
            ))}
          </ol>
        </CustomerPagePanel>
        <CustomerPagePanel id="documents" heading={t("documents.heading")}>
          <DocumentLinks
            documents={documents}
            labels={{
              agreement: t("agreement.download"),
              terms: t("common:footer.terms"),
              withdrawalForm: t("documents.withdrawalForm"),
              withdrawal: t("common:footer.withdrawal"),
            }}
          />
        </CustomerPagePanel>
        {/* Other modules' panels go here, one line each. */}
        <LateStatementPanel late={lateStatement} />
        <ReplacementDeclarationsSlot declarations={declarations} />
        {page.offers.invoice ? <InvoicePanel /> : null}
        <ReviewPanel reviewable={order.status === "dispatched" && !order.withdrawn} />
        <CustomerThread thread={messages.thread} maxChars={messages.maxChars} refused={messageAnswer} />
        <CustomerPagePanel id="contact" heading={t("contact.heading")}>
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
          <MessengerLinks links={messages.messengers} lead={t("messages.messengers.lead")} warning={t("messages.messengers.warning")} />
        </CustomerPagePanel>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <OrderLinkErrorBoundary namespace="payment" />;
}
