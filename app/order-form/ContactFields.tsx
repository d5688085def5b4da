import { useTranslation } from "react-i18next";
import { TextField } from "~/components/forms";
import type { OrderVariant } from "~/order/variants";
import { requiredLabel, type OrderFormMetadata } from "./form-metadata";

/** The customer's e-mail and phone, side by side on a wide screen. */
export function ContactFields({ fields, variant }: { fields: OrderFormMetadata; variant: OrderVariant }) {
  const { t } = useTranslation("order");
  const required = (label: string) => requiredLabel(label, variant);
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <TextField field={fields.email} label={required(t("form.email"))} type="email" autoComplete="email" />
      <TextField
        field={fields[variant.names.phone]}
        label={required(t("form.phone"))}
        hint={t("form.phoneHint")}
        type="tel"
        autoComplete="tel"
      />
    </div>
  );
}
