import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { radioOptionId, type SummaryItem } from "~/components/forms";
import { DECLARATION_TYPES } from "~/config/products";
import { INVOICE_LABEL_KEYS } from "~/order/invoice-request";
import { formFieldNames, type OrderFormFields } from "~/order/form-fields";
import type { OrderVariant } from "~/order/variants";
import type { FormState } from "~/order/view-state";
import type { OrderFormMetadata } from "./form-metadata";

/**
 * The order form's error summary: the problems of the last submit, each linked to its field. Corrections
 * made while typing update the messages under the fields only, so the summary neither jumps nor steals
 * focus; `countSubmit` takes a new snapshot, as does a new answer from the server.
 */
export function useErrorSummary(fields: OrderFormMetadata, variant: OrderVariant, state: FormState | undefined) {
  const { t } = useTranslation("order");
  // Several fields share the message "Required field": the summary names the field too.
  const labelOf = (name: string): string | null => {
    if (name === variant.names.declarationType) return t("form.declarationType");
    if (name === variant.names.phone) return t("form.phone");
    if (name === "dataProcessingConsent") return null;
    if (name === "lockerName") return t("shipping:form.lockersLegend");
    if (INVOICE_LABEL_KEYS[name]) return t(INVOICE_LABEL_KEYS[name]);
    const group = name.startsWith("property") ? t("form.propertyHeading") : name.startsWith("mailing") ? t("form.mailingHeading") : null;
    return group ? `${group} – ${t(`form.${name}`)}` : t(`form.${name}`);
  };
  const currentSummary = (): SummaryItem[] =>
    [...formFieldNames(variant), "lockerName"].flatMap((name) => {
      const field = fields[name as keyof OrderFormFields];
      const key = field.errors?.[0];
      if (!key) return [];
      const label = labelOf(name);
      // A choice has no element of its own id: the link leads to its first radio button.
      const target = name === variant.names.declarationType ? radioOptionId(field, DECLARATION_TYPES[0]) : field.id;
      return [{ id: target, message: label ? `${label}: ${t(key)}` : t(key) }];
    });

  const [summary, setSummary] = useState<SummaryItem[]>(currentSummary);
  const [submits, setSubmits] = useState(0);
  const summaryRef = useRef<HTMLElement>(null);
  const focusSummary = useRef(false);
  useEffect(() => {
    if (submits === 0 && !state) return;
    focusSummary.current = true;
    setSummary(currentSummary());
    // Only a submit or a new answer from the server takes a new snapshot.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- typing must not rebuild the summary
  }, [submits, state]);
  useEffect(() => {
    // Once the new summary is on screen: move focus to it, once per submit.
    if (!focusSummary.current) return;
    focusSummary.current = false;
    summaryRef.current?.focus();
  }, [summary]);

  return { summary, summaryRef, countSubmit: () => setSubmits((count) => count + 1) };
}
