import { useLocation, useMatches } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, ChevronDownIcon } from "~/components/icons";
import { Flag } from "~/components/Flag";
import { useDisclosure } from "~/components/use-disclosure";
import { FIELD_ID_PREFIX } from "~/forms/field-id";
import { postAsDocument } from "~/forms/post-as-document";
import { LANGUAGE_NAMES, LOCALES, type Locale } from "~/i18n/locales";
import { equivalentPath, localesOf, pageIdOfRoute, pathFor, type PageId } from "~/i18n/routes";
import { variantOfPage } from "~/order/variants";
import { useLocale } from "~/render/root-data";

/**
 * The label shown on a phone, where the full name does not fit: each language's own
 * abbreviation. Not ISO codes: "UK" reads as the United Kingdom, not Ukrainian.
 */
const SHORT_NAMES: Record<Locale, string> = { pl: "Pol", en: "Eng", uk: "Укр", ru: "Рус" };

const ENTRY_CLASS =
  "flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100";

/**
 * A <details> dropdown of plain links, so it works without JavaScript. Each link goes to
 * the same page in the other language (the route table decides), or to that language's
 * home when the page has no equivalent. Changing language is a full page load.
 *
 * On an order page a link would lose everything typed, so there each language is a button of
 * the order form instead (the `form` attribute): it posts the form's values to the same order page
 * in that language, which shows the form again with them ("edit", as "back to form" does). The
 * values travel in the POST body, never in a URL (docs/decisions/042). With JavaScript the same
 * POST is made as a whole-page load, since each language's page carries its own translations.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const disclosure = useDisclosure<HTMLDetailsElement>();
  const pageId = pageIdOfRoute(useMatches().at(-1)?.id);
  const orderPage: PageId | null = pageId && variantOfPage(pageId) ? pageId : null;

  return (
    <>
      {orderPage ? <OrderFormDefaultButton /> : null}
      <details ref={disclosure.ref} className="group relative" data-testid="language-switcher">
        <summary
          className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-1.5 py-2 xl:gap-2 xl:px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
          aria-label={`${t("language.label")}: ${LANGUAGE_NAMES[locale]}`}
        >
          <Flag locale={locale} />
          <span className="hidden xl:inline">{LANGUAGE_NAMES[locale]}</span>
          <span className="md:hidden" aria-hidden="true" data-testid="language-short-name">
            {SHORT_NAMES[locale]}
          </span>
          <ChevronDownIcon className="h-4 w-4 transition-transform group-open:rotate-180" />
        </summary>
        <ul
          className="absolute right-0 z-50 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          aria-label={t("language.label")}
        >
          {LOCALES.map((target) => (
            <li key={target}>
              {target === locale ? (
                <span className="flex items-center gap-3 px-4 py-2 text-sm font-semibold text-blue-900" aria-current="true" lang={target}>
                  <Flag locale={target} />
                  {LANGUAGE_NAMES[target]}
                  <CheckIcon className="ml-auto h-4 w-4" />
                </span>
              ) : orderPage && localesOf(orderPage).includes(target) ? (
                <button
                  type="submit"
                  form={FIELD_ID_PREFIX}
                  formAction={pathFor(orderPage, target)}
                  formMethod="post"
                  formNoValidate
                  name="intent"
                  value="edit"
                  lang={target}
                  className={ENTRY_CLASS}
                  data-testid={`language-keeps-form-${target}`}
                  onClick={(event) => carryOrderForm(event, pathFor(orderPage, target))}
                >
                  <Flag locale={target} />
                  {LANGUAGE_NAMES[target]}
                </button>
              ) : (
                <a href={equivalentPath(pathname, target)} hrefLang={target} lang={target} className={ENTRY_CLASS}>
                  <Flag locale={target} />
                  {LANGUAGE_NAMES[target]}
                </a>
              )}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

/**
 * Enter in a text field submits a form through its default button: the first submit button, in the
 * page's order, that belongs to the form. The language buttons belong to the order form (`form`) and
 * stand before it in the page, so Enter in the order form would post it to another language. This
 * button comes before them and does what the form's own main button does: ask for the preview, in the
 * page's language. Kept out of sight, of the tab order and of the accessibility tree; clipped rather
 * than `hidden`, because some browsers press no default button that is not rendered.
 */
function OrderFormDefaultButton() {
  return <button type="submit" form={FIELD_ID_PREFIX} name="intent" value="preview" tabIndex={-1} aria-hidden="true" className="sr-only" />;
}

/** With JavaScript: the order form's values to the other language's order page, as a whole-page POST (or the page alone when there is no form). */
function carryOrderForm(event: MouseEvent<HTMLButtonElement>, action: string) {
  event.preventDefault();
  const form = document.getElementById(FIELD_ID_PREFIX);
  if (form instanceof HTMLFormElement) postAsDocument(form, action, { intent: "edit" });
  else window.location.assign(action);
}
