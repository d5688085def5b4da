import type { useForm } from "@conform-to/react";
import type { OrderFormFields } from "~/order/form-fields";
import type { OrderDetails } from "~/order/schema";
import type { OrderVariant } from "~/order/variants";

/** The order form's fields as conform describes them (FormStep's useForm), handed to each of its fieldsets. */
export type OrderFormMetadata = ReturnType<typeof useForm<OrderFormFields, OrderDetails>>[1];

/** Variant 2 marks a required field's label with "*". */
export function requiredLabel(label: string, variant: Pick<OrderVariant, "markRequired">): string {
  return variant.markRequired ? `${label} *` : label;
}

/** Hints of two sentences from two strings: a string that ends without a full stop gets one. */
export function sentences(...parts: string[]): string {
  return parts.map((part) => (/[.!?…]$/.test(part) ? part : `${part}.`)).join(" ");
}
