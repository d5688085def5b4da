import { describe, expect, it } from "vitest";
import { readReviewForm } from "./review-form";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const VALID = { stars: "4", text: "  Szybko i rzeczowo.\r\nPolecam.  ", displayName: " Marta ", city: "Gdańsk", consent: "on" };

describe("the review form", () => {
  it("reads a review: stars as a number, the text trimmed with one kind of line ending", () => {
    expect(readReviewForm(form(VALID)).valid).toEqual({
      stars: 4,
      text: "Szybko i rzeczowo.\nPolecam.",
      displayName: "Marta",
      city: "Gdańsk",
    });
  });

  it("refuses a review without consent to publication, stars outside 1–5, or empty fields, and keeps what was typed", () => {
    const { valid, errors, values } = readReviewForm(form({ ...VALID, stars: "6", consent: "", displayName: "", text: "ok" }));
    expect(valid).toBeNull();
    expect(errors).toEqual({
      stars: "review:validation.stars",
      text: "review:validation.tooShort",
      displayName: "review:validation.required",
      consent: "review:validation.consent",
    });
    expect(values).toEqual({ stars: "6", text: "ok", displayName: "", city: "Gdańsk", consent: false });
    expect(readReviewForm(form({ text: "x" })).errors.stars).toBe("review:validation.stars");
  });

  it("names control characters and oversize values, and shows an oversize value cut rather than lost", () => {
    const { errors, values } = readReviewForm(form({ ...VALID, city: "Kraków\u202E", text: "a".repeat(5000), displayName: "Ma\nrta" }));
    expect(errors).toMatchObject({
      city: "review:validation.controlCharacters",
      displayName: "review:validation.controlCharacters",
      text: "review:validation.tooLong",
    });
    expect(values.text).toHaveLength(4000);
    // Line breaks are the text's own; a tab is not.
    expect(readReviewForm(form({ ...VALID, text: "Dobrze\tbardzo dobrze" })).errors.text).toBe("review:validation.controlCharacters");
  });

  it("names a character XML forbids (U+FFFE, U+FFFF) like any other control character, keeping the values", () => {
    const { errors, values, valid } = readReviewForm(form({ ...VALID, text: "Szybko i rzeczowo\uFFFE", city: "Gdańsk\uFFFF" }));
    expect(valid).toBeNull();
    expect(errors).toEqual({ text: "review:validation.controlCharacters", city: "review:validation.controlCharacters" });
    expect(values.city).toBe("Gdańsk\uFFFF");
  });
});
