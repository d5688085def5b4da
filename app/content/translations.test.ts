import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The content pages' copy must have the same shape in every language: the same keys, the
 * same number of list items (FAQ, testimonials, legal clauses) and the same placeholders.
 * Polish is the reference. fallbackLng is off, so a gap would show as a raw key or a
 * missing paragraph.
 */
const CONTENT_NAMESPACES = ["home", "tenant", "landlord", "blog", "contact", "terms", "privacy"];
const OTHER_LOCALES = ["en", "uk", "ru"];

function load(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(process.cwd(), "locales", locale, `${namespace}.json`), "utf8"));
}

/** Every leaf as "path → placeholders", arrays included index by index. */
function shape(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return [`${path}[${value.length}]`, ...value.flatMap((item, index) => shape(item, `${path}.${index}`))];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, child]) => shape(child, path ? `${path}.${key}` : key));
  const placeholders = typeof value === "string" ? [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort() : [];
  return [`${path} ${placeholders.join(",")}`.trim()];
}

describe("content translations", () => {
  for (const namespace of CONTENT_NAMESPACES) {
    const reference = shape(load("pl", namespace));
    for (const locale of OTHER_LOCALES) {
      it(`${locale}/${namespace}.json has the Polish file's keys, list lengths and placeholders`, () => {
        expect(shape(load(locale, namespace))).toEqual(reference);
      });
    }
  }

  it("has no empty strings", () => {
    for (const locale of ["pl", ...OTHER_LOCALES]) {
      for (const namespace of CONTENT_NAMESPACES) {
        const empty = JSON.stringify(load(locale, namespace)).match(/:""/g);
        expect(empty, `${locale}/${namespace}`).toBeNull();
      }
    }
  });
});
