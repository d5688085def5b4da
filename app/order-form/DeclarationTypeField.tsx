import { useTranslation } from "react-i18next";
import { RadioCardsField } from "~/components/forms";
import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import type { DispatchDates } from "~/order/delivery-warning";
import type { OrderVariant } from "~/order/variants";
import { requiredLabel, type OrderFormMetadata } from "./form-metadata";

type DeclarationTypeFieldProps = {
  fields: OrderFormMetadata;
  variant: OrderVariant;
  /** The dispatch days of the delivery method chosen so far, for the hint; null when unknown. */
  dispatchDates: Record<DeclarationType, DispatchDates> | null | undefined;
  prices: Record<DeclarationType, string>;
};

/** Regular or notarized, each with its price and, in the hint, when it goes out. */
export function DeclarationTypeField({ fields, variant, dispatchDates, prices }: DeclarationTypeFieldProps) {
  const { t } = useTranslation("order");
  return (
    <RadioCardsField
      field={fields[variant.names.declarationType]}
      legend={requiredLabel(t("form.declarationType"), variant)}
      hint={
        dispatchDates
          ? t("form.dispatchHint", {
              regular: dispatchDates.regular.withWaiver,
              notarized: dispatchDates.notarized.withWaiver,
              transitDays: dispatchDates.regular.transitDays,
            })
          : undefined
      }
      // The price is part of the choice.
      options={DECLARATION_TYPES.map((type) => ({ value: type, name: t(`common:products.${type}.name`), detail: prices[type] }))}
    />
  );
}
