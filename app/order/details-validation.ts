import { parseWithZod } from "@conform-to/zod";
import { orderFormSchema } from "./schema";
import type { OrderVariant } from "./variants";

/**
 * The order form's first step checked in the browser, with the very schema the server uses.
 * FormStep loads this module with import() after hydration, so zod and its conform adapter
 * stay out of the order pages' first-load JavaScript (decision 021).
 */
export function validateOrderDetails(formData: FormData, variant: OrderVariant) {
  return parseWithZod(formData, { schema: orderFormSchema(variant, "details") });
}
