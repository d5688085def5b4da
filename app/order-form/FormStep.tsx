import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  CheckboxField,
  ErrorSummary,
  NetworkErrorAlert,
  RadioCardsField,
  radioOptionId,
  TextareaField,
  TextField,
  type SummaryItem,
} from "~/components/forms";
import { HoneypotField } from "~/components/HoneypotField";
import { JsFlagInput } from "~/components/JsFlagInput";
import { TextWithLink } from "~/components/TextWithLink";
import { useHydrated } from "~/components/use-hydrated";
import { useRequiredRootData } from "~/render/root-data";
import { FIELD_ID_PREFIX } from "~/forms/field-id";
import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import { formatCalendarDate } from "~/i18n/date-format";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { isoDateOf } from "~/order/dates";
import { pathFor } from "~/i18n/routes";
import type { validateOrderDetails } from "~/order/details-validation";
import { formFieldNames, type OrderFormFields } from "~/order/form-fields";
import type { OrderDetails } from "~/order/schema";
import type { OrderVariant } from "~/order/variants";
import { lateDelivery, type DispatchDatesByMethod } from "~/order/delivery-warning";
import type { FormState } from "~/order/view-state";
import { LateDeliveryWarning } from "~/components/LateDeliveryWarning";
import { DeliveryFieldset } from "~/shipping/DeliveryFieldset";
import { INVOICE_LABEL_KEYS } from "~/order/invoice-request";
import { InvoiceFieldset } from "~/invoices/InvoiceFieldset";
import { AddressFieldset } from "./AddressFieldset";
import { useBusyIntent } from "./use-busy-intent";
import { useLockerSearch } from "./use-locker-search";

type FormStepProps = {
  variant: OrderVariant;
  /** The InPost parcel-locker choice is offered (docs/decisions/048). */
  lockersOffered: boolean;
  defaultType: DeclarationType;
  dispatchDates: DispatchDatesByMethod | null;
  prices: Record<DeclarationType, string>;
  state: FormState | undefined;
  networkError: string | null;
  locale: Locale;
};

/** Hints of two sentences from two strings: a string that ends without a full stop gets one. */
function sentences(...parts: string[]): string {
  return parts.map((part) => (/[.!?…]$/.test(part) ? part : `${part}.`)).join(" ");
}

/** A real press of a submit button, not conform's own validation requests (which also submit the form). */
function isUserSubmit(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("name") === "intent";
}

/**
 * The browser's check of the form (zod and its conform adapter, about 17 KB gzip) is fetched
 * at the visitor's first touch of the form, a focus or a press inside it (decision 027), in one
 * chunk with the preview step (./first-touch.ts): a visitor who only reads the form and its
 * prices never downloads or runs either, and they usually arrive while the first field is being typed. Until then, or if the chunk cannot be loaded (the
 * next touch tries again), each submit is checked by the server.
 */
function useDetailsValidationOnFirstTouch(): [typeof validateOrderDetails | null, () => void] {
  const [validate, setValidate] = useState<typeof validateOrderDetails | null>(null);
  const requested = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const request = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    import("./first-touch").then(
      (module) => mounted.current && setValidate(() => module.validateOrderDetails),
      () => (requested.current = false),
    );
  }, []);
  return [validate, request];
}

/** Stage 1: the order form. Without JavaScript it posts and the server answers with the same page. */
export function FormStep({
  variant,
  lockersOffered,
  defaultType,
  dispatchDates: byMethod,
  prices,
  state,
  networkError,
  locale,
}: FormStepProps) {
  const { t } = useTranslation("order");
  // Forms post to the bare path: the pricing cards' ?type= must not be reported again after each step.
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const busy = useBusyIntent();
  const [validate, requestValidation] = useDetailsValidationOnFirstTouch();
  const [form, fields] = useForm<OrderFormFields, OrderDetails>({
    id: FIELD_ID_PREFIX,
    lastResult: state?.reply,
    defaultValue: {
      ...(lockersOffered ? { deliveryMethod: "locker" } : {}),
      ...(state?.values ?? { [variant.names.declarationType]: defaultType }),
    },
    // Without the browser's check a submit goes to the server, which answers as without JavaScript.
    onValidate: validate ? ({ formData }) => validate(formData, variant) : undefined,
    shouldValidate: "onSubmit",
    // Checking while typing needs the browser's check: without it conform would post each keystroke.
    shouldRevalidate: validate ? "onInput" : "onSubmit",
  });

  const lockerSearch = useLockerSearch(lockersOffered ? fields.lockerQuery.value : undefined);

  // One name for the customer's address whichever way the parcel goes (the glossary's "adres do korespondencji").
  const mailingHeading = t("form.mailingHeading");

  // Several fields share the message "Required field": the summary names the field too.
  const labelOf = (name: string): string | null => {
    if (name === variant.names.declarationType) return t("form.declarationType");
    if (name === variant.names.phone) return t("form.phone");
    if (name === "dataProcessingConsent") return null;
    if (name === "lockerName") return t("shipping:form.lockersLegend");
    if (INVOICE_LABEL_KEYS[name]) return t(INVOICE_LABEL_KEYS[name]);
    const group = name.startsWith("property") ? t("form.propertyHeading") : name.startsWith("mailing") ? mailingHeading : null;
    return group ? `${group} – ${t(`form.${name}`)}` : t(`form.${name}`);
  };
  const currentSummary = (): SummaryItem[] =>
    [...formFieldNames(variant), "lockerName"].flatMap((name) => {
      const field = fields[name as keyof OrderFormFields];
      const key = field.errors?.[0];
      if (!key) return [];
      const label = labelOf(name);
      // A choice has no element of its own id: the link leads to its first radio button.
      const target = name === variant.names.declarationType ? radioOptionId(field, DECLARATION_TYPES[0]) : field.id;
      return [{ id: target, message: label ? `${label}: ${t(key)}` : t(key) }];
    });

  // The summary lists the problems of the last submit; corrections made while typing update
  // the messages under the fields only, so the summary neither jumps nor steals focus.
  const [summary, setSummary] = useState<SummaryItem[]>(currentSummary);
  const [submits, setSubmits] = useState(0);
  const summaryRef = useRef<HTMLElement>(null);
  const focusSummary = useRef(false);
  useEffect(() => {
    if (submits === 0 && !state) return;
    focusSummary.current = true;
    setSummary(currentSummary());
    // Only a submit or a new answer from the server takes a new snapshot.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- typing must not rebuild the summary
  }, [submits, state]);
  useEffect(() => {
    // Once the new summary is on screen: move focus to it, once per submit.
    if (!focusSummary.current) return;
    focusSummary.current = false;
    summaryRef.current?.focus();
  }, [summary]);

  const required = (label: string) => (variant.markRequired ? `${label} *` : label);
  const { addressLaterPrice } = useRequiredRootData();
  // A message about the whole form (none of it could be read) stands even when no field has one.
  const serverIntro = state?.formErrorKey && (summary.length > 0 || !state.reply) ? t(state.formErrorKey) : null;
  const previewBusy = busy === "preview";
  // Compared again as the visitor types (JavaScript on); without it, after each submit from the posted values.
  const chosenType = fields[variant.names.declarationType].value;
  const startDate = variant.hasStartDate ? isoDateOf(fields.startDate.value ?? "") : null;
  // The promise follows the delivery method chosen so far: the courier's or the parcel locker's transit.
  const dispatchDates = byMethod?.[fields.deliveryMethod.value === "locker" ? "locker" : "courier"];
  const late =
    dispatchDates && startDate && (chosenType === "regular" || chosenType === "notarized")
      ? lateDelivery(dispatchDates, { type: chosenType, startDate, earlyStart: false })
      : null;

  return (
    <>
      <NetworkErrorAlert message={networkError} />
      <ErrorSummary ref={summaryRef} heading={t("errorSummary.heading")} items={summary} intro={serverIntro} />
      <Form
        method="post"
        action={pathname}
        // Each step a history entry of its own, as without JavaScript: Back from the preview is the form (OrderSteps).
        // Without JavaScript the browser puts the values back on Back, in every field that allows autocomplete:
        // so none says autocomplete="off".
        replace={false}
        {...getFormProps(form)}
        aria-label={t("form.label")}
        onFocus={requestValidation}
        onPointerDown={requestValidation}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (isUserSubmit(event) && event.defaultPrevented) setSubmits((count) => count + 1);
        }}
        className="space-y-6"
      >
        <JsFlagInput />
        {variant.markRequired ? <p className="text-sm text-slate-600">{t("form.requiredHint")}</p> : null}
        <RadioCardsField
          field={fields[variant.names.declarationType]}
          legend={required(t("form.declarationType"))}
          hint={
            dispatchDates
              ? t("form.dispatchHint", {
                  regular: dispatchDates.regular.withWaiver,
                  notarized: dispatchDates.notarized.withWaiver,
                  transitDays: dispatchDates.regular.transitDays,
                })
              : undefined
          }
          // The price is part of the choice.
          options={DECLARATION_TYPES.map((type) => ({ value: type, name: t(`common:products.${type}.name`), detail: prices[type] }))}
        />
        {variant.hasLandlordName ? <TextField field={fields.landlordName} label={required(t("form.landlordName"))} /> : null}
        <TextField field={fields.tenantName} label={required(t("form.tenantName"))} hint={t("form.tenantNameHint")} autoComplete="name" />
        <TextField field={fields.tenantNameOriginal} label={t("form.tenantNameOriginal")} hint={t("form.tenantNameOriginalHint")} />
        <TextareaField
          field={fields.coResidents}
          label={t("form.coResidents")}
          hint={sentences(t("form.coResidentsHint"), t("form.coResidentsOriginalHint"))}
          rows={3}
        />
        {variant.hasStartDate ? (
          <div>
            {/* A number pad on a phone; some have no dot, so eight digits (01122026) are read too. */}
            <TextField
              field={fields.startDate}
              label={required(t("form.startDate"))}
              hint={sentences(t("form.startDateHint"), t("form.startDateDigitsHint"))}
              inputMode="numeric"
            />
            {/* The date as the site reads it, in words: a typo shows before it reaches the agreement. */}
            <p className="mt-1 text-sm font-semibold text-slate-800" aria-live="polite" data-testid="start-date-echo">
              {startDate ? t("form.startDateUnderstood", { date: formatCalendarDate(startDate, LOCALE_TAGS[locale]) }) : null}
            </p>
          </div>
        ) : null}
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField field={fields.email} label={required(t("form.email"))} type="email" autoComplete="email" />
          <TextField
            field={fields[variant.names.phone]}
            label={required(t("form.phone"))}
            hint={t("form.phoneHint")}
            type="tel"
            autoComplete="tel"
          />
        </div>
        <AddressFieldset
          place="property"
          legend={t("form.propertyHeading")}
          fields={{ address: fields.propertyAddress, postalCode: fields.propertyPostalCode, city: fields.propertyCity }}
          required={required}
        >
          <CheckboxField
            field={fields.addressLater}
            label={t("form.addressLater")}
            hint={`${t("form.addressLaterHint")}${addressLaterPrice ? ` ${t("form.addressLaterPrice", { price: addressLaterPrice.price })}` : ""}`}
          />
        </AddressFieldset>
        {lockersOffered ? (
          <DeliveryFieldset
            method={fields.deliveryMethod}
            query={fields.lockerQuery}
            locker={fields.lockerName}
            // The newest search in place, else the one the server answered with the page.
            lockers={lockerSearch.lockers ?? state?.lockers}
            searching={lockerSearch.searching}
            localeTag={LOCALE_TAGS[locale]}
            disabled={hydrated && busy !== null}
            onSearch={hydrated ? lockerSearch.searchNow : undefined}
          />
        ) : null}
        <AddressFieldset
          place="mailing"
          legend={mailingHeading}
          hint={lockersOffered && fields.deliveryMethod.value !== "courier" ? t("shipping:form.mailingHintLocker") : t("form.mailingHint")}
          fields={{ address: fields.mailingAddress, postalCode: fields.mailingPostalCode, city: fields.mailingCity }}
          required={required}
        />
        {variant.hasAdditionalInfo ? (
          <TextareaField field={fields.additionalInfo} label={t("form.additionalInfo")} hint={t("form.additionalInfoHint")} />
        ) : null}
        <InvoiceFieldset fields={fields} />
        <CheckboxField
          field={fields.dataProcessingConsent}
          label={
            <>
              <TextWithLink
                text={t("form.dataProcessingConsent")}
                name="privacyLink"
                href={pathFor("privacy", locale)}
                className="font-semibold text-blue-900 underline"
              />
              {variant.markRequired ? " *" : null}
            </>
          }
        />
        {startDate ? <LateDeliveryWarning late={late} startDate={startDate} locale={locale} /> : null}
        <button
          type="submit"
          name="intent"
          value="preview"
          className="btn-primary w-full sm:w-auto"
          disabled={hydrated && busy !== null}
          aria-busy={previewBusy || undefined}
        >
          {previewBusy ? t("form.generating") : t("form.preview")}
        </button>
        {/* After the button, so a browser that shows it anyway never shows it first. */}
        <HoneypotField />
      </Form>
    </>
  );
}
