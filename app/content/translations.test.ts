import { readdirSync, readFileSync } from "node:fs";
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
const LOCALES = ["pl", ...OTHER_LOCALES];
/** Every namespace with a page head (`meta`), plus common's 404 head and the error screen. */
const ALL_NAMESPACES = readdirSync(join(process.cwd(), "locales", "pl")).map((file) => file.replace(/\.json$/, ""));

/** The one separator between a page's own title and the product name. */
const TITLE_SEPARATOR = " | ";

function load(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(process.cwd(), "locales", locale, `${namespace}.json`), "utf8"));
}

/** Every leaf as "path → placeholders", arrays included index by index. */
function shape(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return [`${path}[${value.length}]`, ...value.flatMap((item, index) => shape(item, `${path}.${index}`))];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, child]) => shape(child, path ? `${path}.${key}` : key));
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

/** Every `{title, description}` pair of a locale file, with its path. */
function heads(value: unknown, path = ""): Array<{ path: string; title: string; description?: string }> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  const node = value as Record<string, unknown>;
  const own =
    typeof node.title === "string" && (typeof node.description === "string" || path === "")
      ? [{ path: path || "(root)", title: node.title, description: node.description as string | undefined }]
      : [];
  return [...own, ...Object.entries(node).flatMap(([key, child]) => heads(child, path ? `${path}.${key}` : key))];
}

describe("page titles and descriptions", () => {
  for (const locale of LOCALES) {
    for (const namespace of ALL_NAMESPACES) {
      for (const head of heads(load(locale, namespace))) {
        // Blog posts and sections have titles too; only page heads (meta, notFound, the error screen) end in the product name.
        if (!head.title.includes("Adres do eksmisji")) continue;
        it(`${locale}/${namespace} ${head.path}: one " | " separator, title 30–65, description 70–160 characters`, () => {
          expect(head.title.split(TITLE_SEPARATOR), head.title).toHaveLength(2);
          expect(head.title).not.toMatch(/ [–—-] /);
          expect(head.title.length, head.title).toBeGreaterThanOrEqual(30);
          expect(head.title.length, head.title).toBeLessThanOrEqual(65);
          if (head.description !== undefined) {
            expect(head.description.length, head.description).toBeGreaterThanOrEqual(70);
            expect(head.description.length, head.description).toBeLessThanOrEqual(160);
          }
        });
      }
    }
  }

  it("every page namespace has a head in every language", () => {
    for (const locale of LOCALES) {
      for (const namespace of CONTENT_NAMESPACES) {
        const meta = (load(locale, namespace) as { meta?: { title?: string } }).meta;
        expect(meta?.title, `${locale}/${namespace}`).toContain(TITLE_SEPARATOR);
      }
    }
  });
});

describe("delivery promise", () => {
  /**
   * Delivery times come from app/config/delivery.ts through {{regularDays}}, {{notarizedDays}},
   * and {{dispatchDays}}; a number typed next to a unit of time would
   * drift from it. (Other numbers – 14 days to withdraw, 10 years of rental – are law.)
   */
  const TYPED_DELIVERY_TIME =
    /(?<![\p{L}\d])(1|2|3|24)\s*(godzin|dni\p{L}* robocz|dzie\p{L}* robocz|hours?\b|business days?|working (days?|hours)|годин|робоч\p{L}* (дн|годин)|час|рабоч\p{L}* (дн|час))/iu;

  for (const locale of LOCALES) {
    for (const namespace of [...CONTENT_NAMESPACES, "common"]) {
      it(`${locale}/${namespace} types no delivery time`, () => {
        const strings = JSON.stringify(load(locale, namespace)).split('","');
        expect(strings.filter((text) => TYPED_DELIVERY_TIME.test(text))).toEqual([]);
      });
    }
  }

  it("the FAQ gives the days from configuration and says that without the early-start request work waits for the 14 days", () => {
    for (const locale of LOCALES) {
      const faq = JSON.stringify((load(locale, "home") as { faq: unknown }).faq);
      expect(faq, locale).toContain("{{regularDays}}");
      expect(faq, locale).toContain("{{dispatchDays}}");
      expect(faq, locale).toMatch(/\b14\b/);
    }
  });

  it("never types the case of a day count: the promise's numbers reach a sentence only as the count of a plural key", () => {
    // "w ciągu {{regularDays}} dnia roboczego" is right for 1 only; "$t(common:businessDays.within, {'count': {{regularDays}} })" for any number.
    const bare = /\{\{(regularDays|notarizedDays|dispatchDays|transitDays)\}\}(?! \}\))/;
    for (const locale of LOCALES) {
      for (const namespace of ALL_NAMESPACES) {
        const strings = JSON.stringify(load(locale, namespace)).split('","');
        expect(
          strings.filter((text) => bare.test(text)),
          `${locale}/${namespace}`,
        ).toEqual([]);
      }
    }
  });

  it("promises no hours: a business day is not 24 hours (a Friday afternoon payment is signed on Monday)", () => {
    for (const locale of LOCALES) {
      for (const namespace of ALL_NAMESPACES) {
        const text = JSON.stringify(load(locale, namespace));
        expect(text, `${locale}/${namespace}`).not.toContain("{{promiseHours}}");
        expect(text, `${locale}/${namespace}`).not.toMatch(/\b24\s*(godzin|hours|годин|час)/iu);
      }
    }
  });
});
