import type { AppDatabase } from "~/db/db.server";
import { orderInvoicing } from "~/invoices/order-invoicing.server";
import * as corrections from "~/order/lifecycle/corrections.server";
import * as lifecycle from "~/order/lifecycle/order-transitions.server";

/*
 * Settling and refunding an order as the back office, the jobs and the routes do it: the order's move
 * (app/order/lifecycle/) together with the invoice it calls for, in one transaction. The lifecycle
 * imports no feature, so this flow hands it the invoices (app/invoices/order-invoicing.server.ts).
 */

/** Moves one order (lifecycle.applyTransition), issuing the invoice with a payment and correcting it with money returned. */
export function applyTransition(
  db: AppDatabase,
  orderId: number,
  facts: lifecycle.TransitionFacts,
  operator: string,
  now: Date,
): Promise<lifecycle.TransitionResult> {
  return lifecycle.applyTransition(db, orderId, facts, operator, now, orderInvoicing);
}

/** Money returned by a transfer (corrections.recordRefund), its invoice corrected in the same transaction. */
export function recordRefund(
  db: AppDatabase,
  orderId: number,
  refundedGrosze: number,
  reason: string,
  operator: string,
  now: Date,
): Promise<corrections.CorrectionResult> {
  return corrections.recordRefund(db, orderId, refundedGrosze, reason, operator, now, orderInvoicing);
}
