import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, isRouteErrorResponse, useLocation, useNavigation, useRouteError, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { useHydrated } from "~/components/useHydrated";
import { usePixelEvent } from "~/tracking/use-pixel-event";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PageHeader } from "~/components/PageHeader";
import { useLocale, useRequiredRootData } from "~/root-data";
import { ErrorBoundary as GenericErrorScreen } from "~/root";
import { Contract } from "./contract";
import { DECLARATION_TYPES, formatPrice, PRODUCTS, type DeclarationType } from "./pricing";
import { ACCEPT_FIELDS, formFieldNames, orderFormSchema } from "./schema";
import type { OrderVariant } from "./variants";
import type { FormState, NetworkErrorState, OrderState, PreviewState } from "./view-state";

/** Spec section 9: the success toast stays 3 s; the full-page redirect follows after 1.5 s. */
export const SUCCESS_TOAST_MS = 3000;
export const REDIRECT_DELAY_MS = 1500;

/**
 * With JavaScript, a request that never reaches the server (offline, dropped connection)
 * becomes a message on the same step instead of the error screen (spec section 8).
 */
export async function orderClientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent") === "accept" ? "accept" : "preview";
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return { stage: "networkError", intent } satisfies NetworkErrorState;
    throw error;
  }
}

/** Which submission is in flight, if any: "preview", "accept" or "edit". */
function useBusyIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return null;
  const intent = navigation.formData?.get("intent");
  return typeof intent === "string" ? intent : "preview";
}

type OrderPageProps = { variant: OrderVariant; defaultType: DeclarationType; state: OrderState | undefined };

/** Both order pages: stage 1 (the form), stage 2 (the preview) and the hand-over to payment. */
export function OrderPage({ variant, defaultType, state }: OrderPageProps) {
  const { t } = useTranslation("order");
  // The last step the server answered; a network failure keeps it and adds a message.
  const shown = useRef<Exclude<OrderState, NetworkErrorState> | undefined>(undefined);
  if (state && state.stage !== "networkError") shown.current = state;
  const view = shown.current;
  usePixelEvent(view?.stage === "preview" ? view.lead : view?.stage === "accepted" ? view.purchase : undefined);
  const networkError = state?.stage === "networkError" ? (state.intent === "accept" ? t("errors.acceptNetwork") : t(variant.previewNetworkErrorKey)) : null;
  const heading = variant.id === "automatic" ? t("automatic.heading") : t("heading");
  const lead = variant.id === "automatic" ? t("automatic.lead") : t("lead");

  if (view?.stage === "preview" || view?.stage === "accepted") {
    const preview = view.stage === "preview" ? view : undefined;
    return (
      <PreviewStep variant={variant} preview={preview} accepted={view.stage === "accepted" ? view.paymentUrl : null} networkError={networkError} heading={heading} />
    );
  }
  return (
    <>
      <PageHeader title={heading} lead={lead} />
      <div className="mx-auto max-w-3xl px-4 pb-16">
        <FormStep variant={variant} defaultType={defaultType} state={view} networkError={networkError} />
      </div>
    </>
  );
}

/** The route's ErrorBoundary: a 400 is the form or preview again; anything else is the generic error screen. */
export function OrderErrorBoundary({ variant }: { variant: OrderVariant }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 400 && error.data && typeof error.data === "object") {
    return <OrderPage variant={variant} defaultType="regular" state={error.data as OrderState} />;
  }
  return <GenericErrorScreen />;
}

type SummaryItem = { id: string; message: string };

function ErrorSummary({ items, intro, focusKey }: { items: SummaryItem[]; intro?: string | null; focusKey?: number }) {
  const { t } = useTranslation("order");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusKey) ref.current?.focus();
  }, [focusKey]);
  if (items.length === 0 && !intro) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title" className="mb-8 rounded-lg border-4 border-red-700 bg-white p-5 outline-none focus:ring-4 focus:ring-orange-400" data-testid="error-summary">
      <h2 id="error-summary-title" className="text-lg font-bold text-slate-900">
        {t("errorSummary.heading")}
      </h2>
      {intro ? <p className="mt-2 text-slate-800">{intro}</p> : null}
      {items.length > 0 ? (
        <ul className="mt-3 list-none space-y-1">
          {items.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} className="font-semibold text-red-800 underline underline-offset-2 hover:text-red-900">
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const fieldId = (name: string) => `field-${name}`;
const inputClass = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 aria-[invalid=true]:border-red-700 aria-[invalid=true]:border-2";

function FieldError({ name, message }: { name: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${fieldId(name)}-error`} className="mt-1 text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}

function FormStep({ variant, defaultType, state, networkError }: { variant: OrderVariant; defaultType: DeclarationType; state: FormState | undefined; networkError: string | null }) {
  const { t } = useTranslation("order");
  // Forms post to the bare path: the pricing cards' ?type= must not be reported again after each step.
  const { pathname } = useLocation();
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const hydrated = useHydrated();
  const busy = useBusyIntent();
  const [focusKey, setFocusKey] = useState(0);
  const schema = orderFormSchema(variant, "details");
  const [form, fields] = useForm({
    id: `order-${variant.id}`,
    lastResult: state?.reply,
    defaultValue: state?.values ?? { [variant.names.declarationType]: defaultType },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (networkError) toast.error(networkError);
  }, [networkError, state]);

  const values = state?.values ?? {};
  const names = formFieldNames(variant);
  const errorOf = (name: string): string | undefined => {
    const messages = (fields as Record<string, { errors?: string[] } | undefined>)[name]?.errors;
    return messages?.[0] ? t(messages[0]) : undefined;
  };
  // Several fields share the message "Required field": the summary names the field too.
  const labelOf = (name: string): string | null => {
    if (name === variant.names.declarationType) return t("form.declarationType");
    if (name === variant.names.phone) return t("form.phone");
    if (name === "dataProcessingConsent") return null;
    const group = name.startsWith("property") ? t("form.propertyHeading") : name.startsWith("mailing") ? t("form.mailingHeading") : null;
    return group ? `${group} – ${t(`form.${name}`)}` : t(`form.${name}`);
  };
  const summary = names.flatMap((name) => {
    const message = errorOf(name);
    const label = labelOf(name);
    return message ? [{ id: fieldId(name), message: label ? `${label}: ${message}` : message }] : [];
  });
  const serverIntro = state?.formErrorKey && summary.length > 0 ? t(state.formErrorKey) : null;
  const required = (label: string) => (variant.markRequired ? `${label} *` : label);
  const described = (name: string, hint?: boolean) => [hint ? `${fieldId(name)}-hint` : null, errorOf(name) ? `${fieldId(name)}-error` : null].filter(Boolean).join(" ") || undefined;

  const text = (name: string, label: string, options: { type?: string; autoComplete?: string; placeholder?: string; hint?: string; optional?: boolean } = {}) => (
    <div>
      <label htmlFor={fieldId(name)} className="block font-semibold text-slate-900">
        {options.optional ? label : required(label)}
      </label>
      {options.hint ? (
        <p id={`${fieldId(name)}-hint`} className="text-sm text-slate-600">
          {options.hint}
        </p>
      ) : null}
      <FieldError name={name} message={errorOf(name)} />
      <input
        id={fieldId(name)}
        name={name}
        type={options.type ?? "text"}
        autoComplete={options.autoComplete}
        placeholder={options.placeholder}
        defaultValue={values[name] ?? ""}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={described(name, Boolean(options.hint))}
        className={inputClass}
      />
    </div>
  );

  const typeName = variant.names.declarationType;
  const phoneName = variant.names.phone;
  const previewBusy = busy === "preview";

  return (
    <>
      {networkError ? (
        <p role="alert" className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900" data-testid="network-error">
          {networkError}
        </p>
      ) : null}
      <ErrorSummary items={summary} intro={serverIntro} focusKey={focusKey} />
      <Form
        method="post"
        action={pathname}
        id={form.id}
        noValidate
        aria-label={t("form.label")}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (event.defaultPrevented && !previewBusy) setFocusKey((key) => key + 1);
        }}
        className="space-y-6"
      >
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        {variant.markRequired ? <p className="text-sm text-slate-600">{t("form.requiredHint")}</p> : null}
        <div>
          <label htmlFor={fieldId(typeName)} className="block font-semibold text-slate-900">
            {required(t("form.declarationType"))}
          </label>
          <FieldError name={typeName} message={errorOf(typeName)} />
          <select
            id={fieldId(typeName)}
            name={typeName}
            defaultValue={values[typeName] ?? defaultType}
            aria-invalid={errorOf(typeName) ? true : undefined}
            aria-describedby={described(typeName)}
            className={inputClass}
          >
            {DECLARATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {variant.priceLabelsInSelect
                  ? t("form.typeOptionWithPrice", { name: tc(`products.${type}.name`), price: formatPrice(PRODUCTS[type].priceGrosze, locale) })
                  : t("form.typeOption", { name: tc(`products.${type}.name`) })}
              </option>
            ))}
          </select>
        </div>
        {variant.hasLandlordName ? text("landlordName", t("form.landlordName"), { autoComplete: "off" }) : null}
        {text("tenantName", t("form.tenantName"), { autoComplete: "name" })}
        {variant.hasStartDate ? text("startDate", t("form.startDate"), { type: "date" }) : null}
        <div className="grid gap-6 sm:grid-cols-2">
          {text("email", t("form.email"), { type: "email", autoComplete: "email" })}
          {text(phoneName, t("form.phone"), { type: "tel", autoComplete: "tel" })}
        </div>
        <fieldset className="space-y-4 rounded-lg border border-slate-300 p-4">
          <legend className="px-1 text-lg font-bold text-slate-900">{t("form.propertyHeading")}</legend>
          {text("propertyAddress", t("form.propertyAddress"), { autoComplete: "off" })}
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            {text("propertyPostalCode", t("form.propertyPostalCode"), { placeholder: "XX-XXX", autoComplete: "off" })}
            {text("propertyCity", t("form.propertyCity"), { autoComplete: "off" })}
          </div>
        </fieldset>
        <fieldset className="space-y-4 rounded-lg border border-slate-300 p-4">
          <legend className="px-1 text-lg font-bold text-slate-900">{t("form.mailingHeading")}</legend>
          <p className="text-sm text-slate-600">{t("form.mailingHint")}</p>
          {text("mailingAddress", t("form.mailingAddress"), { autoComplete: "street-address" })}
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            {text("mailingPostalCode", t("form.mailingPostalCode"), { placeholder: "XX-XXX", autoComplete: "postal-code" })}
            {text("mailingCity", t("form.mailingCity"), { autoComplete: "address-level2" })}
          </div>
        </fieldset>
        {variant.hasAdditionalInfo ? (
          <div>
            <label htmlFor={fieldId("additionalInfo")} className="block font-semibold text-slate-900">
              {t("form.additionalInfo")}
            </label>
            <p id={`${fieldId("additionalInfo")}-hint`} className="text-sm text-slate-600">
              {t("form.additionalInfoHint")}
            </p>
            <FieldError name="additionalInfo" message={errorOf("additionalInfo")} />
            <textarea id={fieldId("additionalInfo")} name="additionalInfo" rows={4} defaultValue={values.additionalInfo ?? ""} aria-describedby={described("additionalInfo", true)} className={inputClass} />
          </div>
        ) : null}
        <div>
          <FieldError name="dataProcessingConsent" message={errorOf("dataProcessingConsent")} />
          <div className="flex items-start gap-3">
            <input
              id={fieldId("dataProcessingConsent")}
              name="dataProcessingConsent"
              type="checkbox"
              defaultChecked={values.dataProcessingConsent === "on"}
              aria-invalid={errorOf("dataProcessingConsent") ? true : undefined}
              aria-describedby={described("dataProcessingConsent")}
              className="mt-1 size-5 shrink-0 accent-blue-800"
            />
            <label htmlFor={fieldId("dataProcessingConsent")} className="text-slate-800">
              {required(t("form.dataProcessingConsent"))}
            </label>
          </div>
        </div>
        <button type="submit" name="intent" value="preview" className="btn-primary w-full sm:w-auto" disabled={hydrated && busy !== null} aria-busy={previewBusy || undefined}>
          {previewBusy ? t("form.generating") : t("form.preview")}
        </button>
      </Form>
    </>
  );
}

function PreviewStep({ variant, preview, accepted, networkError, heading }: { variant: OrderVariant; preview: PreviewState | undefined; accepted: string | null; networkError: string | null; heading: string }) {
  const { t } = useTranslation("order");
  const { pathname } = useLocation();
  const { t: tc } = useTranslation();
  const { company } = useRequiredRootData();
  const locale = useLocale();
  const hydrated = useHydrated();
  const busy = useBusyIntent();
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const last = useRef<PreviewState | undefined>(preview);
  if (preview) last.current = preview;
  const current = last.current;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (hydrated) headingRef.current?.focus();
  }, [hydrated]);
  useEffect(() => {
    if (networkError) toast.error(networkError);
  }, [networkError]);
  useEffect(() => {
    if (!accepted) return;
    toast.success(t("accept.success"), { duration: SUCCESS_TOAST_MS });
    const timer = window.setTimeout(() => window.location.assign(accepted), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [accepted, t]);

  if (!current) return null;
  const errors = current.errors ?? {};
  const errorOf = (name: string) => {
    const key = errors[name]?.[0];
    return key ? t(key) : undefined;
  };
  const summary = ACCEPT_FIELDS.flatMap((name) => {
    const message = errorOf(name);
    return message ? [{ id: fieldId(name), message }] : [];
  });
  const intro = current.formErrorKey ? t(current.formErrorKey) : null;
  const allTicked = ACCEPT_FIELDS.every((name) => ticked[name]);
  const acceptBusy = busy === "accept" || accepted !== null;
  const type = current.details.declarationType;
  const contract = <Contract details={current.details} company={company} locale={locale} date={new Date(current.date)} t={t} />;
  const title = variant.fullPagePreview ? t("preview.fullPageHeading") : t("preview.heading");

  return (
    <>
      {variant.fullPagePreview ? null : <PageHeader title={heading} />}
      <div className={`mx-auto px-4 pb-16 ${variant.fullPagePreview ? "max-w-4xl pt-12" : "max-w-3xl"}`}>
        {networkError ? (
          <p role="alert" className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900" data-testid="network-error">
            {networkError}
          </p>
        ) : null}
        <ErrorSummary items={summary} intro={intro} />
        <Heading level={variant.fullPagePreview ? 1 : 2} headingRef={headingRef}>
          {title}
        </Heading>
        <p className="mt-2 text-slate-700">{t("preview.lead")}</p>
        <p className="mt-4 rounded-lg bg-blue-50 p-4 font-semibold text-blue-950" data-testid="order-summary">
          {t("preview.summary", { type: tc(`products.${type}.name`), price: formatPrice(PRODUCTS[type].priceGrosze, locale) })}
        </p>
        {variant.fullPagePreview ? (
          <div className="mt-6 rounded-lg border border-slate-300 bg-white p-6 shadow-sm" data-testid="contract">
            {contract}
          </div>
        ) : (
          <>
            <p id="contract-label" className="mt-6 font-semibold text-slate-900">
              {t("preview.contractLabel")}
            </p>
            <div role="region" aria-labelledby="contract-label" tabIndex={0} className="mt-2 max-h-96 overflow-y-auto rounded-lg border border-slate-300 bg-slate-50 p-5" data-testid="contract">
              {contract}
            </div>
          </>
        )}
        <Form method="post" action={pathname} noValidate className="mt-8 space-y-5">
          {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
          <input type="hidden" name="token" value={current.token} />
          {Object.entries(current.values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {ACCEPT_FIELDS.map((name) => (
            <div key={name}>
              <FieldError name={name} message={errorOf(name)} />
              <div className="flex items-start gap-3">
                <input
                  id={fieldId(name)}
                  name={name}
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-blue-800"
                  aria-invalid={errorOf(name) ? true : undefined}
                  aria-describedby={errorOf(name) ? `${fieldId(name)}-error` : undefined}
                  onChange={(event) => setTicked((state) => ({ ...state, [name]: event.target.checked }))}
                />
                <label htmlFor={fieldId(name)} className="text-slate-800">
                  {t(`preview.${name}`)}
                </label>
              </div>
            </div>
          ))}
          <p className="text-sm text-slate-600">{t("preview.payNote")}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            {/* Without JavaScript the button cannot wait for the checkboxes; the server checks them. */}
            <button type="submit" name="intent" value="accept" className="btn-primary disabled:cursor-not-allowed disabled:opacity-60" disabled={hydrated && (!allTicked || busy !== null || acceptBusy)} aria-busy={acceptBusy || undefined}>
              {acceptBusy ? t("preview.processing") : t("preview.order")}
            </button>
            <button type="submit" name="intent" value="edit" formNoValidate className="btn-secondary" disabled={hydrated && (busy !== null || acceptBusy)}>
              {t("preview.back")}
            </button>
          </div>
          {/* The redirect is automatic; the link is for a page restored from the back/forward cache. */}
          {accepted ? (
            <p role="status">
              <a href={accepted} className="font-semibold text-blue-900 underline">
                {t("accept.goToPayment")}
              </a>
            </p>
          ) : null}
        </Form>
      </div>
    </>
  );
}

function Heading({ level, children, headingRef: ref }: { level: 1 | 2; children: ReactNode; headingRef: RefObject<HTMLHeadingElement> }) {
  const className = level === 1 ? "text-3xl font-bold tracking-tight text-slate-900 md:text-4xl outline-none" : "mt-2 text-2xl font-bold text-slate-900 outline-none";
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

/**
 * The order pages' loaders only read the URL (?type=, which also reports InitiateCheckout),
 * so they run again only when the URL changes: not after each step's action, nor after the
 * cookie banner's, which would report the checkout a second time.
 */
export const orderShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href;
