import { DELIVERY_VALUES } from "~/config/delivery";
import { LOCALE_TAGS, type Locale } from "./locales";

/**
 * The site's translation function, on the server and in the browser (docs/decisions/020).
 * It reads the locale files' own conventions and nothing more:
 * - "namespace:key.path", the namespace defaulting to the translator's own;
 * - `{{name}}` placeholders, filled from the call's values, then from the delivery promise's
 *   numbers (app/config/delivery.ts), which every string may quote; a missing one is left empty;
 * - plurals as `key_one`, `key_few`, `key_many`, `key_other`, chosen by Intl.PluralRules for `count`;
 * - `object()` for lists and blocks of copy, with their strings filled in the same way.
 * A missing key shows the key itself: the e2e suite looks for raw keys, so a gap is found, never
 * papered over with Polish.
 */
export type Resources = Record<string, Record<string, unknown>>;
export type TranslationValues = Record<string, unknown>;

export type TFunction = ((key: string, values?: TranslationValues) => string) & {
  /** A list or block of copy (FAQ items, legal sections…), or undefined when the key is missing. */
  object: (key: string, values?: TranslationValues) => unknown;
  locale: Locale;
};

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(locale: Locale, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(LOCALE_TAGS[locale]);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function fill(text: string, values: TranslationValues): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = name in values ? values[name] : (DELIVERY_VALUES as Record<string, unknown>)[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

function fillDeep(value: unknown, values: TranslationValues): unknown {
  if (typeof value === "string") return fill(value, values);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, values));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillDeep(item, values)]));
  return value;
}

function lookup(bundle: Record<string, unknown> | undefined, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function createTranslator(locale: Locale, resources: Resources, defaultNamespace = "common"): TFunction {
  const find = (key: string, values: TranslationValues): unknown => {
    const separator = key.indexOf(":");
    const namespace = separator > 0 ? key.slice(0, separator) : defaultNamespace;
    const path = separator > 0 ? key.slice(separator + 1) : key;
    const bundle = resources[namespace];
    if (typeof values.count === "number") {
      const plural = lookup(bundle, `${path}_${pluralCategory(locale, values.count)}`) ?? lookup(bundle, `${path}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(bundle, path);
  };
  const t = ((key: string, values: TranslationValues = {}) => {
    const found = find(key, values);
    return typeof found === "string" ? fill(found, values) : key;
  }) as TFunction;
  t.object = (key, values = {}) => {
    const found = find(key, values);
    return found === undefined ? undefined : fillDeep(found, values);
  };
  t.locale = locale;
  return t;
}
