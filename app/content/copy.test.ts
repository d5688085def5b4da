import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALES } from "~/i18n/locales";
import { copyList, deliveryContext, type QuestionAnswer, type TitledText } from "./copy";

/**
 * The home page names both ways of delivery while InPost parcel lockers are offered (issue 45,
 * item 11): each `_locker` variant of its copy is in all four languages and names the parcel
 * locker, and the home page's lists take it only in that context.
 */
const LOCKER_WORD = { pl: "Paczkomat", en: "parcel locker", uk: "поштомат", ru: "почтомат" } as const;

function lockerPaths(value: unknown, path = ""): string[] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = path ? `${path}.${key}` : key;
    return [...(key.endsWith("_locker") ? [here] : []), ...lockerPaths(child, here)];
  });
}

function at(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

const home = (locale: string): unknown => JSON.parse(readFileSync(join(process.cwd(), "locales", locale, "home.json"), "utf8"));

describe("the home page's parcel-locker copy", () => {
  const paths = lockerPaths(home("pl"));

  it("words six places for lockers: the last step, the nationwide card, both price cards and two FAQ answers", () => {
    expect(paths).toEqual([
      "howItWorks.steps.2.text_locker",
      "whyUs.items.2.text_locker",
      "pricing.features.regular_locker",
      "pricing.features.notarized_locker",
      "faq.items.1.answer_locker",
      "faq.items.2.answer_locker",
    ]);
  });

  for (const locale of LOCALES) {
    it(`${locale}: each _locker key exists, names the parcel locker and still the courier`, () => {
      for (const path of paths) {
        const text = JSON.stringify(at(home(locale), path));
        expect(text, `${locale} ${path}`).toContain(LOCKER_WORD[locale]);
        expect(text, `${locale} ${path}`).toContain("InPost");
        expect(JSON.stringify(at(home(locale), path.replace(/_locker$/, ""))), `${locale} ${path}`).not.toContain("InPost");
      }
    });

    it(`${locale}: the lists take the locker wording only while lockers are offered`, () => {
      const t = fixedT(locale, "home");
      const lists = (lockersOffered: boolean) =>
        JSON.stringify([
          copyList<TitledText>(t, "howItWorks.steps", deliveryContext(lockersOffered))[2],
          copyList<TitledText>(t, "whyUs.items", { prices: "", ...deliveryContext(lockersOffered) })[2],
          copyList<string>(t, "pricing.features.regular", deliveryContext(lockersOffered)),
          copyList<string>(t, "pricing.features.notarized", deliveryContext(lockersOffered)),
          copyList<QuestionAnswer>(t, "faq.items", deliveryContext(lockersOffered)).slice(1),
        ]);
      expect(lists(false)).not.toContain(LOCKER_WORD[locale]);
      expect(lists(true).split(LOCKER_WORD[locale]).length - 1).toBe(6);
      // The steps keep their titles and order.
      expect(copyList<TitledText>(t, "howItWorks.steps", deliveryContext(true)).map((step) => step.title)).toEqual(
        copyList<TitledText>(t, "howItWorks.steps").map((step) => step.title),
      );
    });
  }
});
