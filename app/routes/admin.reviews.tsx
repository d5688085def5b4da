import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { ORDER_LIST_PATH, orderDetailPath, REVIEWS_PATH } from "~/components/admin/paths";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { LOCALE_LABEL } from "~/order/admin-texts";
import { REVIEW_TEXT } from "~/reviews/admin-texts";
import { AdminShell, ADMIN_BUTTON, ADMIN_SECONDARY_BUTTON, Notice } from "~/components/admin/AdminShell";
import { getDb } from "~/db/db.server";
import type { ReviewStatus } from "~/db/schema";
import { NO_HYDRATION } from "~/render/hydration";
import { decideReview, listReviews, reviewCounts } from "~/reviews/reviews.server";
import { readFormDataOr413 } from "~/security/body.server";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${REVIEW_TEXT.title} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

const STATUSES: readonly ReviewStatus[] = ["pending", "approved", "rejected"];
const OUTCOMES = ["approved", "rejected", "unchanged", "notFound"] as const;
type Outcome = (typeof OUTCOMES)[number];

function statusOf(url: URL): ReviewStatus {
  const status = url.searchParams.get("status");
  return STATUSES.find((each) => each === status) ?? "pending";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const url = new URL(request.url);
  const status = statusOf(url);
  const db = getDb();
  const [rows, counts] = await Promise.all([listReviews(db, status), reviewCounts(db)]);
  const done = OUTCOMES.find((outcome) => outcome === url.searchParams.get("done")) ?? null;
  return json({ operator, status, rows, counts, done }, { headers: ADMIN_HEADERS });
}

/** Approves or rejects one review (audited in the order's history), then shows the list it came from. */
export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const form = await readFormDataOr413(request);
  const intent = form.get("intent");
  const reviewId = Number(form.get("reviewId"));
  const from = STATUSES.find((each) => each === form.get("from")) ?? "pending";
  let outcome: Outcome = "notFound";
  if ((intent === "approved" || intent === "rejected") && Number.isSafeInteger(reviewId)) {
    const decided = await decideReview(getDb(), reviewId, intent, operator);
    outcome = decided === "decided" ? intent : decided;
  }
  return redirect(`${REVIEWS_PATH}?status=${from}&done=${outcome}`, { status: 303, headers: ADMIN_HEADERS });
}

export default function AdminReviewsPage() {
  const { operator, status, rows, counts, done } = useLoaderData<typeof loader>();
  return (
    <AdminShell operator={operator} title={REVIEW_TEXT.title}>
      <p className="mt-2">
        <a href={ORDER_LIST_PATH} className="font-semibold text-blue-900 underline">
          ← Wszystkie zamówienia
        </a>
      </p>
      <p className="mt-4 max-w-prose text-slate-800">{REVIEW_TEXT.lead}</p>
      {done ? (
        <Notice tone={done === "approved" || done === "rejected" ? "success" : "error"} testId="review-decided">
          {REVIEW_TEXT[done]}
        </Notice>
      ) : null}
      <nav aria-label={REVIEW_TEXT.title} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {STATUSES.map((each) => (
            <li key={each}>
              <a
                href={`${REVIEWS_PATH}?status=${each}`}
                aria-current={each === status ? "page" : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${each === status ? "border-blue-800 bg-blue-800 text-white" : "border-slate-300 text-slate-800 hover:bg-slate-100"}`}
                data-testid={`reviews-tab-${each}`}
              >
                {REVIEW_TEXT.tabs[each]} ({counts[each]})
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700" data-testid="no-reviews">
          {REVIEW_TEXT.none}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {rows.map((review) => (
            <li key={review.id} className="rounded-lg border border-slate-300 bg-white p-4" data-testid="admin-review">
              <p className="font-semibold text-slate-900">
                {REVIEW_TEXT.stars(review.stars)} · {REVIEW_TEXT.order}{" "}
                <a href={orderDetailPath(review.order_id)} className="text-blue-900 underline">
                  {review.order_number}
                </a>
              </p>
              <blockquote className="mt-2 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{review.text}</blockquote>
              <dl className="mt-2 grid gap-x-4 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold">{REVIEW_TEXT.shownAs}</dt>
                <dd className="[overflow-wrap:anywhere]">
                  {review.display_name}, {review.city}
                </dd>
                <dt className="font-semibold">{REVIEW_TEXT.language}</dt>
                <dd>{LOCALE_LABEL[review.locale]}</dd>
                <dt className="font-semibold">{REVIEW_TEXT.written}</dt>
                <dd>
                  {formatWarsawTime(review.created_at)}
                  {review.updated_at !== review.created_at ? ` (${REVIEW_TEXT.changed} ${formatWarsawTime(review.updated_at)})` : ""}
                </dd>
              </dl>
              {review.decided_by ? (
                <p className="mt-2 text-sm text-slate-700">{REVIEW_TEXT.decided(review.decided_by, formatWarsawTime(review.decided_at))}</p>
              ) : null}
              <form method="post" className="mt-3 flex flex-wrap gap-3">
                <input type="hidden" name="reviewId" value={review.id} />
                <input type="hidden" name="from" value={status} />
                {review.status !== "approved" ? (
                  <button type="submit" name="intent" value="approved" className={ADMIN_BUTTON}>
                    {REVIEW_TEXT.approve}
                    <span className="sr-only"> {review.order_number}</span>
                  </button>
                ) : null}
                {review.status !== "rejected" ? (
                  <button type="submit" name="intent" value="rejected" className={ADMIN_SECONDARY_BUTTON}>
                    {REVIEW_TEXT.reject}
                    <span className="sr-only"> {review.order_number}</span>
                  </button>
                ) : null}
              </form>
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}
export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
