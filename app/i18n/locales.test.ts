import { describe, expect, it } from "vitest";
import { localeFromPath } from "./locales";

describe("locale detection from the path", () => {
  it("reads the en, uk and ru prefixes", () => {
    expect(localeFromPath("/en")).toBe("en");
    expect(localeFromPath("/uk/for-tenant")).toBe("uk");
    expect(localeFromPath("/ru/blog/")).toBe("ru");
  });

  it("treats everything else as Polish, including a /pl prefix and look-alike words", () => {
    expect(localeFromPath("/")).toBe("pl");
    expect(localeFromPath("/dla-najemcy")).toBe("pl");
    expect(localeFromPath("/pl/blog")).toBe("pl");
    expect(localeFromPath("/english")).toBe("pl");
    expect(localeFromPath("/EN")).toBe("pl");
    expect(localeFromPath("")).toBe("pl");
  });
});
