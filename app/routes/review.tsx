import type { HeadersFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, PlainField } from "~/components/forms";
import { OrderLinkErrorBoundary, orderLinkMeta } from "~/customer-page/OrderLinkNotFound";
import { PageHeader } from "~/components/PageHeader";
import { pathFor } from "~/i18n/routes";
import { NO_HYDRATION } from "~/render/hydration";
import type { ReviewState } from "~/reviews/form-action.server";
import { FIELD_MAX, REVIEW_TEXT_FIELDS, STAR_CHOICES, TEXT_MIN, type ReviewField } from "~/reviews/review-form";
import { useLocale, useRequiredRootData } from "~/render/root-data";
import { PRIVATE_HEADERS, reviewAction, reviewLoader } from "./review.server";

/** The review form of one order (docs/decisions/052): plain HTML forms, so the page loads no JavaScript. */
export const handle = NO_HYDRATION;
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const loader = reviewLoader;
export const action = reviewAction;

export const meta = orderLinkMeta;

const FIELD_ID = (field: ReviewField) => `review-${field}`;
const PRIMARY =
  "inline-flex min-h-12 items-center justify-center rounded-lg bg-blue-900 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-blue-800 focus:outline-none focus:ring-4 focus:ring-orange-400";
const ERROR_TEXT = "mt-1 text-sm font-semibold text-red-800";

function FieldError({ field, message }: { field: ReviewField; message: string | undefined }) {
  return message ? (
    <p id={`${FIELD_ID(field)}-error`} className={ERROR_TEXT}>
      {message}
    </p>
  ) : null;
}

function ReviewForm({ state }: { state: Extract<ReviewState, { step: "form" }> }) {
  const { t } = useTranslation("review");
  const error = (field: ReviewField) => (state.errors[field] ? t(state.errors[field]) : undefined);
  const errorItems = (["stars", ...REVIEW_TEXT_FIELDS, "consent"] as const).flatMap((field) => {
    const message = error(field);
    // A radio group is reached through its first button.
    const id = field === "stars" ? `${FIELD_ID("stars")}-${STAR_CHOICES[0]}` : FIELD_ID(field);
    return message ? [{ id, message: field === "consent" ? message : `${t(`form.${field}`)}: ${message}` }] : [];
  });
  const hints = {
    text: t("form.textHint", { min: TEXT_MIN, max: FIELD_MAX.text }),
    displayName: t("form.displayNameHint"),
    city: t("form.cityHint"),
  };
  return (
    <>
      <ErrorSummary heading={t("errors.heading")} items={errorItems} intro={state.formErrorKey ? t(state.formErrorKey) : null} />
      {state.saved ? (
        <section role="status" className="mb-8 rounded-lg border-2 border-green-700 bg-green-50 p-5" data-testid="review-saved">
          <h2 className="text-lg font-bold text-slate-900">{t("saved.heading")}</h2>
          <p className="mt-2 text-slate-800">{t("saved.text")}</p>
        </section>
      ) : null}
      <form method="post" noValidate className="space-y-6" data-testid="review-form">
        <fieldset aria-describedby={`${FIELD_ID("stars")}-hint${error("stars") ? ` ${FIELD_ID("stars")}-error` : ""}`}>
          <legend className="block font-semibold text-slate-900">{t("form.stars")}</legend>
          <p id={`${FIELD_ID("stars")}-hint`} className="text-sm text-slate-600">
            {t("form.starsHint")}
          </p>
          <FieldError field="stars" message={error("stars")} />
          <div className="mt-2 space-y-2">
            {STAR_CHOICES.map((stars) => (
              <label
                key={stars}
                htmlFor={`${FIELD_ID("stars")}-${stars}`}
                className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50"
              >
                <input
                  id={`${FIELD_ID("stars")}-${stars}`}
                  type="radio"
                  name="stars"
                  value={stars}
                  defaultChecked={state.values.stars === String(stars)}
                  className="size-5 shrink-0 accent-blue-800"
                />
                <span aria-hidden="true" className="tracking-widest text-amber-600">
                  {"★".repeat(stars)}
                  <span className="text-slate-300">{"★".repeat(5 - stars)}</span>
                </span>
                <span className="text-slate-900">{t(`form.star.${stars}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {REVIEW_TEXT_FIELDS.map((field) => (
          <PlainField
            key={field}
            id={FIELD_ID(field)}
            name={field}
            label={t(`form.${field}`)}
            hint={hints[field]}
            defaultValue={state.values[field]}
            error={error(field)}
            maxLength={FIELD_MAX[field]}
            multiline={field === "text"}
            autoComplete={field === "displayName" ? "given-name" : field === "city" ? "address-level2" : undefined}
          />
        ))}
        <div>
          <FieldError field="consent" message={error("consent")} />
          <div className="flex items-start gap-3">
            <input
              id={FIELD_ID("consent")}
              type="checkbox"
              name="consent"
              defaultChecked={state.values.consent}
              aria-invalid={error("consent") ? true : undefined}
              aria-describedby={`${FIELD_ID("consent")}-hint${error("consent") ? ` ${FIELD_ID("consent")}-error` : ""}`}
              className="mt-1 size-5 shrink-0 accent-blue-800"
            />
            <div>
              <label htmlFor={FIELD_ID("consent")} className="text-slate-800">
                {t("form.consent")}
              </label>
              <p id={`${FIELD_ID("consent")}-hint`} className="text-sm text-slate-600">
                {t("form.consentHint")}
              </p>
            </div>
          </div>
        </div>
        <p className="text-sm text-slate-700">{t("how")}</p>
        <button type="submit" className={PRIMARY}>
          {t(state.existing ? "form.update" : "form.submit")}
        </button>
      </form>
    </>
  );
}

export default function ReviewPage() {
  const answered = useActionData<typeof action>();
  const opened = useLoaderData<typeof loader>();
  const state = answered ?? opened;
  const { t } = useTranslation("review");
  const { company } = useRequiredRootData();
  const locale = useLocale();
  const { token = "" } = useParams();
  return (
    <>
      <PageHeader title={t("heading")} lead={t("lead", { number: state.number })} />
      <div className="mx-auto max-w-3xl px-4 pb-16">
        {state.step === "form" ? <ReviewForm state={state} /> : null}
        {state.step === "decided" ? (
          <section aria-labelledby="review-decided" data-testid="review-decided">
            <h2 id="review-decided" className="text-xl font-bold text-slate-900">
              {t("decided.heading")}
            </h2>
            <p className="mt-3 text-slate-800">{t("decided.text", { email: company.email })}</p>
          </section>
        ) : null}
        {state.step === "notYet" ? (
          <p className="rounded-lg bg-blue-50 p-4 text-slate-800" data-testid="review-not-yet">
            {t("notYet")}
          </p>
        ) : null}
        {state.step === "closed" ? (
          <p className="rounded-lg bg-slate-100 p-4 text-slate-800" data-testid="review-closed">
            {t(`closed.${state.closed}`)}
          </p>
        ) : null}
        <p className="mt-8">
          <Link to={pathFor("payment", locale, { token })} className="font-semibold text-blue-900 underline">
            {t("backToOrder")}
          </Link>
        </p>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <OrderLinkErrorBoundary namespace="review" />;
}
