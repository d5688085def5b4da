import { useTranslation } from "react-i18next";
import { TextField } from "~/components/forms";
import { formatCalendarDate } from "~/i18n/date-format";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import type { OrderVariant } from "~/order/variants";
import { requiredLabel, sentences, type OrderFormMetadata } from "./form-metadata";

type StartDateFieldProps = {
  fields: OrderFormMetadata;
  variant: OrderVariant;
  /** The date as the site reads what was typed (YYYY-MM-DD); null while it reads none. */
  startDate: string | null;
  locale: Locale;
};

/** The lease's first day (the standard form only). */
export function StartDateField({ fields, variant, startDate, locale }: StartDateFieldProps) {
  const { t } = useTranslation("order");
  return (
    <div>
      {/* A number pad on a phone; some have no dot, so eight digits (01122026) are read too. */}
      <TextField
        field={fields.startDate}
        label={requiredLabel(t("form.startDate"), variant)}
        hint={sentences(t("form.startDateHint"), t("form.startDateDigitsHint"))}
        inputMode="numeric"
      />
      {/* The date as the site reads it, in words: a typo shows before it reaches the agreement. */}
      <p className="mt-1 text-sm font-semibold text-slate-800" aria-live="polite" data-testid="start-date-echo">
        {startDate ? t("form.startDateUnderstood", { date: formatCalendarDate(startDate, LOCALE_TAGS[locale]) }) : null}
      </p>
    </div>
  );
}
