import * as en from "../../locales/en/error.json";
import * as pl from "../../locales/pl/error.json";
import * as ru from "../../locales/ru/error.json";
import * as uk from "../../locales/uk/error.json";
import type { Locale } from "./locales";

/**
 * The error screen's few strings, bundled for all four languages. An error can strike
 * before the root loader has sent the page's translations (a failed action, say), and
 * the screen must still speak the page's language, with or without i18next's instance.
 *
 * Each key is read by name: the bundler then keeps only these in the browser's JavaScript,
 * not the server-only 429 texts (`tooMany`) next to them.
 */
export type ErrorStrings = { title: string; heading: string; text: string; status: string; home: string };
export const ERROR_STRINGS: Record<Locale, ErrorStrings> = {
  pl: { title: pl.title, heading: pl.heading, text: pl.text, status: pl.status, home: pl.home },
  en: { title: en.title, heading: en.heading, text: en.text, status: en.status, home: en.home },
  uk: { title: uk.title, heading: uk.heading, text: uk.text, status: uk.status, home: uk.home },
  ru: { title: ru.title, heading: ru.heading, text: ru.text, status: ru.status, home: ru.home },
};
