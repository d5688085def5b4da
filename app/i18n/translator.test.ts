import { describe, expect, it } from "vitest";
import { DELIVERY_VALUES } from "~/config/delivery";
import { createTranslator } from "./translator";

const resources = {
  common: { greeting: "Dzień dobry, {{name}}!", nested: { deeper: "głęboko" }, promise: "Wysyłka w {{regularDays}} dni", missing: "[{{nothing}}]" },
  order: {
    days_one: "{{count}} dzień",
    days_few: "{{count}} dni (few)",
    days_many: "{{count}} dni (many)",
    days_other: "{{count}} dnia",
    items: [{ title: "Pierwszy {{n}}" }, { title: "Drugi" }],
    link: "Zgoda na <termsLink>regulamin</termsLink>.",
  },
};

describe("the translator", () => {
  const t = createTranslator("pl", resources, "order");

  it("reads keys in its namespace, or in the one a key names, through dotted paths", () => {
    expect(t("common:greeting", { name: "Ola" })).toBe("Dzień dobry, Ola!");
    expect(t("common:nested.deeper")).toBe("głęboko");
    expect(createTranslator("pl", resources)("greeting", { name: "Jan" })).toBe("Dzień dobry, Jan!");
  });

  it("quotes the delivery promise in any string, and leaves a value nobody passed empty", () => {
    expect(t("common:promise")).toBe(`Wysyłka w ${DELIVERY_VALUES.regularDays} dni`);
    expect(t("common:missing")).toBe("[]");
  });

  it("picks the plural form of the language for count", () => {
    expect([1, 2, 5, 22, 1.5].map((count) => t("days", { count }))).toEqual(["1 dzień", "2 dni (few)", "5 dni (many)", "22 dni (few)", "1.5 dnia"]);
    const uk = createTranslator("uk", resources, "order");
    expect([1, 3, 11, 21].map((count) => uk("days", { count }))).toEqual(["1 dzień", "3 dni (few)", "11 dni (many)", "21 dzień"]);
    const en = createTranslator("en", resources, "order");
    expect([1, 2].map((count) => en("days", { count }))).toEqual(["1 dzień", "2 dnia"]);
  });

  it("shows a missing key as the key, so the suite can find it", () => {
    expect(t("nope.nothing")).toBe("nope.nothing");
    expect(t("items")).toBe("items");
  });

  it("returns lists and blocks with their strings filled", () => {
    expect(t.object("items", { n: 7 })).toEqual([{ title: "Pierwszy 7" }, { title: "Drugi" }]);
    expect(t.object("absent")).toBeUndefined();
  });
});
