import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { localeOf } from "~/i18n/i18n.server";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { bodyTooLargeResponse } from "~/security/body.server";
import { handleWithdrawalForm, withdrawalStart, type WithdrawalState } from "~/withdrawal/form-action.server";

/**
 * The withdrawal page's loader and action (app/routes/withdrawal.tsx), turning the domain's
 * outcomes (app/withdrawal) into HTTP. The page may carry an order's token and always carries
 * personal data: no cache keeps it and no Referer takes its URL elsewhere.
 */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export async function withdrawalLoader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return json<WithdrawalState>(await withdrawalStart(getDb(), token), { headers: PRIVATE_HEADERS });
}

export async function withdrawalAction({ request }: ActionFunctionArgs) {
  const outcome = await handleWithdrawalForm(request, { db: getDb(), locale: await localeOf(request) });
  switch (outcome.kind) {
    case "tooLarge":
      return bodyTooLargeResponse();
    case "invalid":
      return json<WithdrawalState>(outcome.state, { status: outcome.unavailable ? 503 : 400, headers: PRIVATE_HEADERS });
    case "show":
      if (outcome.state.step === "received") nudgeMailWorker();
      return json<WithdrawalState>(outcome.state, { headers: PRIVATE_HEADERS });
  }
}
