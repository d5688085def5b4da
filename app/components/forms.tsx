import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { forwardRef, type ChangeEventHandler, type KeyboardEventHandler, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The form controls every form of the site uses, built on conform's field metadata.
 * conform names a field's element `<form id>-<field name>` (its error `…-error`, its hint
 * `…-description`), so a form whose id is FIELD_ID_PREFIX (~/forms/field-id) gives its fields the
 * `field-<name>` ids the order pages' links, labels and tests rely on.
 * Error messages are fully qualified i18n keys ("order:validation.required"), so these
 * components translate them without knowing the form.
 */

// Any form's field: the components read only its name, ids, default value and errors,
// so every form's own schema type may stand here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's schema fits
type Field = FieldMetadata<any, any, string[]>;

const INPUT_CLASS =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 aria-[invalid=true]:border-red-700 aria-[invalid=true]:border-2";
const LABEL_CLASS = "block font-semibold text-slate-900";
const HINT_CLASS = "text-sm text-slate-600";

/** The first message of a field, translated; undefined while it is valid. */
export function useFieldError(field: Field): string | undefined {
  const { t } = useTranslation();
  const key = field.errors?.[0];
  return key ? t(key) : undefined;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}

function Hint({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={HINT_CLASS}>
      {text}
    </p>
  ) : null;
}

type TextFieldProps = {
  field: Field;
  label: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "date" | "password";
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "numeric" | "tel" | "email";
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
};

export function TextField({ field, label, hint, type = "text", autoComplete, placeholder, inputMode, onKeyDown }: TextFieldProps) {
  const error = useFieldError(field);
  const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div>
      <label htmlFor={field.id} className={LABEL_CLASS}>
        {label}
      </label>
      <Hint id={field.descriptionId} text={hint} />
      <FieldError id={field.errorId} message={error} />
      <input
        key={key}
        {...props}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        onKeyDown={onKeyDown}
        className={INPUT_CLASS}
      />
    </div>
  );
}

export function TextareaField({ field, label, hint, rows = 4 }: { field: Field; label: string; hint?: string; rows?: number }) {
  const error = useFieldError(field);
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div>
      <label htmlFor={field.id} className={LABEL_CLASS}>
        {label}
      </label>
      <Hint id={field.descriptionId} text={hint} />
      <FieldError id={field.errorId} message={error} />
      <textarea key={key} {...props} rows={rows} className={INPUT_CLASS} />
    </div>
  );
}

type PlainFieldProps = {
  id: string;
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  type?: "text" | "email" | "password" | "date" | "time";
  autoComplete?: string;
  /** The keyboard a phone shows: "numeric" for a code of digits. */
  inputMode?: "numeric" | "text";
  required?: boolean;
  maxLength?: number;
  multiline?: boolean;
  /** A multi-line field's height in lines. */
  rows?: number;
  hint?: string;
  /** The one field a page is for (a sign-in code): the browser puts the cursor there, with or without JavaScript. */
  autoFocus?: boolean;
};

/**
 * The same field for a form that conform does not drive (the back office's forms, which have
 * no client script and messages already in Polish): the message is given as text.
 */
export function PlainField({
  id,
  name,
  label,
  error,
  defaultValue,
  type = "text",
  autoComplete,
  inputMode,
  required,
  maxLength,
  multiline,
  rows = 3,
  hint,
  autoFocus,
}: PlainFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-description`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const common = {
    id,
    name,
    defaultValue,
    required,
    maxLength,
    autoFocus,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: INPUT_CLASS,
  };
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <Hint id={hintId} text={hint} />
      <FieldError id={errorId} message={error} />
      {multiline ? (
        <textarea {...common} rows={rows} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} />
      )}
    </div>
  );
}

type RadioCardsFieldProps = {
  field: Field;
  legend: string;
  hint?: string;
  /** `detail` stands out under the name (a price); `description` reads as a hint (what the choice means). */
  options: ReadonlyArray<{ value: string; name: string } & ({ detail: string } | { description: string })>;
};

/** The id of a choice's radio button (conform's own naming for a collection). */
export function radioOptionId(field: Field, value: string): string {
  return `${field.id}-${value}`;
}

/**
 * A choice among a few options as cards of radio buttons: unlike a select, each option's
 * whole text wraps on a narrow screen, and the choice works with the browser alone.
 * The card shows the checked and the keyboard-focused radio inside it.
 */
export function RadioCardsField({ field, legend, hint, options }: RadioCardsFieldProps) {
  const error = useFieldError(field);
  return (
    <fieldset aria-describedby={hint ? field.descriptionId : undefined}>
      <legend className={LABEL_CLASS}>{legend}</legend>
      <Hint id={field.descriptionId} text={hint} />
      <FieldError id={field.errorId} message={error} />
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const id = radioOptionId(field, option.value);
          const { key, ...props } = getInputProps(field, { type: "radio", value: option.value });
          // Each card in a block of its own: a text browser, which lays out no grid, puts each choice on its own line.
          return (
            <div key={option.value} className="flex">
              <label
                htmlFor={id}
                className="flex w-full min-w-0 cursor-pointer items-start gap-3 rounded-lg border-2 border-slate-300 bg-white p-4 hover:border-blue-700 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-orange-400"
              >
                <input key={key} {...props} id={id} className="mt-1 size-5 shrink-0 accent-blue-800" />
                <span className="min-w-0 break-words">
                  <span className="block font-semibold text-slate-900">{option.name}</span>{" "}
                  {"detail" in option ? (
                    <span className="block text-lg font-bold text-blue-900">{option.detail}</span>
                  ) : (
                    <span className={`block ${HINT_CLASS}`}>{option.description}</span>
                  )}
                </span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

type CheckboxFieldProps = { field: Field; label: ReactNode; hint?: ReactNode; onChange?: ChangeEventHandler<HTMLInputElement> };

export function CheckboxField({ field, label, hint, onChange }: CheckboxFieldProps) {
  const error = useFieldError(field);
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div>
      <FieldError id={field.errorId} message={error} />
      <div className="flex items-start gap-3">
        <input key={key} {...props} onChange={onChange} className="mt-1 size-5 shrink-0 accent-blue-800" />
        <div>
          <label htmlFor={field.id} className="text-slate-800">
            {label}
          </label>
          {hint ? (
            <p id={field.descriptionId} className={HINT_CLASS}>
              {hint}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export type SummaryItem = { id: string; message: string };

type ErrorSummaryProps = { heading: string; items: readonly SummaryItem[]; intro?: string | null };

/**
 * GOV.UK's error summary: a heading, then one link per problem to its field. The page
 * moves focus here after a failed submit (it is focusable, not a live region, so typing a
 * correction is never interrupted nor re-announced).
 */
export const ErrorSummary = forwardRef<HTMLElement, ErrorSummaryProps>(function ErrorSummary({ heading, items, intro }, ref) {
  if (items.length === 0 && !intro) return null;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className="mb-8 rounded-lg border-4 border-red-700 bg-white p-5 outline-none focus:ring-4 focus:ring-orange-400"
      data-testid="error-summary"
    >
      <h2 id="error-summary-title" className="text-lg font-bold text-slate-900">
        {heading}
      </h2>
      {intro ? <p className="mt-2 text-slate-800">{intro}</p> : null}
      {items.length > 0 ? (
        <ul className="mt-3 list-none space-y-1">
          {items.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} className="font-semibold text-red-800 underline underline-offset-2 hover:text-red-900">
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
});

/** The alert shown when a submission never reached the server (the network error of the order steps). */
export function NetworkErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900"
      data-testid="network-error"
    >
      {message}
    </p>
  );
}
