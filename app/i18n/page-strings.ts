import type { i18n as I18n } from "i18next";
import type { PageResources } from "./i18next";
import type { Locale } from "./locales";

/**
 * Gives react-i18next the strings the root loader sent for the page being shown. The browser's
 * instance starts with the first page's namespaces (app/entry.client.tsx); a client-side
 * navigation brings the next page's, which are added here before its components read them.
 * The server's instance has them all already, so there this does nothing.
 */
export function addPageStrings(i18n: I18n, locale: Locale, resources: PageResources): void {
  for (const [namespace, bundle] of Object.entries(resources)) {
    if (!i18n.hasResourceBundle(locale, namespace)) i18n.addResourceBundle(locale, namespace, bundle);
  }
  // Resources are in memory, so the change is synchronous (I18N_OPTIONS.initImmediate).
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}
