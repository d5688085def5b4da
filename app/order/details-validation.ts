import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { LOCKERS_INTENT } from "~/order/delivery";
import { orderFormSchema, type OrderDetails } from "./schema";
import type { OrderVariant } from "./variants";

/**
 * "Pokaż paczkomaty" asks the server for lockers near the typed place: the rest of the form is not
 * checked yet, and the browser passes the submit on (its value is never read: the server answers).
 */
const lockerSearch = z.custom<OrderDetails>(() => true);

/**
 * The order form's first step checked in the browser, with the very schema the server uses.
 * FormStep loads this module with import() at the visitor's first touch of the form, so zod
 * and its conform adapter are fetched only by visitors who fill it in (decision 027).
 */
export function validateOrderDetails(formData: FormData, variant: OrderVariant) {
  if (formData.get("intent") === LOCKERS_INTENT) return parseWithZod(formData, { schema: lockerSearch });
  return parseWithZod(formData, { schema: orderFormSchema(variant, "details") });
}
