import { useTranslation } from "react-i18next";
import { TextareaField, TextField } from "~/components/forms";
import type { OrderVariant } from "~/order/variants";
import { requiredLabel, sentences, type OrderFormMetadata } from "./form-metadata";

/** Who the declaration names: the landlord (variant 2 only), the tenant as written in their documents, and who lives with them. */
export function PeopleFields({ fields, variant }: { fields: OrderFormMetadata; variant: OrderVariant }) {
  const { t } = useTranslation("order");
  const required = (label: string) => requiredLabel(label, variant);
  return (
    <>
      {variant.hasLandlordName ? <TextField field={fields.landlordName} label={required(t("form.landlordName"))} /> : null}
      <TextField field={fields.tenantName} label={required(t("form.tenantName"))} hint={t("form.tenantNameHint")} autoComplete="name" />
      <TextField field={fields.tenantNameOriginal} label={t("form.tenantNameOriginal")} hint={t("form.tenantNameOriginalHint")} />
      <TextareaField
        field={fields.coResidents}
        label={t("form.coResidents")}
        hint={sentences(t("form.coResidentsHint"), t("form.coResidentsOriginalHint"))}
        rows={3}
      />
    </>
  );
}
