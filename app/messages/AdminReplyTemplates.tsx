import { ADMIN_BUTTON, ADMIN_SECONDARY_BUTTON } from "~/components/admin/AdminShell";
import { ConfirmTick } from "~/components/admin/ConfirmTick";
import { REPLY_TEMPLATES_PATH } from "~/components/admin/paths";
import { PlainField } from "~/components/forms";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { LOCALES, type Locale } from "~/i18n/locales";
import { LOCALE_LABEL } from "~/order/admin-texts";
import { MESSAGES_TEXT } from "./admin-texts";
import { bodyField, DELETE_INTENT, EDIT_PARAM, SAVE_INTENT, type TemplatesRefusal } from "./reply-template-form";

const TEXT = MESSAGES_TEXT.templates;
const LINK = "font-semibold text-blue-900 underline underline-offset-2 hover:text-blue-700";

export type TemplateView = { title: string; bodies: Record<Locale, string>; updatedAt: string };

export const templateFieldId = (name: string) => `template-${name}`;

/** Adding a template, or changing the one named by ?zmien=: a title and the four languages' texts. */
export function TemplateForm({ editing, refusal }: { editing: TemplateView | null; refusal: TemplatesRefusal | null }) {
  const refused = refusal?.form === "save" ? refusal : null;
  const value = (name: string, fallback: string) => refused?.values[name] ?? fallback;
  const previous = value("previous", editing?.title ?? "");
  return (
    <section aria-labelledby="template-form-heading" className="mt-6 max-w-3xl">
      <h2 id="template-form-heading" className="text-xl font-bold text-slate-900">
        {previous ? TEXT.editHeading(previous) : TEXT.add}
      </h2>
      <form method="post" action={REPLY_TEMPLATES_PATH} className="mt-3 grid gap-4" noValidate>
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        <input type="hidden" name="previous" value={previous} />
        <PlainField
          id={templateFieldId("title")}
          name="title"
          label={TEXT.titleLabel}
          defaultValue={value("title", editing?.title ?? "")}
          error={refused?.errors.title}
        />
        {LOCALES.map((locale) => (
          <PlainField
            key={locale}
            id={templateFieldId(bodyField(locale))}
            name={bodyField(locale)}
            label={TEXT.body(locale)}
            defaultValue={value(bodyField(locale), editing?.bodies[locale] ?? "")}
            error={refused?.errors[bodyField(locale)]}
            multiline
            rows={6}
          />
        ))}
        <p className="flex flex-wrap gap-3">
          <button type="submit" className={ADMIN_BUTTON}>
            {TEXT.save}
          </button>
          {previous ? (
            <a href={REPLY_TEMPLATES_PATH} className={ADMIN_SECONDARY_BUTTON}>
              {TEXT.cancel}
            </a>
          ) : null}
        </p>
      </form>
    </section>
  );
}

/** Every template with its four texts, a link to change it and a form to delete it. */
export function TemplateList({ templates, refusal }: { templates: TemplateView[]; refusal: TemplatesRefusal | null }) {
  if (templates.length === 0) return <p className="mt-6 text-slate-700">{TEXT.none}</p>;
  return (
    <ul className="mt-6 grid max-w-5xl gap-4" data-testid="templates">
      {templates.map((template, index) => {
        const error = refusal?.form === "delete" && refusal.title === template.title ? refusal.error : undefined;
        const tickId = `template-delete-${index}`;
        return (
          <li key={template.title} className="rounded-lg border border-slate-300 p-4" data-testid="template">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h3 className="break-words text-lg font-bold text-slate-900">{template.title}</h3>
              <a href={`${REPLY_TEMPLATES_PATH}?${EDIT_PARAM}=${encodeURIComponent(template.title)}`} className={LINK}>
                {TEXT.edit}
                <span className="sr-only"> szablon „{template.title}”</span>
              </a>
            </div>
            <p className="text-sm text-slate-600">{TEXT.updated(formatWarsawTime(template.updatedAt))}</p>
            <dl className="mt-2 grid gap-2">
              {LOCALES.map((locale) => (
                <div key={locale}>
                  <dt className="font-semibold text-slate-800">{LOCALE_LABEL[locale]}</dt>
                  <dd className="line-clamp-3 whitespace-pre-wrap break-words text-slate-900">{template.bodies[locale]}</dd>
                </div>
              ))}
            </dl>
            <form method="post" action={REPLY_TEMPLATES_PATH} className="mt-3 grid gap-2" aria-label={`${TEXT.remove}: ${template.title}`}>
              <input type="hidden" name="intent" value={DELETE_INTENT} />
              <input type="hidden" name="title" value={template.title} />
              <ConfirmTick id={tickId} label={TEXT.removeConfirm} error={error} describedBy={`${tickId}-button`} />
              <p>
                <button type="submit" id={`${tickId}-button`} className={ADMIN_SECONDARY_BUTTON}>
                  {TEXT.remove}
                </button>
              </p>
            </form>
          </li>
        );
      })}
    </ul>
  );
}
