import en from "../../locales/en/error.json";
import pl from "../../locales/pl/error.json";
import ru from "../../locales/ru/error.json";
import uk from "../../locales/uk/error.json";
import type { Locale } from "./locales";

/**
 * The error screen's few strings, bundled for all four languages. An error can strike
 * before the root loader has sent the page's translations (a failed action, say), and
 * the screen must still speak the page's language.
 */
export type ErrorStrings = typeof pl;
export const ERROR_STRINGS: Record<Locale, ErrorStrings> = { pl, en, uk, ru };
