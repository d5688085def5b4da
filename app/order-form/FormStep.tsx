import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, ErrorSummary, NetworkErrorAlert, TextareaField } from "~/components/forms";
import { HoneypotField } from "~/components/HoneypotField";
import { JsFlagInput } from "~/components/JsFlagInput";
import { LateDeliveryWarning } from "~/components/LateDeliveryWarning";
import { TextWithLink } from "~/components/TextWithLink";
import { useHydrated } from "~/components/use-hydrated";
import { FIELD_ID_PREFIX } from "~/forms/field-id";
import type { DeclarationType } from "~/config/products";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";
import { isoDateOf } from "~/order/dates";
import { lateDelivery, type DispatchDatesByMethod } from "~/order/delivery-warning";
import type { OrderFormFields } from "~/order/form-fields";
import type { OrderDetails } from "~/order/schema";
import type { OrderVariant } from "~/order/variants";
import type { FormState } from "~/order/view-state";
import { DeliveryFieldset } from "~/shipping/DeliveryFieldset";
import { InvoiceFieldset } from "~/invoices/InvoiceFieldset";
import { AddressFieldset } from "./AddressFieldset";
import { ContactFields } from "./ContactFields";
import { DeclarationTypeField } from "./DeclarationTypeField";
import { PeopleFields } from "./PeopleFields";
import { StartDateField } from "./StartDateField";
import { useBusyIntent } from "./use-busy-intent";
import { useErrorSummary } from "./use-error-summary";
import { useDetailsValidationOnFirstTouch } from "./use-first-touch-validation";
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

/** A real press of a submit button, not conform's own validation requests (which also submit the form). */
function isUserSubmit(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("name") === "intent";
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

  const { summary, summaryRef, countSubmit } = useErrorSummary(fields, variant, state);

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
          if (isUserSubmit(event) && event.defaultPrevented) countSubmit();
        }}
        className="space-y-6"
      >
        <JsFlagInput />
        {variant.markRequired ? <p className="text-sm text-slate-600">{t("form.requiredHint")}</p> : null}
        <DeclarationTypeField fields={fields} variant={variant} dispatchDates={dispatchDates} prices={prices} />
        <PeopleFields fields={fields} variant={variant} />
        {variant.hasStartDate ? <StartDateField fields={fields} variant={variant} startDate={startDate} locale={locale} /> : null}
        <ContactFields fields={fields} variant={variant} />
        <AddressFieldset place="property" legend={t("form.propertyHeading")} fields={fields} variant={variant} />
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
          // One name for the customer's address whichever way the parcel goes (the glossary's "adres do korespondencji").
          legend={t("form.mailingHeading")}
          hint={lockersOffered && fields.deliveryMethod.value !== "courier" ? t("shipping:form.mailingHintLocker") : t("form.mailingHint")}
          fields={fields}
          variant={variant}
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
