export const LOCALES = ["pl", "en", "uk", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pl";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language of a page comes from its path prefix only (see docs/decisions/001).
 * Anything without a known prefix is Polish, the default language.
 */
export function localeFromPath(pathname: string): Locale {
  const firstSegment = pathname.split("/")[1] ?? "";
  return isLocale(firstSegment) && firstSegment !== DEFAULT_LOCALE ? firstSegment : DEFAULT_LOCALE;
}

/** Names are written in their own language, so a reader finds theirs whatever page they are on. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  pl: "Polski",
  en: "English",
  uk: "Українська",
  ru: "Русский",
};

/** BCP 47 tags for Intl formatting and Open Graph locales. */
export const LOCALE_TAGS: Record<Locale, string> = {
  pl: "pl-PL",
  en: "en-GB",
  uk: "uk-UA",
  ru: "ru-RU",
};
