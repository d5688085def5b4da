import { useTranslation } from "react-i18next";
import { useRequiredRootData } from "~/render/root-data";
import { legalValuesOf } from "./legal-values";
import { MODEL_WITHDRAWAL_FORM_ID, modelWithdrawalFormDocument } from "./model-withdrawal-form";

/** A dotted line to write on when the page is printed. */
function FillIn() {
  return <span aria-hidden="true" className="mt-1 block h-6 border-b border-dotted border-slate-500" />;
}

/** The model withdrawal form (annex 2 to the consumer rights act) as a section of the terms page. */
export function ModelWithdrawalForm() {
  const { t } = useTranslation("terms");
  const { company, locale } = useRequiredRootData();
  const form = modelWithdrawalFormDocument(t, legalValuesOf(company, locale));

  return (
    <section
      id={MODEL_WITHDRAWAL_FORM_ID}
      aria-labelledby={`${MODEL_WITHDRAWAL_FORM_ID}-heading`}
      data-testid="withdrawal-form"
      className="rounded-2xl border border-slate-300 p-5 sm:p-8"
    >
      <h2 id={`${MODEL_WITHDRAWAL_FORM_ID}-heading`} className="text-xl font-bold text-slate-900 md:text-2xl">
        {form.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{form.source}</p>
      <p className="mt-4 italic text-slate-700">{form.instruction}</p>
      <ul className="mt-4 space-y-4 leading-relaxed text-slate-800">
        <li data-testid="withdrawal-form-addressee">{form.addressee}</li>
        <li>
          {form.statement}
          <FillIn />
        </li>
        {form.fields.map((field) => (
          <li key={field}>
            {field}
            <FillIn />
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-600">{form.footnote}</p>
    </section>
  );
}
