import { createInstance, type i18n as I18n, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import { DELIVERY_VALUES } from "~/config/delivery";
import { LOCALES, type Locale } from "./locales";

/**
 * Options shared by the server (remix-i18next) and the React instance.
 * fallbackLng is off on purpose: a missing translation shows its key, which the
 * e2e suite catches, instead of quietly showing Polish on an English page.
 */
export const I18N_OPTIONS = {
  supportedLngs: [...LOCALES],
  fallbackLng: false,
  defaultNS: "common",
  // The delivery promise's numbers ({{regularDays}}, {{dispatchDays}}…) are known to every string,
  // so copy quotes app/config/delivery.ts instead of typing a number of days.
  interpolation: { escapeValue: false, defaultVariables: { ...DELIVERY_VALUES } },
  returnNull: false,
} satisfies InitOptions;

export type PageResources = Record<string, Record<string, unknown>>;

/**
 * The React-side i18next instance, built from the resources the root loader sent.
 * It is synchronous (initImmediate: false), so the server render and hydration see
 * the same strings with no loading step.
 */
export function createPageI18n(locale: Locale, pageResources: PageResources): I18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: locale,
    ns: Object.keys(pageResources),
    resources: { [locale]: pageResources },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * The instance a render uses. On the server one instance per language serves every request
 * (it gathers the namespaces pages bring, all from the same files), so no request builds one;
 * in the browser one per page language, as before.
 */
const serverPageInstances = new Map<Locale, I18n>();

export function pageI18nFor(locale: Locale, pageResources: PageResources, isServer: boolean): I18n {
  if (!isServer) return createPageI18n(locale, pageResources);
  let instance = serverPageInstances.get(locale);
  if (!instance) {
    instance = createPageI18n(locale, pageResources);
    serverPageInstances.set(locale, instance);
  }
  return instance;
}

/** Adds namespaces that arrived with a client-side navigation and switches language if needed. */
export function syncPageI18n(instance: I18n, locale: Locale, pageResources: PageResources): void {
  for (const [namespace, bundle] of Object.entries(pageResources)) {
    if (!instance.hasResourceBundle(locale, namespace)) {
      instance.addResourceBundle(locale, namespace, bundle);
    }
  }
  if (instance.language !== locale) void instance.changeLanguage(locale);
}
