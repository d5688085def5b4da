import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A text to check: where it comes from ("order:contract.title") and what it says. */
export type LocaleText = { where: string; text: string };

export const LOCALES_DIR = join(process.cwd(), "locales");

/** Every string of a locale file's value, each with its path ("sections.3.items.1"). */
export function leaves(value: unknown, path: string): LocaleText[] {
  if (typeof value === "string") return [{ where: path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}.${index}`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path.endsWith(":") ? `${path}${key}` : `${path}.${key}`));
  return [];
}

/** Every string of locales/<language>/*.json, as "namespace:key.path". */
export function localeTexts(language: string): LocaleText[] {
  return readdirSync(join(LOCALES_DIR, language))
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => leaves(JSON.parse(readFileSync(join(LOCALES_DIR, language, file), "utf8")), `${file.replace(/\.json$/, "")}:`));
}
