import type { HeadersFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, PlainField } from "~/components/forms";
import { PageHeader } from "~/components/PageHeader";
import { pathFor } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { NO_HYDRATION } from "~/render/hydration";
import { useLocale } from "~/render/root-data";
import type { WithdrawalState } from "~/withdrawal/form-action.server";
import { FIELD_MAX, WITHDRAWAL_FIELDS, type WithdrawalField, type WithdrawalValues } from "~/withdrawal/statement";
import { PRIVATE_HEADERS, withdrawalAction, withdrawalLoader } from "./withdrawal.server";

/** The withdrawal function (art. 11a): every step is a plain form POST, so the page loads no JavaScript. */
export const handle = NO_HYDRATION;
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta = pageMeta;
export const loader = withdrawalLoader;
export const action = withdrawalAction;

const FIELD_ID = (field: WithdrawalField) => `withdrawal-${field}`;
const PRIMARY =
  "inline-flex min-h-12 items-center justify-center rounded-lg bg-blue-900 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-blue-800 focus:outline-none focus:ring-4 focus:ring-orange-400";
const SECONDARY =
  "inline-flex min-h-12 items-center justify-center rounded-lg border-2 border-blue-900 bg-white px-6 py-3 text-base font-semibold text-blue-900 hover:bg-blue-50 focus:outline-none focus:ring-4 focus:ring-orange-400";

function HiddenValues({ values, token }: { values: WithdrawalValues; token: string | null }) {
  return (
    <>
      {WITHDRAWAL_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={values[field]} />
      ))}
      {token ? <input type="hidden" name="token" value={token} /> : null}
    </>
  );
}

/** The statement as it is recorded: its title, then its sentences. */
function Statement({ text }: { text: string }) {
  const [title, ...lines] = text.split("\n");
  return (
    <figure className="rounded-xl border-2 border-slate-300 bg-white p-5 sm:p-6" data-testid="withdrawal-statement">
      <p className="font-bold text-slate-900">{title}</p>
      {lines.map((line, index) => (
        <p key={index} className="mt-3 text-slate-800 [overflow-wrap:anywhere]">
          {line}
        </p>
      ))}
    </figure>
  );
}

function FormStep({ state }: { state: Extract<WithdrawalState, { step: "form" }> }) {
  const { t } = useTranslation("withdrawal");
  const locale = useLocale();
  const errorItems = WITHDRAWAL_FIELDS.flatMap((field) => {
    const key = state.errors[field];
    return key ? [{ id: FIELD_ID(field), message: `${t(`form.${field}`)}: ${t(key)}` }] : [];
  });
  const fieldProps = (field: WithdrawalField) => ({
    id: FIELD_ID(field),
    name: field,
    label: t(`form.${field}`),
    hint: t(`form.${field}Hint`),
    defaultValue: state.values[field],
    error: state.errors[field] ? t(state.errors[field]) : undefined,
    maxLength: FIELD_MAX[field],
  });
  return (
    <>
      <ErrorSummary heading={t("errors.heading")} items={errorItems} intro={state.formErrorKey ? t(state.formErrorKey) : null} />
      {state.prefilled ? (
        <p className="mb-6 rounded-lg bg-blue-50 p-4 text-slate-800" data-testid="withdrawal-prefilled">
          {t("prefilled")}
        </p>
      ) : null}
      <form method="post" noValidate className="space-y-6" data-testid="withdrawal-form">
        {state.token ? <input type="hidden" name="token" value={state.token} /> : null}
        <PlainField {...fieldProps("name")} autoComplete="name" />
        <PlainField {...fieldProps("reference")} />
        <PlainField {...fieldProps("email")} type="email" autoComplete="email" />
        <button type="submit" name="intent" value="review" className={PRIMARY}>
          {t("form.next")}
        </button>
      </form>
      <p className="mt-8 text-sm text-slate-600">
        <Link to={pathFor("terms", locale)} className="text-blue-900 underline">
          {t("modelForm")}
        </Link>
      </p>
    </>
  );
}

function ReviewStep({ state }: { state: Extract<WithdrawalState, { step: "review" }> }) {
  const { t } = useTranslation("withdrawal");
  return (
    <>
      <ErrorSummary heading={t("errors.heading")} items={[]} intro={state.formErrorKey ? t(state.formErrorKey) : null} />
      <h2 className="text-xl font-bold text-slate-900">{t("review.heading")}</h2>
      <p className="mt-2 mb-6 text-slate-700">{t("review.lead")}</p>
      <Statement text={state.statement} />
      <form method="post" className="mt-8 flex flex-col gap-4 sm:flex-row">
        <HiddenValues values={state.values} token={state.token} />
        <button type="submit" name="intent" value="confirm" className={PRIMARY}>
          {t("review.confirm")}
        </button>
        <button type="submit" name="intent" value="edit" className={SECONDARY}>
          {t("review.edit")}
        </button>
      </form>
    </>
  );
}

function ReceivedStep({ state }: { state: Extract<WithdrawalState, { step: "received" }> }) {
  const { t } = useTranslation("withdrawal");
  return (
    <section aria-labelledby="withdrawal-received" data-testid="withdrawal-received">
      <h2 id="withdrawal-received" className="text-xl font-bold text-slate-900">
        {t("done.heading")}
      </h2>
      <p className="mt-3 text-slate-800 [overflow-wrap:anywhere]">{t("done.text", { receivedAt: state.receivedAt, email: state.email })}</p>
      <p className="mt-3 mb-6 text-slate-800">{t("done.refund")}</p>
      <h3 className="mb-3 font-semibold text-slate-900">{t("done.statementHeading")}</h3>
      <Statement text={state.statement} />
    </section>
  );
}

export default function WithdrawalPage() {
  const answered = useActionData<typeof action>();
  const opened = useLoaderData<typeof loader>();
  const state = answered ?? opened;
  const { t } = useTranslation("withdrawal");
  return (
    <>
      <PageHeader title={t("heading")} lead={state.step === "form" ? t("lead") : undefined}>
        {/* Who else has the right (art. 38a) and when it ends early (art. 38 ust. 1 pkt 1), read before the form. */}
        {state.step === "form" ? (
          <ul className="mt-3 max-w-3xl list-disc space-y-1 pl-6 text-slate-700" data-testid="withdrawal-rights">
            <li>{t("rights.soleTrader")}</li>
            <li>{t("rights.earlyStart")}</li>
          </ul>
        ) : null}
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4">
        {state.step === "form" ? <FormStep state={state} /> : null}
        {state.step === "review" ? <ReviewStep state={state} /> : null}
        {state.step === "received" ? <ReceivedStep state={state} /> : null}
      </div>
    </>
  );
}
