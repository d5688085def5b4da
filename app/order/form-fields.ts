import { INVOICE_FIELD_NAMES, type InvoiceFormFields } from "~/order/invoice-request";
import type { OrderVariant } from "./variants";

/*
 * The order form's field names, without zod: the form components import these, and
 * anything they import is part of the order pages' first-load JavaScript. The rules
 * live in ./schema.ts, which the browser loads only after hydration (./details-validation.ts).
 */

/** The form's field names for a variant, in the order the form shows them. */
export function formFieldNames(variant: OrderVariant) {
  return [
    variant.names.declarationType,
    ...(variant.hasLandlordName ? ["landlordName"] : []),
    "tenantName",
    "tenantNameOriginal",
    "coResidents",
    ...(variant.hasStartDate ? ["startDate"] : []),
    "email",
    variant.names.phone,
    "addressLater",
    "propertyAddress",
    "propertyPostalCode",
    "propertyCity",
    "mailingAddress",
    "mailingPostalCode",
    "mailingCity",
    ...(variant.hasAdditionalInfo ? ["additionalInfo"] : []),
    ...INVOICE_FIELD_NAMES,
    "dataProcessingConsent",
  ];
}

export const ACCEPT_FIELDS = ["acceptTerms", "immediatePerformanceConsent"] as const;

/** Every field name either variant's form or preview posts, for conform's typed field metadata. */
export type OrderFormFields = Partial<
  Record<
    | "declarationType"
    | "rodzaj_oswiadczenia"
    | "landlordName"
    | "tenantName"
    | "tenantNameOriginal"
    | "coResidents"
    | "startDate"
    | "email"
    | "phone"
    | "telefon"
    | "addressLater"
    | "propertyAddress"
    | "propertyPostalCode"
    | "propertyCity"
    | "mailingAddress"
    | "mailingPostalCode"
    | "mailingCity"
    | "additionalInfo"
    | "dataProcessingConsent"
    | "acceptTerms"
    | "immediatePerformanceConsent"
    | "deliveryMethod"
    | "lockerQuery"
    | "lockerName",
    string
  >
> &
  InvoiceFormFields;
