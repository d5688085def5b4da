import type { PaymentMethod } from "~/db/schema";

/** How an order was paid: by bank transfer (marked paid by the operator) or by one of the online methods. */
export type PaymentWay = "transfer" | PaymentMethod;
export const PAYMENT_WAYS: readonly PaymentWay[] = ["transfer", "blik", "redirect"];
