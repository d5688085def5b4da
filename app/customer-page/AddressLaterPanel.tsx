import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerPagePanel } from "~/components/CustomerPagePanel";
import { ErrorSummary, PlainField } from "~/components/forms";
import { ADDRESS_INTENT, ADDRESS_STEPS } from "~/order/address-later";
import type { AddressAnswer, AddressLaterView } from "./address-later.server";

/** The flat's three fields: the order form's names (and its rules, on the server), in the browser's autofill section for the flat. */
const FIELDS = [
  { name: "propertyAddress", label: "addressLater.street", autoComplete: "section-property address-line1" },
  { name: "propertyPostalCode", label: "addressLater.postalCode", autoComplete: "section-property postal-code", inputMode: "numeric" },
  { name: "propertyCity", label: "addressLater.city", autoComplete: "section-property address-level2" },
] as const;

const fieldId = (name: string) => `address-${name}`;

/**
 * "Podaj adres mieszkania" (docs/decisions/091): an order placed before the flat was found is given its address here once
 * paid. A plain form in two steps, the same without JavaScript: the typed address, then the declaration's text with it
 * and "Potwierdź adres". A refused address comes back (400) with the reasons beside each field and everything as typed.
 */
export default function AddressLaterPanel({ view, answer }: { view: AddressLaterView | null; answer: AddressAnswer | null }) {
  const { t } = useTranslation("payment");
  if (!view) return null;
  if (view.state !== "needed")
    return (
      <CustomerPagePanel id="address-later" heading={t(view.state === "given" ? "addressLater.givenHeading" : "addressLater.heading")} wide>
        <p className="mt-3 text-slate-800" data-testid="address-later-state">
          {view.state === "given" ? t("addressLater.given", { date: view.givenOn, address: view.address }) : t("addressLater.unpaid")}
        </p>
      </CustomerPagePanel>
    );
  const typed = answer?.typed;
  const summary = FIELDS.flatMap(({ name, label }) => {
    const message = answer?.errors[name];
    return message ? [{ id: fieldId(name), message: `${t(label)}: ${message}` }] : [];
  });
  const preview = answer?.step === "preview" ? answer.preview : null;
  return (
    <CustomerPagePanel id="address-later" heading={t("addressLater.heading")} wide>
      <div className="mt-3 rounded-xl border-2 border-amber-500 bg-amber-50/40 p-5">
        <p className="text-slate-800">{t("addressLater.lead")}</p>
        <ErrorSummary heading={t("addressLater.errorHeading")} items={summary} intro={answer?.formError ?? null} />
        <Form method="post" action="#address-later" className="mt-4 space-y-4" aria-label={t("addressLater.heading")}>
          <input type="hidden" name="intent" value={ADDRESS_INTENT} />
          {preview && typed ? (
            <>
              {FIELDS.map(({ name }) => (
                <input key={name} type="hidden" name={name} value={typed[name]} />
              ))}
              <h3 className="text-lg font-bold text-slate-900">{t("addressLater.previewHeading")}</h3>
              <p className="text-slate-700">
                {t("addressLater.previewLead")} {t("addressLater.polishOnly")}
              </p>
              <div className="rounded-lg border border-slate-300 bg-white p-5 text-slate-900" lang="pl" data-testid="address-preview">
                <p className="font-bold">{preview.title}</p>
                {preview.sections.map((section, index) => (
                  <div key={index} className="mt-3">
                    {section.heading ? <p className="font-semibold">{section.heading}</p> : null}
                    {section.paragraphs.filter(Boolean).map((paragraph, line) => (
                      <p key={line}>{paragraph}</p>
                    ))}
                  </div>
                ))}
              </div>
              <div className="flex flex-wrap gap-3">
                <button type="submit" name="step" value={ADDRESS_STEPS.confirm} className="btn-primary">
                  {t("addressLater.confirm")}
                </button>
                <button type="submit" name="step" value="edit" className="btn-secondary">
                  {t("addressLater.edit")}
                </button>
              </div>
            </>
          ) : (
            <fieldset className="space-y-4">
              <legend className="font-semibold text-slate-900">{t("addressLater.legend")}</legend>
              {FIELDS.map(({ name, label, autoComplete, ...field }) => (
                <PlainField
                  key={name}
                  id={fieldId(name)}
                  name={name}
                  label={t(label)}
                  autoComplete={autoComplete}
                  inputMode={"inputMode" in field ? field.inputMode : undefined}
                  defaultValue={typed?.[name] ?? ""}
                  error={answer?.errors[name]}
                />
              ))}
              <button type="submit" name="step" value={ADDRESS_STEPS.preview} className="btn-primary">
                {t("addressLater.preview")}
              </button>
            </fieldset>
          )}
        </Form>
      </div>
    </CustomerPagePanel>
  );
}
