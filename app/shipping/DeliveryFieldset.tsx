import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FieldError, RadioCardsField, TextField, useFieldError } from "~/components/forms";
import { LOCKERS_INTENT, type LockerPoint, type LockerSearch } from "~/order/delivery";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the order form's own field type
type Field = FieldMetadata<any, any, string[]>;

type DeliveryFieldsetProps = {
  method: Field;
  query: Field;
  locker: Field;
  lockers: LockerSearch | undefined;
  /** With JavaScript: the place being searched now, while its answer is on the way. */
  searching?: string | null;
  localeTag: string;
  disabled: boolean;
  /** With JavaScript: search at once, in place (the button, or Enter in the postcode field). */
  onSearch?: () => void;
};

/**
 * The delivery choice of the order form (docs/decisions/048): an InPost parcel locker, found by
 * postcode or town with "Pokaż paczkomaty" (a plain submit: the server answers with the same form,
 * every value kept, and the nearest lockers as radio buttons), or the courier as before. With
 * JavaScript the same lockers come in place as the postcode is typed (useLockerSearch), and the
 * button and Enter in the field search in place too.
 */
export function DeliveryFieldset({ method, query, locker, lockers, searching, localeTag, disabled, onSearch }: DeliveryFieldsetProps) {
  const { t } = useTranslation("shipping");
  const lockerError = useFieldError(locker);
  const chosen = locker.value;
  const distance = (metres: number) =>
    metres < 1000
      ? t("form.distanceMetres", { distance: metres })
      : t("form.distanceKm", { distance: (metres / 1000).toLocaleString(localeTag, { maximumFractionDigits: 1 }) });
  const option = (point: Pick<LockerPoint, "name"> & Partial<LockerPoint>) => {
    const { key, ...props } = getInputProps(locker, { type: "radio", value: point.name });
    return (
      <li key={point.name}>
        <label className="flex cursor-pointer gap-3 rounded-lg border-2 border-slate-300 bg-white p-3 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50">
          <input key={key} {...props} id={`${locker.id}-${point.name}`} className="mt-1 size-5 shrink-0 accent-blue-800" />
          <span className="min-w-0 break-words">
            <span className="font-semibold text-slate-900">{point.name}</span>
            {point.distanceMetres != null ? ` · ${distance(point.distanceMetres)}` : null}
            {point.open247 === undefined ? null : ` · ${t(point.open247 ? "form.open247" : "form.limitedHours")}`}
            {point.address ? <span className="block">{point.address}</span> : null}
            {point.description ? <span className="block text-sm text-slate-600">{point.description}</span> : null}
          </span>
        </label>
      </li>
    );
  };
  return (
    <div className="space-y-4 rounded-lg border border-slate-300 p-4" data-testid="delivery">
      <RadioCardsField
        field={method}
        legend={t("form.legend")}
        options={[
          { value: "locker", name: t("form.locker"), description: t("form.lockerDetail") },
          { value: "courier", name: t("form.courier"), description: t("form.courierDetail") },
        ]}
      />
      {method.value === "courier" ? null : (
        <div className="space-y-3">
          <TextField
            field={query}
            label={t("form.lockerQuery")}
            hint={t("form.lockerQueryHint")}
            autoComplete="postal-code"
            onKeyDown={(event) => {
              // Enter here means "find the lockers", not the form's default button (the preview).
              if (event.key !== "Enter" || !onSearch) return;
              event.preventDefault();
              onSearch();
            }}
          />
          <button
            type="submit"
            name="intent"
            value={LOCKERS_INTENT}
            formNoValidate
            className="btn-secondary"
            disabled={disabled}
            onClick={(event) => {
              if (!onSearch) return;
              event.preventDefault();
              onSearch();
            }}
          >
            {t("form.showLockers")}
          </button>
          {/* A polite live region: the result of each search is read out without moving the focus from the field. */}
          {/* While a newer search is on the way, the status names it, never the answer before it. */}
          <div role="status">
            {searching ? <p>{t("form.searching", { query: searching })}</p> : null}
            {!searching && lockers?.status === "found" ? <p>{t("form.found", { query: lockers.query })}</p> : null}
            {!searching && lockers?.status === "none" ? <p>{t("form.noLockers", { query: lockers.query })}</p> : null}
            {!searching && lockers?.status === "missing" ? <p>{t("form.queryMissing")}</p> : null}
            {!searching && lockers?.status === "unavailable" ? (
              <p className="font-semibold text-amber-900">{t("form.unavailable")}</p>
            ) : null}
          </div>
          {lockers?.status === "unavailable" ? (
            <TextField field={locker} label={t("form.lockerNameManual")} hint={t("form.lockerNameHint")} />
          ) : lockers?.status === "found" || chosen ? (
            <fieldset>
              <legend className="font-semibold text-slate-900">{t("form.lockersLegend")}</legend>
              <FieldError id={locker.errorId} message={lockerError} />
              <ul className="mt-2 space-y-2">
                {lockers?.status === "found" ? lockers.points.map(option) : option({ name: String(chosen) })}
              </ul>
            </fieldset>
          ) : (
            <FieldError id={locker.errorId} message={lockerError} />
          )}
        </div>
      )}
    </div>
  );
}
