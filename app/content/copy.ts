import type { TFunction } from "i18next";

/**
 * Lists and structured blocks of page copy (FAQ items, legal sections…) live as arrays
 * in the locale files. A missing key yields an empty list here; the translation parity
 * test (app/content/translations.test.ts) makes sure no language lacks one.
 */
export function copyList<T>(t: TFunction, key: string, values: Record<string, unknown> = {}): T[] {
  const value: unknown = t(key, { ...values, returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}

export type TitledText = { title: string; text: string };
export type QuestionAnswer = { question: string; answer: string };
