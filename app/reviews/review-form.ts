import { z } from "zod";
import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from "~/forms/control-characters";

/**
 * The review form's fields: stars 1–5, the text, the name and city the customer wants shown,
 * and the consent to publication. Shared by the page and the domain, so both name the fields
 * and messages the same way. Messages are fully qualified keys of the `review` namespace.
 */
export const REVIEW_TEXT_FIELDS = ["text", "displayName", "city"] as const;
export type ReviewTextField = (typeof REVIEW_TEXT_FIELDS)[number];
export type ReviewField = "stars" | ReviewTextField | "consent";

export const STAR_CHOICES = [5, 4, 3, 2, 1] as const;

/** What the form shows again after a refusal: exactly what was posted (cut a little over each limit). */
export type ReviewValues = { stars: string; text: string; displayName: string; city: string; consent: boolean };
export type ReviewErrors = Partial<Record<ReviewField, string>>;
export type ValidReview = { stars: number; text: string; displayName: string; city: string };

export const FIELD_MAX: Record<ReviewTextField, number> = { text: 1000, displayName: 40, city: 60 };
/** A review says something: a word or two is not one a reader can use. */
export const TEXT_MIN = 10;

export const EMPTY_REVIEW: ReviewValues = { stars: "", text: "", displayName: "", city: "", consent: false };

const MESSAGES = {
  stars: "review:validation.stars",
  required: "review:validation.required",
  tooShort: "review:validation.tooShort",
  tooLong: "review:validation.tooLong",
  controlCharacters: "review:validation.controlCharacters",
  consent: "review:validation.consent",
} as const;

const line = (max: number) =>
  z
    .string()
    .trim()
    // First, so a pasted line break is named rather than "too long".
    .regex(SINGLE_LINE_TEXT, MESSAGES.controlCharacters)
    .min(1, MESSAGES.required)
    .max(max, MESSAGES.tooLong);

const reviewSchema = z.object({
  stars: z.enum(["1", "2", "3", "4", "5"], { errorMap: () => ({ message: MESSAGES.stars }) }).transform(Number),
  text: z
    .string()
    .trim()
    .regex(MULTI_LINE_TEXT, MESSAGES.controlCharacters)
    .min(1, MESSAGES.required)
    .min(TEXT_MIN, MESSAGES.tooShort)
    .max(FIELD_MAX.text, MESSAGES.tooLong)
    // Line endings as one kind, so the text reads the same in the back office and on the home page.
    .transform((text) => text.replace(/\r\n?/g, "\n")),
  displayName: line(FIELD_MAX.displayName),
  city: line(FIELD_MAX.city),
  consent: z.literal(true, { errorMap: () => ({ message: MESSAGES.consent }) }),
});

function textOf(form: FormData, field: ReviewTextField): string {
  const value = form.get(field);
  return typeof value === "string" ? value.slice(0, FIELD_MAX[field] * 4) : "";
}

/** The values as posted, the first message per field, and the review when every field is right. */
export function readReviewForm(form: FormData): { values: ReviewValues; errors: ReviewErrors; valid: ValidReview | null } {
  const stars = form.get("stars");
  const values: ReviewValues = {
    stars: typeof stars === "string" ? stars.slice(0, 2) : "",
    text: textOf(form, "text"),
    displayName: textOf(form, "displayName"),
    city: textOf(form, "city"),
    consent: form.get("consent") === "on",
  };
  const parsed = reviewSchema.safeParse(values);
  if (parsed.success) {
    const { stars: starCount, text, displayName, city } = parsed.data;
    return { values, errors: {}, valid: { stars: starCount, text, displayName, city } };
  }
  const errors: ReviewErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ReviewField;
    errors[field] ??= issue.message;
  }
  return { values, errors, valid: null };
}
