import { LockerSummary } from "~/shipping/LockerSummary";
import { InvoiceSummary } from "~/invoices/InvoiceSummary";
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, ErrorSummary, NetworkErrorAlert, type SummaryItem } from "~/components/forms";
import { PageHeader } from "~/components/PageHeader";
import { HoneypotField } from "~/components/HoneypotField";
import { JsFlagInput } from "~/components/JsFlagInput";
import { TextWithLink } from "~/components/TextWithLink";
import { useHydrated } from "~/components/use-hydrated";
import { FIELD_ID_PREFIX } from "~/forms/field-id";
import { orderPriceGrosze } from "~/order/address-later";
import { formatPrice } from "~/i18n/money";
import { vatWording } from "~/i18n/vat-wording";
import { useRequiredRootData } from "~/render/root-data";
import { formatCalendarDate } from "~/i18n/date-format";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";
import { ContractView } from "~/order/contract";
import { ACCEPT_FIELDS, type OrderFormFields } from "~/order/form-fields";
import type { OrderVariant } from "~/order/variants";
import type { PreviewState } from "~/order/view-state";
import { lateDelivery, type DispatchDatesByMethod } from "~/order/delivery-warning";
import type { PlacedOrder } from "~/order/placed-order.server";
import { LateDeliveryWarning } from "~/components/LateDeliveryWarning";
import { PlacedOrderNotice } from "./PlacedOrderNotice";
import { useBusyIntent } from "./use-busy-intent";

type PreviewStepProps = {
  variant: OrderVariant;
  preview: PreviewState;
  /** The payment page's URL once the order is accepted (JavaScript on). */
  accepted: string | null;
  networkError: string | null;
  /** The order this browser placed last, if any (app/order/placed-order.server.ts). */
  placedOrder: PlacedOrder | null;
  /** When each type would be sent and delivered if paid today, with and without the request to start at once. */
  dispatchDates: DispatchDatesByMethod | null;
  locale: Locale;
};

/** Stage 2: the contract with the visitor's data, the two consents and the order button. */
export function PreviewStep({ variant, preview, accepted, networkError, placedOrder, dispatchDates: byMethod, locale }: PreviewStepProps) {
  const { t } = useTranslation("order");
  const { company, addressLaterPrice } = useRequiredRootData();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const busy = useBusyIntent();
  const [form, fields] = useForm<OrderFormFields>({ id: FIELD_ID_PREFIX, lastResult: preview.reply });
  // Only the terms are required: asking to start before the withdrawal period ends is the customer's free choice.
  const [termsAccepted, setTermsAccepted] = useState(() => fields.acceptTerms.initialValue === "on");
  const [earlyStart, setEarlyStart] = useState(() => fields.immediatePerformanceConsent.initialValue === "on");
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (hydrated) headingRef.current?.focus();
  }, [hydrated]);

  const summary: SummaryItem[] = ACCEPT_FIELDS.flatMap((name) => {
    const key = fields[name].errors?.[0];
    return key ? [{ id: fields[name].id, message: t(key) }] : [];
  });
  const intro = preview.formErrorKey ? t(preview.formErrorKey) : null;
  const acceptBusy = busy === "accept" || accepted !== null;
  const type = preview.details.declarationType;
  const allDispatchDates = byMethod?.[preview.details.delivery?.method ?? "courier"];
  const dispatchDates = allDispatchDates?.[type] ?? null;
  const startDate = preview.details.startDate;
  const late = allDispatchDates && startDate ? lateDelivery(allDispatchDates, { type, startDate, earlyStart }) : null;
  const contract = <ContractView document={preview.agreement.document} locale={locale} titleLevel={variant.fullPagePreview ? 2 : 3} />;
  const binding = preview.agreement.binding;
  const alreadyPlaced = placedOrder !== null && placedOrder.previewToken === preview.token;
  const title = variant.fullPagePreview ? t("preview.fullPageHeading") : t("preview.heading");

  return (
    <>
      {variant.fullPagePreview ? null : <PageHeader title={t(variant.headingKey)} />}
      <div className={`mx-auto px-4 pb-16 ${variant.fullPagePreview ? "max-w-4xl pt-12" : "max-w-3xl"}`}>
        <NetworkErrorAlert message={networkError} />
        {placedOrder && !alreadyPlaced ? <PlacedOrderNotice order={placedOrder} /> : null}
        <ErrorSummary heading={t("errorSummary.heading")} items={summary} intro={intro} />
        <Heading level={variant.fullPagePreview ? 1 : 2} headingRef={headingRef}>
          {title}
        </Heading>
        <p className="mt-2 text-slate-700">{t("preview.lead")}</p>
        <p className="mt-4 rounded-lg bg-blue-50 p-4 font-semibold text-blue-950" data-testid="order-summary">
          {t("preview.summary", {
            type: t(`common:products.${type}.name`),
            price: formatPrice(orderPriceGrosze(type, !!preview.details.addressLater, addressLaterPrice?.grosze ?? 0), locale),
            ...vatWording(company.vat, t),
          })}
          {startDate ? (
            <span className="mt-1 block font-normal" data-testid="preview-start-date">
              {t("preview.startDate", { date: formatCalendarDate(startDate, LOCALE_TAGS[locale]) })}
            </span>
          ) : null}
          <LockerSummary delivery={preview.details.delivery} />
        </p>
        {preview.details.addressLater ? (
          <p className="mt-4 rounded-lg bg-amber-50 p-4" data-testid="preview-address-later">
            {t("preview.addressLater")}
          </p>
        ) : null}
        <InvoiceSummary invoice={preview.details.invoice} />
        {variant.fullPagePreview ? (
          <div className="mt-6 rounded-lg border border-slate-300 bg-white p-6 shadow-sm" data-testid="contract">
            {contract}
          </div>
        ) : (
          <>
            <p id="contract-label" className="mt-6 font-semibold text-slate-900">
              {t("preview.contractLabel")}
            </p>
            <div
              role="region"
              aria-labelledby="contract-label"
              tabIndex={0}
              className="mt-2 max-h-96 overflow-y-auto rounded-lg border border-slate-300 bg-slate-50 p-5"
              data-testid="contract"
            >
              {contract}
            </div>
          </>
        )}
        {binding ? (
          <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="binding-contract">
            <p className="font-semibold text-slate-900">{t("preview.bindingNote")}</p>
            <details className="mt-2">
              <summary className="cursor-pointer font-semibold text-blue-900 underline">{t("preview.bindingSummary")}</summary>
              <div className="mt-3 max-h-96 overflow-y-auto rounded border border-slate-300 bg-white p-4">
                <ContractView document={binding} locale="pl" titleLevel={variant.fullPagePreview ? 2 : 3} />
              </div>
            </details>
          </div>
        ) : null}
        {/* Also when the order is placed: the language switcher carries these values to another language (LanguageSwitcher). */}
        <Form method="post" action={pathname} replace={false} {...getFormProps(form)} className="mt-8 space-y-5">
          {Object.entries(preview.values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {alreadyPlaced ? (
            <PlacedOrderNotice order={placedOrder} isThisOrder />
          ) : (
            <>
              <JsFlagInput />
              <input type="hidden" name="token" value={preview.token} />
              <CheckboxField
                field={fields.acceptTerms}
                label={
                  <TextWithLink
                    text={t("preview.acceptTerms")}
                    name="termsLink"
                    href={pathFor("terms", locale)}
                    className="font-semibold text-blue-900 underline"
                  />
                }
                onChange={(event) => setTermsAccepted(event.target.checked)}
              />
              <CheckboxField
                field={fields.immediatePerformanceConsent}
                label={t("preview.immediatePerformanceConsent")}
                hint={dispatchDates ? t("preview.dispatchChoice", { ...dispatchDates }) : undefined}
                onChange={(event) => setEarlyStart(event.target.checked)}
              />
              {startDate ? <LateDeliveryWarning late={late} startDate={startDate} locale={locale} /> : null}
              <p className="text-sm text-slate-600">{t("preview.payNote")}</p>
              <div className="flex flex-col gap-3 sm:flex-row">
                {/* Without JavaScript the button cannot wait for the checkboxes; the server checks them. */}
                <button
                  type="submit"
                  name="intent"
                  value="accept"
                  className="btn-primary disabled:cursor-not-allowed disabled:opacity-60"
                  disabled={hydrated && (!termsAccepted || busy !== null || acceptBusy)}
                  aria-busy={acceptBusy || undefined}
                >
                  {acceptBusy ? t("preview.processing") : t("preview.order")}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="edit"
                  formNoValidate
                  className="btn-secondary"
                  disabled={hydrated && (busy !== null || acceptBusy)}
                >
                  {t("preview.back")}
                </button>
              </div>
              {/* After the buttons, so a browser that shows it anyway never shows it first. */}
              <HoneypotField />
              {/* The redirect is automatic; the link is for a page restored from the back/forward cache. */}
              {accepted ? (
                <p role="status">
                  <a href={accepted} className="font-semibold text-blue-900 underline">
                    {t("accept.goToPayment")}
                  </a>
                </p>
              ) : null}
            </>
          )}
        </Form>
      </div>
    </>
  );
}

function Heading({ level, children, headingRef: ref }: { level: 1 | 2; children: ReactNode; headingRef: RefObject<HTMLHeadingElement> }) {
  const className =
    level === 1
      ? "text-3xl font-bold tracking-tight text-slate-900 md:text-4xl outline-none"
      : "mt-2 text-2xl font-bold text-slate-900 outline-none";
  return level === 1 ? (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  ) : (
    <h2 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h2>
  );
}
