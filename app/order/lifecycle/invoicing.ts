import type { Transaction } from "kysely";
import type { Database } from "~/db/schema";

/** Who issues the document: "system" for a move no person made, or the operator's e-mail. */
type IssuedBy = { now: Date; issuedBy: string };

/**
 * What the order's money moves leave to the invoices, inside the move's own transaction: a payment
 * issues the invoice the order asked for, and money returned corrects it (docs/decisions/049). The
 * order core imports no feature, so the caller hands this in: a feature passes `orderInvoicing`
 * (app/invoices/order-invoicing.server.ts); the back office, the jobs and the routes call
 * app/flows/transitions.server.ts, which does.
 */
export type Invoicing = {
  issueOnPayment(trx: Transaction<Database>, orderId: number, by: IssuedBy): Promise<unknown>;
  correctOnRefund(trx: Transaction<Database>, orderId: number, by: IssuedBy): Promise<unknown>;
};
