import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { CheckboxField, TextField } from "~/components/forms";
import { INVOICE_FIELDS, INVOICE_LABEL_KEYS } from "~/order/invoice-request";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata of a form field of any shape, as ~/components/forms takes it
type Field = FieldMetadata<any, any, string[]>;

/**
 * The order form's "I want an invoice": a box and the buyer's fields, always shown in their own
 * fieldset, so the form works the same without JavaScript and adds no code to run in the browser.
 * The server reads the fields only when the box is ticked (app/order/invoice-request-schema.ts).
 */
export function InvoiceFieldset({ fields }: { fields: Record<string, Field> }) {
  const { t } = useTranslation("invoice");
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-300 p-4" data-testid="invoice-fieldset">
      <legend className="px-1 text-lg font-bold text-slate-900">{t("form.legend")}</legend>
      <CheckboxField field={fields[INVOICE_FIELDS.requested]!} label={t("form.requested")} hint={t("form.hint")} />
      <TextField
        field={fields[INVOICE_FIELDS.buyerName]!}
        label={t(INVOICE_LABEL_KEYS[INVOICE_FIELDS.buyerName]!)}
        autoComplete="billing name"
      />
      <TextField
        field={fields[INVOICE_FIELDS.buyerAddress]!}
        label={t(INVOICE_LABEL_KEYS[INVOICE_FIELDS.buyerAddress]!)}
        hint={t("form.buyerAddressHint")}
        autoComplete="billing address-line1"
      />
      <TextField field={fields[INVOICE_FIELDS.nip]!} label={t(INVOICE_LABEL_KEYS[INVOICE_FIELDS.nip]!)} hint={t("form.nipHint")} />
    </fieldset>
  );
}
