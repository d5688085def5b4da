import type { Invoicing } from "~/order/lifecycle/invoicing";
import { correctOnRefundIn, issueInvoiceIn } from "./issue.server";

/** The invoices an order's payment and refund call for, handed to the order's lifecycle (app/order/lifecycle/invoicing.ts). */
export const orderInvoicing: Invoicing = { issueOnPayment: issueInvoiceIn, correctOnRefund: correctOnRefundIn };
