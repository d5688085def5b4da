import { warsawDay } from "~/order/delivery-dates.server";
import type { AppDatabase } from "~/db/db.server";
import type { Locale } from "~/i18n/locales";
import { pdfWithheld } from "~/ksef/submissions.server";
import { isPaymentToken } from "~/order/payment-token";
import { lastDayToAsk, mayStillAsk } from "./deadline";
import { recordRequestIn } from "~/order/invoice-request.server";
import { issueInvoiceIn } from "./issue.server";
import { PAID_FOR_COLUMNS, paidForGrosze } from "./paid-for";
import { REFUSAL_KEYS, type InvoiceRefusal } from "./refusal";
import { invoiceBuyerSchema } from "~/order/invoice-request-schema";

/**
 * The customer's side of invoices, on their order page (found by its unguessable token): asking
 * for one after the order, within the time the law allows, and downloading what was issued.
 */
export type CustomerInvoiceView = {
  orderNumber: string;
  locale: Locale;
  /** The last day the law obliges us to issue one on request, once paid; null before the payment (asking then is always allowed). */
  lastDay: string | null;
  mayAsk: boolean;
  /** A request that waits for the payment; never shown beside a refusal. */
  requested: boolean;
  /** Why nothing can be asked for, when nothing was issued (./refusal.ts). */
  refusal: InvoiceRefusal | null;
  /**
   * `awaitsKsef`: its PDF is withheld until KSeF numbers it (it goes there by itself and did not go
   * out offline); `ksefNumber` once KSeF gave one (docs/decisions/056).
   */
  invoices: Array<{ id: number; number: string; kind: "invoice" | "correction"; ksefNumber: string | null; awaitsKsef: boolean }>;
};

/** No order has a token of another shape (a NUL, say, which PostgreSQL refuses in a query): none is looked for. */
async function orderOfToken(db: AppDatabase, token: string) {
  if (!isPaymentToken(token)) return undefined;
  return db
    .selectFrom("orders")
    .select(["id", "number", "locale", "anonymised_at", ...PAID_FOR_COLUMNS])
    .where("payment_token", "=", token)
    .executeTakeFirst();
}

export async function customerInvoiceView(db: AppDatabase, token: string, now: Date): Promise<CustomerInvoiceView | null> {
  const order = await orderOfToken(db, token);
  if (!order || order.anonymised_at) return null;
  const [request, invoices] = await Promise.all([
    db.selectFrom("invoice_requests").select("order_id").where("order_id", "=", order.id).executeTakeFirst(),
    db
      .selectFrom("invoices")
      .leftJoin("ksef_submissions", "ksef_submissions.invoice_number", "invoices.number")
      .select([
        "invoices.id",
        "invoices.number",
        "invoices.kind",
        "ksef_submissions.status",
        "ksef_submissions.offline_at",
        "ksef_submissions.ksef_number",
      ])
      .where("invoices.order_id", "=", order.id)
      .orderBy("invoices.id")
      .execute(),
  ]);
  const lastDay = order.paid_at ? lastDayToAsk(warsawDay(new Date(order.paid_at))) : null;
  // A cancelled order that kept an amount for work done (art. 35) is invoiced for it, as any paid order.
  const refusal: InvoiceRefusal | null =
    invoices.length > 0
      ? null
      : order.status === "cancelled" && paidForGrosze(order) === 0
        ? order.paid_at
          ? "refunded"
          : "cancelled"
        : !request && lastDay !== null && !mayStillAsk(warsawDay(new Date(order.paid_at!)), warsawDay(now))
          ? "tooLate"
          : null;
  const waiting = invoices.length === 0 && refusal === null;
  return {
    orderNumber: order.number,
    locale: order.locale,
    lastDay,
    mayAsk: waiting && !request,
    requested: waiting && request !== undefined,
    refusal,
    invoices: invoices.map(({ id, number, kind, status, offline_at, ksef_number }) => ({
      id,
      number,
      kind,
      ksefNumber: ksef_number ?? null,
      awaitsKsef: status !== null && pdfWithheld({ status, offline_at: offline_at ?? null }),
    })),
  };
}

export type AskOutcome =
  { ok: true } | { ok: false; status: 400 | 404 | 409; errors: Record<string, string>; values: Record<string, string> };

const FIELDS = ["buyerName", "buyerAddress", "nip"] as const;

/**
 * Records the customer's request and, for a paid order, issues the invoice at once, in one
 * transaction. Refused after the time to ask has passed, for a cancelled order, or a second time.
 * Messages are i18n keys; every typed value comes back with them.
 */
export async function askForInvoice(db: AppDatabase, token: string, form: FormData, now: Date): Promise<AskOutcome> {
  const values = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? "").slice(0, 400)]));
  const view = await customerInvoiceView(db, token, now);
  if (!view) return { ok: false, status: 404, errors: {}, values };
  if (view.refusal) return { ok: false, status: 409, errors: { form: REFUSAL_KEYS[view.refusal] }, values };
  // Asked already, or issued: a second press of the button, which the first one answered.
  if (!view.mayAsk) return { ok: true };
  const parsed = invoiceBuyerSchema.safeParse({ ...values, nip: values.nip || undefined });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, status: 400, errors, values };
  }
  const order = (await orderOfToken(db, token))!;
  await db.transaction().execute(async (trx) => {
    if (await recordRequestIn(trx, order.id, parsed.data, "customer", now))
      await issueInvoiceIn(trx, order.id, { now, issuedBy: "customer" });
  });
  return { ok: true };
}
