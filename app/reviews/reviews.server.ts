import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { auditOrder } from "~/order/lifecycle/order-events.server";
import type { AppDatabase } from "~/db/db.server";
import type { Database, OrderRow, ReviewRow, ReviewStatus } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { isPaymentToken } from "~/order/payment-token";
import { enqueueMessages } from "~/outbox/outbox.server";
import type { ValidReview } from "./review-form";

/**
 * Reviews from real orders (docs/decisions/052). Only the customer of a dispatched order can
 * write one, through the order's own link; one per order, which they may change until an
 * operator decides on it. Nothing is shown publicly until an operator approves it, and the home
 * page shows reviews only once at least MIN_PUBLISHED are approved.
 */

/** Fewer approved reviews than this, and the home page shows none (one or two would read as a sample picked by us). */
export const MIN_PUBLISHED = 3;
/** The home page's carousel shows the newest approved ones, at most this many. */
export const MAX_PUBLISHED = 12;
/**
 * The request goes once the carrier reports the parcel delivered (orders.delivered_at, from InPost),
 * or this long after dispatch when no delivery is reported: the courier has delivered by then.
 */
export const REQUEST_AFTER_DISPATCH_DAYS = 10;
/** An order dispatched longer ago than this is not asked any more (a request months later, after a pause of the job, would surprise). */
export const REQUEST_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReviewableOrder = Pick<OrderRow, "id" | "number" | "locale" | "status" | "payment_token">;

/** Why an order will never be reviewed nor asked for a review: it was cancelled, or its customer withdrew. */
export type ReviewClosed = "cancelled" | "withdrawn";

/**
 * The order behind a review link, or null when the token is no order's. `reviewable` is false
 * until it has been dispatched, and for a cancelled, withdrawn or erased order; `closed` says
 * which of the first two it is (those never get the request, docs/decisions/052).
 */
export async function orderForReview(
  db: AppDatabase,
  token: string,
): Promise<{ order: ReviewableOrder; reviewable: boolean; closed: ReviewClosed | null; review: ReviewRow | null } | null> {
  if (!isPaymentToken(token)) return null;
  const order = await db
    .selectFrom("orders")
    .select(["id", "number", "locale", "status", "payment_token", "withdrawn_at", "anonymised_at"])
    .where("payment_token", "=", token)
    .executeTakeFirst();
  if (!order || order.anonymised_at !== null) return null;
  const review = (await db.selectFrom("reviews").selectAll().where("order_id", "=", order.id).executeTakeFirst()) ?? null;
  const { withdrawn_at: withdrawnAt, anonymised_at: _anonymised, ...shown } = order;
  const closed: ReviewClosed | null = withdrawnAt !== null ? "withdrawn" : order.status === "cancelled" ? "cancelled" : null;
  return { order: shown, reviewable: order.status === "dispatched" && closed === null, closed, review };
}

/**
 * Stores the order's review, or changes it while it waits for the operator. Once the operator
 * has decided on it, it stays as it was decided: `decided`.
 */
export async function submitReview(
  db: AppDatabase,
  input: { orderId: number; review: ValidReview; locale: Locale; now?: Date },
): Promise<"saved" | "decided"> {
  const at = (input.now ?? new Date()).toISOString();
  const { stars, text, displayName, city } = input.review;
  const written = await db
    .insertInto("reviews")
    .values({
      order_id: input.orderId,
      stars,
      text,
      display_name: displayName,
      city,
      consent_at: at,
      locale: input.locale,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict
        .column("order_id")
        .doUpdateSet({ stars, text, display_name: displayName, city, consent_at: at, locale: input.locale, updated_at: at })
        .where("reviews.status", "=", "pending"),
    )
    .returning("id")
    .executeTakeFirst();
  return written ? "saved" : "decided";
}

/**
 * The audit row of a customer's objection to the review request (art. 21 RODO; the privacy policy
 * promises it): an order with it is never asked. Its details keep only the action, so erasing the
 * customer's data leaves it as it is.
 */
const REQUEST_OBJECTION = "review_request_objection";
export const REQUEST_OBJECTION_DETAILS = JSON.stringify({ action: REQUEST_OBJECTION });

/** The order does not carry the objection yet. */
function withoutObjection(eb: ExpressionBuilder<Database, "orders">): Expression<SqlBool> {
  return eb.not(
    eb.exists(
      eb
        .selectFrom("order_events")
        .select("order_events.id")
        .whereRef("order_events.order_id", "=", "orders.id")
        .where("order_events.details", "=", REQUEST_OBJECTION_DETAILS),
    ),
  );
}

/**
 * The customer has objected, on this order or on another with the same e-mail (case and spaces aside, as
 * the customer's data page matches them): an objection is the person's, so a later order is not asked either.
 */
function customerObjected(eb: ExpressionBuilder<Database, "orders">): Expression<SqlBool> {
  const emailKey = (column: "orders.email" | "objected.email") => sql`lower(trim(${sql.ref(column)}))`;
  return eb.exists(
    eb
      .selectFrom("order_events")
      .innerJoin("orders as objected", "objected.id", "order_events.order_id")
      .select("order_events.id")
      .where("order_events.details", "=", REQUEST_OBJECTION_DETAILS)
      .where((inner) =>
        inner.or([inner("objected.id", "=", inner.ref("orders.id")), inner(emailKey("objected.email"), "=", emailKey("orders.email"))]),
      ),
  );
}

/**
 * Records the objection on each of the customer's orders that does not carry it yet, in one
 * transaction; `alreadyAsked` names those whose request had been queued before (nothing more
 * follows it anyway: there is no reminder).
 */
export async function recordRequestObjection(
  db: AppDatabase,
  orderIds: readonly number[],
  operator: string,
  now: Date,
): Promise<{ recorded: string[]; alreadyAsked: string[] }> {
  if (orderIds.length === 0) return { recorded: [], alreadyAsked: [] };
  return db.transaction().execute(async (trx) => {
    const orders = await trx
      .selectFrom("orders")
      .select(["orders.id", "orders.number", "orders.status"])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom("outbox")
              .select("outbox.id")
              .whereRef("outbox.order_id", "=", "orders.id")
              .where("outbox.kind", "=", "review_request"),
          )
          .as("asked"),
      )
      .where("orders.id", "in", orderIds)
      .where("orders.anonymised_at", "is", null)
      .where(withoutObjection)
      .orderBy("orders.id")
      .execute();
    for (const order of orders) await auditOrder(trx, order, operator, { action: REQUEST_OBJECTION }, now);
    return {
      recorded: orders.map((order) => order.number),
      alreadyAsked: orders.filter((order) => Boolean(order.asked)).map((order) => order.number),
    };
  });
}

/**
 * Queues the review request of every order dispatched REQUEST_AFTER_DISPATCH_DAYS ago (within
 * REQUEST_WINDOW_DAYS), still dispatched, neither withdrawn nor erased, not reviewed yet, and
 * whose customer has not objected (on any of their orders). One per order: the outbox keeps one message of a kind per
 * order, so a second pass adds nothing.
 */
export async function queueReviewRequests(db: AppDatabase, now: Date): Promise<number> {
  const dispatchedBefore = new Date(now.getTime() - REQUEST_AFTER_DISPATCH_DAYS * DAY_MS).toISOString();
  const dispatchedAfter = new Date(now.getTime() - REQUEST_WINDOW_DAYS * DAY_MS).toISOString();
  const due = await db
    .selectFrom("orders")
    .select("orders.id")
    .where("orders.status", "=", "dispatched")
    .where((eb) => eb.or([eb("orders.delivered_at", "<=", now.toISOString()), eb("orders.dispatched_at", "<=", dispatchedBefore)]))
    .where("orders.dispatched_at", ">", dispatchedAfter)
    .where("orders.withdrawn_at", "is", null)
    .where("orders.anonymised_at", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("outbox")
            .select("outbox.id")
            .whereRef("outbox.order_id", "=", "orders.id")
            .where("outbox.kind", "=", "review_request"),
        ),
      ),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom("reviews").select("reviews.id").whereRef("reviews.order_id", "=", "orders.id"))))
    .where((eb) => eb.not(customerObjected(eb)))
    .execute();
  for (const order of due) await enqueueMessages(db, order.id, ["review_request"], now);
  return due.length;
}

export type ReviewListRow = Pick<
  ReviewRow,
  "id" | "stars" | "text" | "display_name" | "city" | "locale" | "created_at" | "updated_at" | "status" | "decided_by" | "decided_at"
> & { order_id: number; order_number: string };

/** The back office's list: the reviews of one status, the oldest first (the next to decide on top). */
export function listReviews(db: AppDatabase, status: ReviewStatus): Promise<ReviewListRow[]> {
  return db
    .selectFrom("reviews")
    .innerJoin("orders", "orders.id", "reviews.order_id")
    .select([
      "reviews.id",
      "reviews.stars",
      "reviews.text",
      "reviews.display_name",
      "reviews.city",
      "reviews.locale",
      "reviews.created_at",
      "reviews.updated_at",
      "reviews.status",
      "reviews.decided_by",
      "reviews.decided_at",
      "reviews.order_id",
      "orders.number as order_number",
    ])
    .where("reviews.status", "=", status)
    .orderBy(status === "pending" ? "reviews.updated_at" : "reviews.decided_at", status === "pending" ? "asc" : "desc")
    .orderBy("reviews.id")
    .limit(200)
    .execute();
}

export async function reviewCounts(db: AppDatabase): Promise<Record<ReviewStatus, number>> {
  const rows = await db
    .selectFrom("reviews")
    .select((eb) => ["status", eb.fn.countAll<number | string>().as("count")])
    .groupBy("status")
    .execute();
  const counts: Record<ReviewStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export type ReviewDecision = "approved" | "rejected";

/**
 * The operator approves or rejects a review, or changes an earlier decision (a customer who asks
 * for their review to come down, say). One transaction with the order's audit row.
 */
export async function decideReview(
  db: AppDatabase,
  reviewId: number,
  decision: ReviewDecision,
  operator: string,
  now: Date = new Date(),
): Promise<"decided" | "unchanged" | "notFound"> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom("reviews")
      .innerJoin("orders", "orders.id", "reviews.order_id")
      .select(["reviews.id", "reviews.status", "reviews.order_id", "orders.status as order_status"])
      .where("reviews.id", "=", reviewId)
      .executeTakeFirst();
    if (!review) return "notFound";
    const changed = await trx
      .updateTable("reviews")
      .set({ status: decision, decided_by: operator, decided_at: at })
      .where("id", "=", reviewId)
      .where("status", "!=", decision)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return "unchanged";
    await auditOrder(
      trx,
      { id: review.order_id, status: review.order_status },
      operator,
      { action: decision === "approved" ? "review_approved" : "review_rejected" },
      now,
    );
    return "decided";
  });
}

export type PublishedReview = Pick<ReviewRow, "id" | "stars" | "text" | "display_name" | "city" | "locale" | "created_at">;

/** What the home page shows: the newest approved reviews, or none while fewer than MIN_PUBLISHED are approved. */
export async function publishedReviews(db: AppDatabase): Promise<PublishedReview[]> {
  const approved = await db
    .selectFrom("reviews")
    .select(["id", "stars", "text", "display_name", "city", "locale", "created_at"])
    .where("status", "=", "approved")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_PUBLISHED)
    .execute();
  return approved.length >= MIN_PUBLISHED ? approved : [];
}
