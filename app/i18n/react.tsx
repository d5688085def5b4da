import { cloneElement, createContext, Fragment, useContext, useMemo, type ReactElement, type ReactNode } from "react";
import { DEFAULT_LOCALE, type Locale } from "./locales";
import { createTranslator, type Resources, type TFunction, type TranslationValues } from "./translator";

/**
 * Components read their strings through this context: the language and the namespaces the
 * root loader sent for the page (docs/decisions/020). The server render and the browser build
 * the same translator from the same data, so hydration sees the same words.
 */
type TranslationData = { locale: Locale; resources: Resources };
const TranslationContext = createContext<TranslationData>({ locale: DEFAULT_LOCALE, resources: {} });

export function TranslationProvider({ locale, resources, children }: TranslationData & { children: ReactNode }) {
  // Every revalidation brings a new resources object with the same strings (locale files do not
  // change while a page is open). Keyed on what it holds, `t` keeps its identity, so effects that
  // depend on it (the order's success toast) do not run again after each action.
  const holds = `${locale}|${Object.keys(resources).sort().join(",")}`;
  const value = useMemo(() => ({ locale, resources }), [holds]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/** `t` for the page's language, its keys read in `namespace` unless they name another ("common:…"). */
export function useTranslation(namespace = "common"): { t: TFunction } {
  const { locale, resources } = useContext(TranslationContext);
  return useMemo(() => ({ t: createTranslator(locale, resources, namespace) }), [locale, resources, namespace]);
}

const TAG = /<([A-Za-z][A-Za-z0-9]*)>(.*?)<\/\1>/gs;

/**
 * A string with links inside, as the locale files write them: "… <privacyLink>polityką
 * prywatności</privacyLink>." Each tag becomes its component with the tag's text as children.
 */
export function Trans({ t, i18nKey, values, components }: { t: TFunction; i18nKey: string; values?: TranslationValues; components: Record<string, ReactElement> }) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match;
    const component = components[name!];
    parts.push(text.slice(last, match.index));
    parts.push(component ? cloneElement(component, { key: match.index }, inner) : whole);
    last = match.index! + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
