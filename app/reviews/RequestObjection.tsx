import { REVIEW_TEXT } from "./admin-texts";
import { ADMIN_SECONDARY_BUTTON, Notice } from "~/components/admin/AdminShell";

/** What the last objection recorded, read back from the redirect's query (the order numbers, comma-separated). */
export type ObjectionOutcome = { recorded: string; alreadyAsked: string };

export const OBJECTION_INTENT = "review_objection";

/** The query a recorded objection redirects with, and the outcome read back from it. */
export function objectionQuery({ recorded, alreadyAsked }: { recorded: string[]; alreadyAsked: string[] }): string {
  return new URLSearchParams({ objected: recorded.join(", "), asked: alreadyAsked.join(", ") }).toString();
}

export function objectionOutcomeOf(url: URL): ObjectionOutcome | null {
  const recorded = url.searchParams.get("objected");
  return recorded === null ? null : { recorded, alreadyAsked: url.searchParams.get("asked") ?? "" };
}

/**
 * The back office's part of the customer's objection to the review request (art. 21 RODO, the
 * privacy policy's promise): one button on the customer's data page, for all their orders. Plain HTML.
 */
export function RequestObjection({ action, outcome }: { action: string; outcome: ObjectionOutcome | null }) {
  const text = REVIEW_TEXT.objection;
  return (
    <section className="mt-8 max-w-2xl" aria-labelledby="review-objection">
      <h2 id="review-objection" className="text-xl font-semibold text-slate-900">
        {text.heading}
      </h2>
      {outcome ? (
        <Notice tone="success" testId="review-objection-recorded">
          {outcome.recorded ? text.recorded(outcome.recorded) : text.nothingNew}
          {outcome.alreadyAsked ? ` ${text.alreadyAsked(outcome.alreadyAsked)}` : ""}
        </Notice>
      ) : null}
      <p className="mt-2 text-slate-800">{text.lead}</p>
      <form method="post" action={action} className="mt-3">
        <button type="submit" name="intent" value={OBJECTION_INTENT} className={ADMIN_SECONDARY_BUTTON}>
          {text.submit}
        </button>
      </form>
    </section>
  );
}
