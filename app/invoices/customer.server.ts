import { warsawDay } from "~/config/delivery-dates.server";
import type { AppDatabase } from "~/db/db.server";
import type { Locale } from "~/i18n/locales";
import { isPaymentToken } from "~/order/payment-token";
import { lastDayToAsk, mayStillAsk } from "./deadline";
import { issueInvoiceIn, recordRequestIn } from "./issue.server";
import { invoiceBuyerSchema } from "./request-schema";

/**
 * The customer's side of invoices, on their order page (found by its unguessable token): asking
 * for one after the order, within the time the law allows, and downloading what was issued.
 */
export type CustomerInvoiceView = {
  orderNumber: string;
  locale: Locale;
  cancelled: boolean;
  /** The last day to ask, once paid; null before the payment (asking then is always allowed). */
  lastDay: string | null;
  mayAsk: boolean;
  requested: boolean;
  invoices: Array<{ id: number; number: string; kind: "invoice" | "correction" }>;
};

/** No order has a token of another shape (a NUL, say, which PostgreSQL refuses in a query): none is looked for. */
async function orderOfToken(db: AppDatabase, token: string) {
  if (!isPaymentToken(token)) return undefined;
  return db
    .selectFrom("orders")
    .select(["id", "number", "locale", "status", "paid_at", "anonymised_at"])
    .where("payment_token", "=", token)
    .executeTakeFirst();
}

export async function customerInvoiceView(db: AppDatabase, token: string, now: Date): Promise<CustomerInvoiceView | null> {
  const order = await orderOfToken(db, token);
  if (!order || order.anonymised_at) return null;
  const [request, invoices] = await Promise.all([
    db.selectFrom("invoice_requests").select("order_id").where("order_id", "=", order.id).executeTakeFirst(),
    db.selectFrom("invoices").select(["id", "number", "kind"]).where("order_id", "=", order.id).orderBy("id").execute(),
  ]);
  const lastDay = order.paid_at ? lastDayToAsk(warsawDay(new Date(order.paid_at))) : null;
  const cancelled = order.status === "cancelled";
  return {
    orderNumber: order.number,
    locale: order.locale,
    cancelled,
    lastDay,
    mayAsk: !request && !cancelled && (lastDay === null || mayStillAsk(warsawDay(new Date(order.paid_at!)), warsawDay(now))),
    requested: request !== undefined,
    invoices,
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
  if (!view.mayAsk)
    return { ok: false, status: 409, errors: { form: view.cancelled ? "invoice:panel.cancelled" : "invoice:panel.tooLate" }, values };
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
