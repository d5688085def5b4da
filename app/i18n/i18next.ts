import type { InitOptions } from "i18next";
import { DELIVERY_VALUES } from "~/config/delivery";
import { DEFAULT_LOCALE, LOCALES } from "./locales";

/**
 * The i18next options the server (app/i18n/i18n.server.ts) and the browser (app/entry.client.tsx)
 * share, so both sides turn a key into the same words (docs/decisions/026).
 * - Polish is the fallback: a string missing in one language reads in Polish, never as a raw key.
 *   The translation parity tests and the e2e "own language only" check keep that from happening.
 * - escapeValue is off: React escapes what it renders, and the e-mails and the 429 page escape
 *   the whole string where they build HTML. Escaping here as well would show "&amp;" to readers.
 * - The delivery promise's numbers ({{regularDays}}, {{dispatchDays}}…) are known to every string,
 *   so copy quotes app/config/delivery.ts instead of typing a number of days.
 * - A key missing in every language renders as nothing rather than as the key; the server
 *   reports it (and throws under test, see i18n.server.ts).
 */
export const I18N_OPTIONS = {
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false, defaultVariables: { ...DELIVERY_VALUES } },
  returnNull: false,
  parseMissingKeyHandler: () => "",
  // Resources are given up front (no backend), so initialisation and changeLanguage finish synchronously.
  initImmediate: false,
  react: { useSuspense: false },
} satisfies InitOptions;

/** The namespaces of one language, as the root loader sends them to the browser. */
export type PageResources = Record<string, Record<string, unknown>>;
