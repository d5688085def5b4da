import type { KsefSubmissionRow } from "~/db/schema";

/** How /admin shows an invoice's way to KSeF: a short state, KSeF's or our reason when there is one, and its tone. */
export type KsefState = { label: string; detail: string | null; tone: "done" | "waiting" | "action" };

/**
 * The state of an invoice's KSeF submission in the operator's words (Polish); null for an invoice
 * that stays outside KSeF (a consumer's). A rejected or by-hand invoice asks the operator to act.
 */
export function ksefStateOf(submission: Pick<KsefSubmissionRow, "status" | "ksef_number" | "error"> | null): KsefState | null {
  if (!submission) return null;
  switch (submission.status) {
    case "pending":
      return { label: "czeka na wysłanie do KSeF", detail: submission.error, tone: "waiting" };
    case "sent":
      return { label: "wysłana do KSeF, czeka na numer KSeF", detail: submission.error, tone: "waiting" };
    case "accepted":
      return { label: `przyjęta w KSeF, numer ${submission.ksef_number ?? "?"}`, detail: null, tone: "done" };
    case "rejected":
      return { label: "odrzucona przez KSeF", detail: submission.error, tone: "action" };
    default:
      return { label: "do wysłania do KSeF ręcznie", detail: submission.error, tone: "action" };
  }
}
