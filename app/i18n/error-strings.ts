import type { Locale } from "./locales";

/** The error screen's few strings: its tab title, heading, sentence, status line and link home. */
export type ErrorStrings = { title: string; heading: string; text: string; status: string; home: string };

/**
 * The strings of each language known so far, so that the browser's JavaScript carries no table of them
 * (docs/decisions/095). The server knows all four from its start (entry.server.tsx, from
 * error-strings.server.ts); the browser learns a language's from the root loader's data of its pages
 * (root.tsx's Layout), which an error that loses that data can then still use.
 */
const known: Partial<Record<Locale, ErrorStrings>> = {};

export function rememberErrorStrings(locale: Locale, strings: ErrorStrings): void {
  known[locale] = strings;
}

/**
 * The error screen's strings in the page's language: the root loader's when the page has them, else
 * those remembered. On the server that is always an answer; in the browser it is null only for a
 * language none of its pages has shown, and the screen then shows the status alone. A document drawn
 * before the root loader ran loads no scripts (documentLoadsScripts), so it is never hydrated without them.
 */
export function errorStringsFor(locale: Locale, root: { errorStrings: ErrorStrings } | null | undefined): ErrorStrings | null {
  return root?.errorStrings ?? known[locale] ?? null;
}
