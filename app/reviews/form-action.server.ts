import type { AppDatabase } from "~/db/db.server";
import { isPassingDatabaseFailure } from "~/db/passing-failure.server";
import type { Locale } from "~/i18n/locales";
import { BodyTooLargeError, FormShapeError, readFormDataLimited } from "~/security/body.server";
import { EMPTY_REVIEW, readReviewForm, type ReviewErrors, type ReviewValues } from "./review-form";
import { orderForReview, submitReview, type ReviewClosed } from "./reviews.server";

/**
 * The review page's states, as plain data for the route (app/routes/review.tsx): the form (empty,
 * or the customer's pending review to change; `saved` right after saving), the review already
 * decided on, an order that cannot be reviewed yet, or one that never will be (cancelled or
 * withdrawn: no request comes). Without JavaScript each is a plain page.
 */
export type ReviewState =
  | {
      step: "form";
      number: string;
      values: ReviewValues;
      errors: ReviewErrors;
      /** A pending review exists: the form changes it. */
      existing: boolean;
      saved: boolean;
      formErrorKey?: string;
    }
  | { step: "decided"; number: string }
  | { step: "notYet"; number: string }
  | { step: "closed"; number: string; closed: ReviewClosed };

export type ReviewOutcome =
  | { kind: "show"; state: ReviewState }
  /** Saved: the page is shown again by a GET, saying so. */
  | { kind: "saved" }
  /** 400 (503 when `unavailable`, 409 for an order that cannot be reviewed), the values kept. */
  | { kind: "refused"; status: 400 | 409 | 503; state: ReviewState }
  | { kind: "notFound" }
  | { kind: "tooLarge" };

/** What the page says instead of the form: not yet (the request will come), or never (cancelled or withdrawn). */
function unreviewable({ order, closed }: { order: { number: string }; closed: ReviewClosed | null }): ReviewState {
  return closed ? { step: "closed", number: order.number, closed } : { step: "notYet", number: order.number };
}

/** The page as opened from the order's link; null for a token of no order. */
export async function reviewStart(db: AppDatabase, token: string, saved: boolean): Promise<ReviewState | null> {
  const found = await orderForReview(db, token);
  if (!found) return null;
  const { order, reviewable, review } = found;
  if (!reviewable) return unreviewable(found);
  if (review && review.status !== "pending") return { step: "decided", number: order.number };
  const values: ReviewValues = review
    ? { stars: String(review.stars), text: review.text, displayName: review.display_name, city: review.city, consent: true }
    : EMPTY_REVIEW;
  return { step: "form", number: order.number, values, errors: {}, existing: review !== null, saved: saved && review !== null };
}

export async function handleReviewForm(
  request: Request,
  context: { db: AppDatabase; token: string; locale: Locale; now?: Date },
): Promise<ReviewOutcome> {
  const found = await orderForReview(context.db, context.token);
  if (!found) return { kind: "notFound" };
  const { order, reviewable, review } = found;
  if (!reviewable) return { kind: "refused", status: 409, state: unreviewable(found) };
  const formStep = (values: ReviewValues, errors: ReviewErrors, formErrorKey?: string): ReviewState => ({
    step: "form",
    number: order.number,
    values,
    errors,
    existing: review !== null,
    saved: false,
    ...(formErrorKey ? { formErrorKey } : {}),
  });
  let form: FormData;
  try {
    form = await readFormDataLimited(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { kind: "tooLarge" };
    if (error instanceof FormShapeError) return { kind: "refused", status: 400, state: formStep(EMPTY_REVIEW, {}, "errors.formShape") };
    throw error;
  }
  const { values, errors, valid } = readReviewForm(form);
  if (!valid) return { kind: "refused", status: 400, state: formStep(values, errors) };
  try {
    const outcome = await submitReview(context.db, { orderId: order.id, review: valid, locale: context.locale, now: context.now });
    return outcome === "saved" ? { kind: "saved" } : { kind: "show", state: { step: "decided", number: order.number } };
  } catch (error) {
    if (!isPassingDatabaseFailure(error)) throw error;
    return { kind: "refused", status: 503, state: formStep(values, {}, "errors.unavailable") };
  }
}
