import { parseWithZod } from "@conform-to/zod";
import { orderFormSchema } from "./schema";
import type { OrderVariant } from "./variants";

/**
 * The order form's first step checked in the browser, with the very schema the server uses.
 * FormStep loads this module with import() at the visitor's first touch of the form, so zod
 * and its conform adapter are fetched only by visitors who fill it in (decision 027).
 */
export function validateOrderDetails(formData: FormData, variant: OrderVariant) {
  return parseWithZod(formData, { schema: orderFormSchema(variant, "details") });
}
