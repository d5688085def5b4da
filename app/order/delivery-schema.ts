import { z } from "zod";
import { COURIER, LOCKER_NAME, type Delivery } from "./delivery";

/** Its messages, i18n keys of the "shipping" namespace; app/order/schema.ts lists them with its own. */
export const DELIVERY_MESSAGES = {
  lockerRequired: "shipping:validation.lockerRequired",
  lockerName: "shipping:validation.lockerName",
  lockerUnknown: "shipping:validation.lockerUnknown",
} as const;
const MESSAGES = DELIVERY_MESSAGES;

/**
 * The delivery choice's part of the order schema (app/order/schema.ts), shared by the server and
 * the browser's check. Without the fields (a form from before lockers, or lockers not offered)
 * the order goes by courier. The locker's address is added on the server (./lockers.server.ts).
 */
const lockerName = z.string({ invalid_type_error: MESSAGES.lockerName }).trim().toUpperCase().regex(LOCKER_NAME, MESSAGES.lockerName);

export const deliveryFormFields = {
  deliveryMethod: z.enum(["courier", "locker"]).optional(),
  lockerQuery: z.string().max(100).optional(),
  lockerName: z.string().max(20).optional(),
};

export function requireLockerName(value: Record<string, unknown>, context: z.RefinementCtx): void {
  if (value.deliveryMethod !== "locker") return;
  const name = typeof value.lockerName === "string" ? value.lockerName.trim() : "";
  if (name === "") context.addIssue({ code: "custom", path: ["lockerName"], message: MESSAGES.lockerRequired });
  else if (!LOCKER_NAME.test(name.toUpperCase())) context.addIssue({ code: "custom", path: ["lockerName"], message: MESSAGES.lockerName });
}

export function deliveryOfForm(value: Record<string, unknown>): Delivery {
  if (value.deliveryMethod !== "locker" || typeof value.lockerName !== "string") return COURIER;
  return { method: "locker", point: value.lockerName.trim().toUpperCase(), address: null };
}

/** The JSON API's `paczkomat`: the point's name; absent or null, the courier (old clients). */
export const apiDelivery = lockerName.nullable().optional();
