import { describe, expect, it } from "vitest";
import { ERROR_STRINGS } from "./error-strings.server";
import { errorStringsFor, rememberErrorStrings } from "./error-strings";

describe("errorStringsFor: the error screen's words in the page's language", () => {
  it("takes the root loader's strings when the page has them, whatever the server holds", () => {
    const fromRoot = { ...ERROR_STRINGS.uk, heading: "from the root loader" };
    expect(errorStringsFor("uk", { errorStrings: fromRoot })).toBe(fromRoot);
  });

  it("without the root's data, takes the strings last remembered for the path's language", () => {
    const remembered = { ...ERROR_STRINGS.ru, heading: "remembered" };
    rememberErrorStrings("ru", remembered);
    expect(errorStringsFor("ru", undefined)).toBe(remembered);
    expect(errorStringsFor("ru", null)).toBe(remembered);
    rememberErrorStrings("ru", ERROR_STRINGS.ru);
    expect(errorStringsFor("ru", undefined)).toEqual(ERROR_STRINGS.ru);
  });
});

describe("ERROR_STRINGS: every language has its own words", () => {
  it("no two languages share a heading, and every status line has the status's place", () => {
    const headings = Object.values(ERROR_STRINGS).map((strings) => strings.heading);
    expect(new Set(headings).size).toBe(4);
    for (const strings of Object.values(ERROR_STRINGS)) expect(strings.status).toContain("{status}");
  });
});
