import type { AppDatabase } from "~/db/db.server";
import { formatCode, normaliseCode } from "~/order/declaration-code";
import { BodyTooLargeError, FormShapeError, readFormDataLimited } from "~/security/body.server";
import { verifyDeclaration } from "./lookup.server";
import type { Verification } from "./verification";

/**
 * The verification page's states (app/routes/verify.tsx): the form, alone or with the typed code
 * refused (kept as typed), or a code's result above the form for the next one.
 */
export type VerificationState =
  { step: "form"; typed: string; malformed: boolean } | { step: "result"; code: string; verification: Verification };

/** A typed code longer than this is kept only in part: no code is near it, and the page must not echo a megabyte. */
const TYPED_KEPT = 64;

function refused(typed: string): VerificationState {
  return { step: "form", typed: typed.slice(0, TYPED_KEPT), malformed: true };
}

/** `/weryfikacja` (no code) or `/weryfikacja/{code}`, from the QR code, a link or the form's redirect. */
export async function verificationOfPath(db: AppDatabase, typed: string | undefined, now: Date): Promise<VerificationState> {
  if (typed === undefined) return { step: "form", typed: "", malformed: false };
  const code = normaliseCode(typed);
  if (!code) return refused(typed);
  return { step: "result", code: formatCode(code), verification: await verifyDeclaration(db, code, now) };
}

export type VerificationFormOutcome =
  { kind: "lookUp"; code: string } | { kind: "refused"; state: VerificationState } | { kind: "tooLarge" };

/** The form's POST: a code that can be one is looked up at its own address (the action redirects there); anything else is refused with what was typed. */
export async function readVerificationForm(request: Request): Promise<VerificationFormOutcome> {
  let form: FormData;
  try {
    form = await readFormDataLimited(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { kind: "tooLarge" };
    if (error instanceof FormShapeError) return { kind: "refused", state: refused("") };
    throw error;
  }
  const typed = form.get("code");
  const text = typeof typed === "string" ? typed : "";
  const code = normaliseCode(text);
  return code ? { kind: "lookUp", code: formatCode(code) } : { kind: "refused", state: refused(text) };
}
