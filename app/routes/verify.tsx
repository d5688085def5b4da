import type { HeadersFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, PlainField } from "~/components/forms";
import { PageHeader } from "~/components/PageHeader";
import { pathFor } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { NO_HYDRATION } from "~/render/hydration";
import { useLocale } from "~/render/root-data";
import { VerificationResult } from "~/verification/VerificationResult";
import { VERIFY_HEADERS, verifyAction, verifyLoader } from "./verify.server";

/** `/weryfikacja` and `/weryfikacja/{code}` (docs/decisions/089): a plain form and its answer, so the page loads no JavaScript. */
export const handle = NO_HYDRATION;
export const headers: HeadersFunction = () => VERIFY_HEADERS;
export const meta = pageMeta;
export const loader = verifyLoader;
export const action = verifyAction;

const FIELD_ID = "verify-code-field";

export default function VerifyPage() {
  const answered = useActionData<typeof action>();
  const opened = useLoaderData<typeof loader>();
  const state = answered ?? opened;
  const { t } = useTranslation("landlord");
  const locale = useLocale();
  const malformed = state.step === "form" && state.malformed;
  return (
    <>
      <PageHeader title={t("verify.heading")} lead={t("verify.lead")} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 pb-12">
        <ErrorSummary
          heading={t("verify.errors.heading")}
          items={malformed ? [{ id: FIELD_ID, message: `${t("verify.form.code")}: ${t("verify.errors.malformed")}` }] : []}
        />
        {state.step === "result" ? <VerificationResult code={state.code} verification={state.verification} locale={locale} /> : null}
        <form method="post" action={pathFor("verify", locale)} noValidate className="space-y-6" data-testid="verify-form">
          <PlainField
            id={FIELD_ID}
            name="code"
            label={state.step === "result" ? t("verify.form.again") : t("verify.form.code")}
            hint={t("verify.form.codeHint")}
            defaultValue={state.step === "form" ? state.typed : ""}
            error={malformed ? t("verify.errors.malformed") : undefined}
            autoComplete="off"
            maxLength={64}
          />
          <button type="submit" className="btn-primary">
            {t("verify.form.submit")}
          </button>
        </form>
        <p className="text-sm text-slate-600">{t("verify.privacy")}</p>
      </div>
    </>
  );
}
