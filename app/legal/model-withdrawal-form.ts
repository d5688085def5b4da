import type { TFunction } from "i18next";
import { copyList } from "~/content/copy";
import type { LegalValues } from "./legal-values";

/** The anchor of the form on the terms page; the terms' withdrawal clause and e-mails link to it. */
export const MODEL_WITHDRAWAL_FORM_ID = "withdrawal-form";

/**
 * The model withdrawal form of annex 2 to the Polish consumer rights act (ustawa o prawach
 * konsumenta), with the company as the addressee. Plain data, so the terms page shows it
 * and the order confirmation can attach it. `fields` are the lines the consumer fills in.
 */
export type ModelWithdrawalForm = {
  title: string;
  source: string;
  instruction: string;
  addressee: string;
  statement: string;
  fields: string[];
  footnote: string;
};

export function modelWithdrawalFormDocument(
  t: TFunction,
  values: Pick<LegalValues, "legalName" | "address" | "email">,
): ModelWithdrawalForm {
  return {
    title: t("terms:withdrawalForm.heading"),
    source: t("terms:withdrawalForm.source"),
    instruction: t("terms:withdrawalForm.instruction"),
    addressee: t("terms:withdrawalForm.addressee", values),
    statement: t("terms:withdrawalForm.statement"),
    fields: copyList<string>(t, "terms:withdrawalForm.fields"),
    footnote: t("terms:withdrawalForm.footnote"),
  };
}

/** The form as plain text lines, e.g. for an e-mail attachment. */
export function modelWithdrawalFormAsText(form: ModelWithdrawalForm): string {
  const blank = "…………………………………………";
  return [
    form.title,
    form.instruction,
    "",
    `– ${form.addressee}`,
    "",
    `– ${form.statement}`,
    blank,
    ...form.fields.flatMap((field) => [`– ${field}`, blank]),
    "",
    form.footnote,
  ].join("\n");
}
