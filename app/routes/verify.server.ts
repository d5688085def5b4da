import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { localeOf } from "~/i18n/i18n.server";
import { pathFor } from "~/i18n/routes";
import { bodyTooLargeResponse } from "~/security/body.server";
import { readVerificationForm, verificationOfPath, type VerificationState } from "~/verification/page.server";

/**
 * The declaration's verification page (app/routes/verify.tsx, docs/decisions/089), turning the
 * feature's outcomes (app/verification) into HTTP. Its URL carries a code: no cache keeps the
 * answer, no Referer takes the URL elsewhere, and no search engine lists it.
 */
export const VERIFY_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

export async function verifyLoader({ params }: LoaderFunctionArgs) {
  const state = await verificationOfPath(getDb(), params.code, new Date());
  const malformed = state.step === "form" && state.malformed;
  return json<VerificationState>(state, { status: malformed ? 400 : 200, headers: VERIFY_HEADERS });
}

export async function verifyAction({ request }: ActionFunctionArgs) {
  const outcome = await readVerificationForm(request);
  switch (outcome.kind) {
    case "tooLarge":
      return bodyTooLargeResponse();
    case "refused":
      return json<VerificationState>(outcome.state, { status: 400, headers: VERIFY_HEADERS });
    case "lookUp":
      return redirect(pathFor("verifyCode", await localeOf(request), { code: outcome.code }), { status: 303, headers: VERIFY_HEADERS });
  }
}
