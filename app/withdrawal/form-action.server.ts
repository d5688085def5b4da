import { company } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import { isPassingDatabaseFailure } from "~/db/passing-failure.server";
import { getFixedT } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/locales";
import { BodyTooLargeError, FormShapeError, readFormDataLimited } from "~/security/body.server";
import { receivedAtText } from "~/order/receipt-time.server";
import { readWithdrawalForm, type WithdrawalErrors, type WithdrawalValues } from "./statement";
import { prefillFromToken, recordWithdrawal } from "./withdrawal.server";

/**
 * The withdrawal page's steps, as plain data for the route (app/routes/withdrawal.tsx):
 * `form` (step one, filled in from the order's link when there is one), `review` (the
 * statement exactly as it will be recorded, with the values in hidden fields), and
 * `received` (what was recorded, and when). Without JavaScript each step is a plain POST.
 */
export type WithdrawalState =
  | { step: "form"; values: WithdrawalValues; errors: WithdrawalErrors; token: string | null; prefilled: boolean; formErrorKey?: string }
  | { step: "review"; values: WithdrawalValues; statement: string; token: string | null; formErrorKey?: string }
  | { step: "received"; statement: string; receivedAt: string; email: string };

export type WithdrawalOutcome =
  | { kind: "show"; state: WithdrawalState }
  /** Answered with 400 (503 when `unavailable`), the values kept. */
  | { kind: "invalid"; state: WithdrawalState; unavailable?: boolean }
  | { kind: "tooLarge" };

const EMPTY: WithdrawalValues = { name: "", reference: "", email: "" };

/** The statement's full text in the page's language: what the customer confirms is what is stored and sent. */
export async function statementText(values: WithdrawalValues, locale: Locale): Promise<string> {
  const t = await getFixedT(locale, "withdrawal");
  return [
    t("statement.title"),
    t("statement.text", { name: values.name, reference: values.reference, legalName: company.legalName }),
    t("statement.email", { email: values.email }),
  ].join("\n");
}

/** Step one when the page is opened: empty, or filled in from the order whose link (payment token) it carries. */
export async function withdrawalStart(db: AppDatabase, token: string | null): Promise<WithdrawalState> {
  const prefill = await prefillFromToken(db, token);
  return { step: "form", values: prefill ?? EMPTY, errors: {}, token: prefill ? token : null, prefilled: prefill !== null };
}

export async function handleWithdrawalForm(
  request: Request,
  context: { db: AppDatabase; locale: Locale; now?: Date },
): Promise<WithdrawalOutcome> {
  let form: FormData;
  try {
    form = await readFormDataLimited(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { kind: "tooLarge" };
    if (error instanceof FormShapeError)
      return {
        kind: "invalid",
        state: { step: "form", values: EMPTY, errors: {}, token: null, prefilled: false, formErrorKey: "errors.formShape" },
      };
    throw error;
  }
  const { values, errors, valid } = readWithdrawalForm(form);
  const postedToken = form.get("token");
  const token = typeof postedToken === "string" && postedToken !== "" ? postedToken.slice(0, 64) : null;
  const intent = form.get("intent");
  const formStep = (extra: Partial<Extract<WithdrawalState, { step: "form" }>> = {}): WithdrawalState => ({
    step: "form",
    values,
    errors,
    token,
    prefilled: false,
    ...extra,
  });

  if (intent === "edit") return { kind: "show", state: formStep({ errors: {} }) };
  if (!valid) return { kind: "invalid", state: formStep() };
  const statement = await statementText(valid, context.locale);
  if (intent !== "confirm") return { kind: "show", state: { step: "review", values: valid, statement, token } };

  try {
    const recorded = await recordWithdrawal(context.db, { values: valid, statement, locale: context.locale, token, now: context.now });
    return {
      kind: "show",
      state: { step: "received", statement, email: valid.email, receivedAt: await receivedAtText(recorded.receivedAt, context.locale) },
    };
  } catch (error) {
    if (!isPassingDatabaseFailure(error)) throw error;
    return {
      kind: "invalid",
      unavailable: true,
      state: { step: "review", values: valid, statement, token, formErrorKey: "errors.unavailable" },
    };
  }
}
