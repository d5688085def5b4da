import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { PlainField } from "~/components/forms";
import { formatCalendarDate } from "~/i18n/date-format";
import { getDb } from "~/db/db.server";
import { localeOf } from "~/i18n/i18n.server";
import { LOCALE_TAGS } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { askForInvoice, customerInvoiceView, type CustomerInvoiceView } from "~/invoices/customer.server";
import { InvoiceRefusalText } from "~/invoices/InvoiceRefusal";
import { REFUSAL_KEYS } from "~/invoices/refusal";
import { nudgeKsefLane } from "~/ksef/ksef-lane.server";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { readFormDataOr413 } from "~/security/body.server";
import { useLocale } from "~/render/root-data";

/**
 * The order's invoice page (/platnosc/:token/faktura): ask for an invoice after ordering, while the
 * law allows, and download what was issued (/invoice/:token/:id, routes/invoice-pdf.ts). Its key is
 * the order page's own token.
 */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
export const headers = () => PRIVATE_HEADERS;
export const meta = (args: MetaArgs) => pageMeta(args, { noindex: true });

type InvoicePageData = { view: CustomerInvoiceView; token: string; done: boolean };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const db = getDb();
  const view = await customerInvoiceView(db, token, new Date());
  if (!view) throw json(null, { status: 404, headers: PRIVATE_HEADERS });
  return json<InvoicePageData>({ view, token, done: new URL(request.url).searchParams.has("done") }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const locale = await localeOf(request);
  const outcome = await askForInvoice(getDb(), token, await readFormDataOr413(request), new Date());
  if (outcome.ok) {
    nudgeMailWorker();
    nudgeKsefLane();
    return redirect(`${pathFor("invoiceRequest", locale, { token })}?done`, { status: 303, headers: PRIVATE_HEADERS });
  }
  if (outcome.status === 404) throw json(null, { status: 404, headers: PRIVATE_HEADERS });
  return json(outcome, { status: outcome.status, headers: PRIVATE_HEADERS });
}

export default function InvoiceRequestPage() {
  // The loader answers a download with the PDF itself; a page view gets this data.
  const { view, token, done } = useLoaderData<typeof loader>() as unknown as InvoicePageData;
  const refusal = useActionData<typeof action>();
  const { t } = useTranslation("invoice");
  const locale = useLocale();
  const errors = refusal && !refusal.ok ? refusal.errors : {};
  const values = refusal && !refusal.ok ? refusal.values : {};
  const lastDay = view.lastDay ? formatCalendarDate(view.lastDay, LOCALE_TAGS[locale]) : null;
  const here = pathFor("invoiceRequest", locale, { token });
  return (
    <>
      <PageHeader title={`${t("panel.heading")}: ${view.orderNumber}`} />
      <div className="mx-auto max-w-2xl space-y-6 px-4 pb-16">
        {done ? (
          <p role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 font-semibold text-green-900">
            {view.invoices.length > 0 && !view.invoices.some((invoice) => invoice.awaitsKsef) ? t("panel.saved") : t("panel.requested")}
          </p>
        ) : null}
        {errors.form ? (
          <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 font-semibold text-red-900">
            <InvoiceRefusalText messageKey={errors.form} date={lastDay} orderNumber={view.orderNumber} />
          </p>
        ) : null}
        {view.invoices.length > 0 ? (
          <ul className="space-y-2" data-testid="customer-invoices">
            {view.invoices.map((invoice) => (
              <li key={invoice.id}>
                {invoice.awaitsKsef ? (
                  <p>{t("panel.waitingForKsef", { number: invoice.number })}</p>
                ) : (
                  <a
                    href={`/invoice/${encodeURIComponent(token)}/${invoice.id}`}
                    className="font-semibold text-blue-900 underline"
                    download
                  >
                    {invoice.kind === "invoice"
                      ? t("panel.download", { number: invoice.number })
                      : t("panel.correction", { number: invoice.number })}
                  </a>
                )}
                {invoice.ksefNumber ? <p className="text-sm">{t("panel.ksefNumber", { ksefNumber: invoice.ksefNumber })}</p> : null}
              </li>
            ))}
          </ul>
        ) : view.requested && !done ? (
          <p data-testid="invoice-requested">{t("panel.requested")}</p>
        ) : null}
        {view.mayAsk ? (
          <Form method="post" action={here} className="space-y-4" noValidate data-testid="invoice-request-form">
            {lastDay ? <p>{t("panel.intro", { date: lastDay })}</p> : null}
            {Object.keys(errors).some((name) => name !== "form") ? (
              <p role="alert" className="font-semibold text-red-800">
                {t("panel.errors")}
              </p>
            ) : null}
            <PlainField
              id="invoice-buyer-name"
              name="buyerName"
              label={t("form.buyerName")}
              error={errors.buyerName ? t(errors.buyerName) : undefined}
              defaultValue={values.buyerName}
              autoComplete="billing name"
            />
            <PlainField
              id="invoice-buyer-address"
              name="buyerAddress"
              label={t("form.buyerAddress")}
              hint={t("form.buyerAddressHint")}
              error={errors.buyerAddress ? t(errors.buyerAddress) : undefined}
              defaultValue={values.buyerAddress}
              autoComplete="billing address-line1"
            />
            <PlainField
              id="invoice-nip"
              name="nip"
              label={t("form.nip")}
              hint={t("form.nipHint")}
              error={errors.nip ? t(errors.nip) : undefined}
              defaultValue={values.nip}
            />
            <button type="submit" className="btn-primary">
              {t("panel.submit")}
            </button>
          </Form>
        ) : view.refusal && !errors.form ? (
          <p data-testid="invoice-refusal">
            <InvoiceRefusalText messageKey={REFUSAL_KEYS[view.refusal]} date={lastDay} orderNumber={view.orderNumber} />
          </p>
        ) : null}
        <p>
          <a href={pathFor("payment", locale, { token })} className="font-semibold text-blue-900 underline">
            {t("panel.back")}
          </a>
        </p>
      </div>
    </>
  );
}
