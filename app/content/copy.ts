import type { TFunction } from "i18next";

/**
 * Lists and structured blocks of page copy (FAQ items, legal sections…) live as arrays
 * in the locale files. A missing key yields an empty list here; the translation parity
 * test (app/content/translations.test.ts) makes sure no language lacks one.
 *
 * With a `context` (i18next's), a list of strings takes its `<key>_<context>` form when there is
 * one, as any key does; an item of a list of objects has no key of its own, so its field
 * `<field>_<context>` stands in for `<field>` where the copy words that one item differently.
 */
export function copyList<T>(t: TFunction, key: string, values: Record<string, unknown> = {}): T[] {
  const value: unknown = t(key, { ...values, returnObjects: true });
  if (!Array.isArray(value)) return [];
  const context = typeof values.context === "string" ? values.context : undefined;
  return value.map((item: unknown) => inContext(item, context)) as T[];
}

/** An item's fields, each in its `context` form where it has one; the variant fields themselves left out. */
function inContext(item: unknown, context: string | undefined): unknown {
  if (!item || typeof item !== "object" || Array.isArray(item)) return item;
  const fields = item as Record<string, unknown>;
  const isVariant = (field: string) => {
    const base = /^(.+)_[a-z]+$/.exec(field)?.[1];
    return base !== undefined && base in fields;
  };
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([field]) => !isVariant(field))
      .map(([field, text]) => [field, (context && fields[`${field}_${context}`]) ?? text]),
  );
}

/** How the home page names the delivery: `_locker` copy while InPost parcel lockers are offered (INPOST_POINTS_URL). */
export function deliveryContext(lockersOffered: boolean): { context?: "locker" } {
  return lockersOffered ? { context: "locker" } : {};
}

export type TitledText = { title: string; text: string };
export type QuestionAnswer = { question: string; answer: string };
