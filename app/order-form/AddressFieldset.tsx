import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/forms";

type AddressField = ComponentProps<typeof TextField>["field"];

/**
 * The browser's autofill section of each address: the flat's must never be filled with the
 * customer's own address, which the browser keeps as the shipping one.
 */
const AUTOFILL_SECTION = { property: "section-property", mailing: "shipping" } as const;

type AddressFieldsetProps = {
  /** Which of the order's two addresses: the rented flat's, or the one the declaration is posted to. */
  place: keyof typeof AUTOFILL_SECTION;
  legend: string;
  hint?: string;
  fields: { address: AddressField; postalCode: AddressField; city: AddressField };
  /** A label as the order form's variant shows it: with its required mark, or without. */
  required: (label: string) => string;
  /** Shown first in the fieldset: the flat's "address later" choice (docs/decisions/091). */
  children?: ReactNode;
};

/** One address of the order form: its street line, then its postal code and town side by side. */
export function AddressFieldset({ place, legend, hint, fields, required, children }: AddressFieldsetProps) {
  const { t } = useTranslation("order");
  const section = AUTOFILL_SECTION[place];
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-300 p-4">
      <legend className="px-1 text-lg font-bold text-slate-900">{legend}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {children}
      <TextField field={fields.address} label={required(t(`form.${place}Address`))} autoComplete={`${section} address-line1`} />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField
          field={fields.postalCode}
          label={required(t(`form.${place}PostalCode`))}
          placeholder="XX-XXX"
          autoComplete={`${section} postal-code`}
          inputMode="numeric"
        />
        <TextField field={fields.city} label={required(t(`form.${place}City`))} autoComplete={`${section} address-level2`} />
      </div>
    </fieldset>
  );
}
