import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { getFixedT, localeOf } from "~/i18n/i18n.server";
import { handleReviewForm, reviewStart, type ReviewState } from "~/reviews/form-action.server";
import { bodyTooLargeResponse } from "~/security/body.server";

/**
 * The review page's loader and action (app/routes/review.tsx), turning the domain's outcomes
 * (app/reviews) into HTTP. Its URL carries the order's token: no cache keeps it and no Referer
 * takes it elsewhere.
 */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

async function notFound(request: Request): Promise<Response> {
  const t = await getFixedT(await localeOf(request), "review");
  return json({ title: t("notFound.title") }, { status: 404, headers: PRIVATE_HEADERS });
}

export async function reviewLoader({ request, params }: LoaderFunctionArgs) {
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  const state = await reviewStart(getDb(), params.token ?? "", saved);
  if (!state) throw await notFound(request);
  return json<ReviewState>(state, { headers: PRIVATE_HEADERS });
}

export async function reviewAction({ request, params }: ActionFunctionArgs) {
  const outcome = await handleReviewForm(request, { db: getDb(), token: params.token ?? "", locale: await localeOf(request) });
  switch (outcome.kind) {
    case "notFound":
      throw await notFound(request);
    case "tooLarge":
      return bodyTooLargeResponse();
    case "saved":
      return redirect(`${new URL(request.url).pathname}?saved=1`, { status: 303, headers: PRIVATE_HEADERS });
    case "refused":
      return json<ReviewState>(outcome.state, { status: outcome.status, headers: PRIVATE_HEADERS });
    case "show":
      return json<ReviewState>(outcome.state, { headers: PRIVATE_HEADERS });
  }
}
