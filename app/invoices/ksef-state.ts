import type { KsefSubmissionRow } from "~/db/schema";

/** How /admin shows an invoice's way to KSeF: a short state, KSeF's or our reason when there is one, and its tone. */
export type KsefState = {
  status: KsefSubmissionRow["status"];
  label: string;
  detail: string | null;
  tone: "done" | "waiting" | "action";
};

/** An order's KSeF invoices by number, each with whether its FA(3) file is there to download. */
export type InvoiceKsefStates = Record<string, KsefState & { file: boolean }>;

/**
 * The state of an invoice's KSeF submission in the operator's words (Polish); null for an invoice
 * that stays outside KSeF (a consumer's). A rejected or by-hand invoice asks the operator to act.
 */
export function ksefStateOf(
  submission:
    | (Pick<KsefSubmissionRow, "status" | "ksef_number" | "error"> &
        Partial<Pick<KsefSubmissionRow, "offline_at" | "awaits_original">> & { offlineDeadline?: string | null })
    | null,
): KsefState | null {
  if (!submission) return null;
  const { status } = submission;
  const offline = submission.offline_at
    ? `wystawiona offline (offline24) ${submission.offline_at.slice(0, 10)}, do wysłania do KSeF do ${submission.offlineDeadline ?? "?"}`
    : null;
  switch (status) {
    case "pending":
      if (submission.awaits_original && offline === null)
        return {
          status,
          label: `czeka na numer KSeF faktury korygowanej ${submission.awaits_original}`,
          detail: submission.error,
          tone: "waiting",
        };
      return { status, label: offline ?? "czeka na wysłanie do KSeF", detail: submission.error, tone: "waiting" };
    case "sent":
      return { status, label: "wysłana do KSeF, czeka na numer KSeF", detail: submission.error, tone: "waiting" };
    case "accepted":
      return { status, label: `przyjęta w KSeF, numer ${submission.ksef_number ?? "?"}`, detail: null, tone: "done" };
    case "rejected":
      return { status, label: "odrzucona przez KSeF", detail: submission.error, tone: "action" };
    default:
      return { status, label: "do wysłania do KSeF ręcznie", detail: submission.error, tone: "action" };
  }
}

/**
 * What the month's list and the accountant's CSV say of an invoice and KSeF, as the order page
 * does: its submission's state (with the KSeF number once accepted); for an invoice without a
 * stored file (issued before the files were kept), the by-hand state when `byHand` says so.
 */
export function ksefListState(
  submission: Pick<KsefSubmissionRow, "status" | "ksef_number" | "error"> | null,
  byHand: boolean,
): KsefState | null {
  return ksefStateOf(submission ?? (byHand ? { status: "manual", ksef_number: null, error: null } : null));
}
