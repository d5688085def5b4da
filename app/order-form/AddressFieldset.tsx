import { useTranslation } from "react-i18next";
import { TextField } from "~/components/forms";
import type { OrderVariant } from "~/order/variants";
import { requiredLabel, type OrderFormMetadata } from "./form-metadata";

/**
 * The browser's autofill section of each address: the flat's must not be filled with the customer's
 * own address, which the browser keeps as the shipping one.
 */
const AUTOCOMPLETE_SECTION = { property: "section-property", mailing: "shipping" } as const;

type AddressFieldsetProps = {
  /** Which of the form's two addresses: the flat's (property…) or the mailing one (mailing…). */
  place: "property" | "mailing";
  legend: string;
  hint?: string;
  fields: OrderFormMetadata;
  variant: OrderVariant;
};

/** One address of the order form, the flat's or the mailing one: its street line, then its postal code and town side by side. */
export function AddressFieldset({ place, legend, hint, fields, variant }: AddressFieldsetProps) {
  const { t } = useTranslation("order");
  const required = (label: string) => requiredLabel(label, variant);
  const section = AUTOCOMPLETE_SECTION[place];
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-300 p-4">
      <legend className="px-1 text-lg font-bold text-slate-900">{legend}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      <TextField field={fields[`${place}Address`]} label={required(t(`form.${place}Address`))} autoComplete={`${section} address-line1`} />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField
          field={fields[`${place}PostalCode`]}
          label={required(t(`form.${place}PostalCode`))}
          placeholder="XX-XXX"
          autoComplete={`${section} postal-code`}
          inputMode="numeric"
        />
        <TextField field={fields[`${place}City`]} label={required(t(`form.${place}City`))} autoComplete={`${section} address-level2`} />
      </div>
    </fieldset>
  );
}
