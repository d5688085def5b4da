import * as en from "../../locales/en/error.json";
import * as pl from "../../locales/pl/error.json";
import * as ru from "../../locales/ru/error.json";
import * as uk from "../../locales/uk/error.json";
import type { ErrorStrings } from "./error-strings";
import type { Locale } from "./locales";

/**
 * The error screen's strings in all four languages, for the server only: the root loader sends the
 * page's own language to the browser (RootData's `errorStrings`), and an error before the root loader
 * ran is drawn here, in a document that loads no scripts (docs/decisions/095).
 */
export const ERROR_STRINGS: Record<Locale, ErrorStrings> = {
  pl: { title: pl.title, heading: pl.heading, text: pl.text, status: pl.status, home: pl.home },
  en: { title: en.title, heading: en.heading, text: en.text, status: en.status, home: en.home },
  uk: { title: uk.title, heading: uk.heading, text: uk.text, status: uk.status, home: uk.home },
  ru: { title: ru.title, heading: ru.heading, text: ru.text, status: ru.status, home: ru.home },
};
