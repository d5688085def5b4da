import { z } from "zod";
import { formatAddress, type PostalAddress } from "~/config/company";
import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import { LOCALES } from "~/i18n/locales";
import type { OrderVariant } from "./variants";

/**
 * The order's validation, shared by the server (actions and the JSON API) and the
 * browser (conform's onValidate). Messages are i18n keys of the "order" namespace,
 * translated where they are shown, so both sides say the same words in the page's language.
 */
export const MESSAGES = {
  required: "order:validation.required",
  declarationType: "order:validation.declarationType",
  email: "order:validation.email",
  phone: "order:validation.phone",
  date: "order:validation.date",
  tooLong: "order:validation.tooLong",
  dataProcessingConsent: "order:validation.dataProcessingConsent",
  acceptTerms: "order:validation.acceptTerms",
  immediatePerformanceConsent: "order:validation.immediatePerformanceConsent",
} as const;

export const PHONE_MIN_LENGTH = 9;
const NAME_MAX = 200;
const ADDRESS_MAX = 300;
const INFO_MAX = 2000;

const requiredText = (max: number) =>
  z.string({ required_error: MESSAGES.required, invalid_type_error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.tooLong);

const declarationType = z.enum(DECLARATION_TYPES, { errorMap: () => ({ message: MESSAGES.declarationType }) });
const email = z.string({ required_error: MESSAGES.email, invalid_type_error: MESSAGES.email }).trim().max(254, MESSAGES.tooLong).email(MESSAGES.email);
const phone = z
  .string({ required_error: MESSAGES.phone, invalid_type_error: MESSAGES.phone })
  .trim()
  .min(PHONE_MIN_LENGTH, MESSAGES.phone)
  .max(30, MESSAGES.tooLong);
/** A calendar date as the date input sends it (YYYY-MM-DD), and a real one. */
const isoDate = requiredText(10).refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), MESSAGES.date);
const optionalText = z
  .string({ invalid_type_error: MESSAGES.required })
  .trim()
  .max(INFO_MAX, MESSAGES.tooLong)
  .optional()
  .transform((value) => (value ? value : null));
const consent = (message: string) => z.literal(true, { errorMap: () => ({ message }) });

/** What the contract and the order record need, whichever form or API it came from. */
export type OrderDetails = {
  declarationType: DeclarationType;
  tenantName: string;
  landlordName: string | null;
  /** YYYY-MM-DD, the planned start of the rental (variant 1 only). */
  startDate: string | null;
  email: string;
  phone: string;
  /** The rented flat the tenant may be evicted from, as one line. */
  propertyAddress: string;
  /** Where the signed declaration is sent, as one line. */
  mailingAddress: string;
  /** The separate parts when a form sent them (the JSON API sends one line). */
  propertyParts: PostalAddress | null;
  mailingParts: PostalAddress | null;
  additionalInfo: string | null;
  rentalPeriodDays: number | null;
};

/** The form's field names for a variant, in the order the form shows them. */
export function formFieldNames(variant: OrderVariant) {
  return [
    variant.names.declarationType,
    ...(variant.hasLandlordName ? ["landlordName"] : []),
    "tenantName",
    ...(variant.hasStartDate ? ["startDate"] : []),
    "email",
    variant.names.phone,
    "propertyAddress",
    "propertyPostalCode",
    "propertyCity",
    "mailingAddress",
    "mailingPostalCode",
    "mailingCity",
    ...(variant.hasAdditionalInfo ? ["additionalInfo"] : []),
    "dataProcessingConsent",
  ];
}

export const ACCEPT_FIELDS = ["acceptTerms", "immediatePerformanceConsent"] as const;

export type OrderStage = "details" | "accept";

/**
 * The form schema of a variant. Stage "details" is the first step (spec section 5);
 * stage "accept" adds the two checkboxes of the preview, both required to order.
 * The output is the same OrderDetails shape for both variants.
 */
export function orderFormSchema(variant: OrderVariant, stage: OrderStage) {
  const shape: Record<string, z.ZodTypeAny> = {
    [variant.names.declarationType]: declarationType,
    tenantName: requiredText(NAME_MAX),
    email,
    [variant.names.phone]: phone,
    propertyAddress: requiredText(ADDRESS_MAX),
    propertyPostalCode: requiredText(20),
    propertyCity: requiredText(NAME_MAX),
    mailingAddress: requiredText(ADDRESS_MAX),
    mailingPostalCode: requiredText(20),
    mailingCity: requiredText(NAME_MAX),
    dataProcessingConsent: consent(MESSAGES.dataProcessingConsent),
  };
  if (variant.hasLandlordName) shape.landlordName = requiredText(NAME_MAX);
  if (variant.hasStartDate) shape.startDate = isoDate;
  if (variant.hasAdditionalInfo) shape.additionalInfo = optionalText;
  if (stage === "accept") {
    shape.acceptTerms = consent(MESSAGES.acceptTerms);
    shape.immediatePerformanceConsent = consent(MESSAGES.immediatePerformanceConsent);
  }
  return z.object(shape).transform((value): OrderDetails => {
    const text = (name: string) => value[name] as string;
    const propertyParts = { street: text("propertyAddress"), postalCode: text("propertyPostalCode"), city: text("propertyCity") };
    const mailingParts = { street: text("mailingAddress"), postalCode: text("mailingPostalCode"), city: text("mailingCity") };
    return {
      declarationType: value[variant.names.declarationType] as DeclarationType,
      tenantName: text("tenantName"),
      landlordName: variant.hasLandlordName ? text("landlordName") : null,
      startDate: variant.hasStartDate ? text("startDate") : null,
      email: text("email"),
      phone: text(variant.names.phone),
      propertyAddress: formatAddress(propertyParts),
      mailingAddress: formatAddress(mailingParts),
      propertyParts,
      mailingParts,
      additionalInfo: variant.hasAdditionalInfo ? ((value.additionalInfo as string | null) ?? null) : null,
      rentalPeriodDays: variant.rentalPeriodDays,
    };
  });
}

/**
 * The JSON API body of spec section 7, with its Polish names. A body with
 * `okres_najmu_dni: 90` is a variant-2 order: no landlord name or date is required.
 * Accept also needs the three consents the form collects (PRODUCT.md: both preview
 * checkboxes must be ticked to order), sent as booleans.
 */
export function apiSchema(stage: OrderStage) {
  const base = z.object({
    imie_nazwisko_najemcy: requiredText(NAME_MAX),
    imie_nazwisko_wynajmujacego: requiredText(NAME_MAX).optional(),
    email,
    telefon: phone,
    adres_najemcy: requiredText(ADDRESS_MAX * 2),
    adres_eksmisji: requiredText(ADDRESS_MAX * 2),
    rodzaj_oswiadczenia: declarationType,
    data_zawarcia: isoDate.optional(),
    dodatkowe_informacje: optionalText.nullable(),
    okres_najmu_dni: z.literal(90, { errorMap: () => ({ message: "order:validation.rentalPeriod" }) }).optional(),
    jezyk: z.enum(LOCALES).optional(),
    ...(stage === "accept"
      ? {
          zgoda_na_przetwarzanie_danych: consent(MESSAGES.dataProcessingConsent),
          akceptacja_warunkow: consent(MESSAGES.acceptTerms),
          zgoda_na_natychmiastowe_wykonanie: consent(MESSAGES.immediatePerformanceConsent),
        }
      : {}),
  });
  return base
    .superRefine((body, ctx) => {
      if (body.okres_najmu_dni !== undefined) return;
      if (body.imie_nazwisko_wynajmujacego === undefined) ctx.addIssue({ code: "custom", path: ["imie_nazwisko_wynajmujacego"], message: MESSAGES.required });
      if (body.data_zawarcia === undefined) ctx.addIssue({ code: "custom", path: ["data_zawarcia"], message: MESSAGES.required });
    })
    .transform(
      (body): OrderDetails => ({
        declarationType: body.rodzaj_oswiadczenia,
        tenantName: body.imie_nazwisko_najemcy,
        landlordName: body.okres_najmu_dni === undefined ? (body.imie_nazwisko_wynajmujacego ?? null) : null,
        startDate: body.okres_najmu_dni === undefined ? (body.data_zawarcia ?? null) : null,
        email: body.email,
        phone: body.telefon,
        propertyAddress: body.adres_eksmisji,
        mailingAddress: body.adres_najemcy,
        propertyParts: null,
        mailingParts: null,
        additionalInfo: body.dodatkowe_informacje ?? null,
        rentalPeriodDays: body.okres_najmu_dni ?? null,
      }),
    );
}

/** Every field name either variant's form or preview posts, for conform's typed field metadata. */
export type OrderFormFields = Partial<
  Record<
    | "declarationType"
    | "rodzaj_oswiadczenia"
    | "landlordName"
    | "tenantName"
    | "startDate"
    | "email"
    | "phone"
    | "telefon"
    | "propertyAddress"
    | "propertyPostalCode"
    | "propertyCity"
    | "mailingAddress"
    | "mailingPostalCode"
    | "mailingCity"
    | "additionalInfo"
    | "dataProcessingConsent"
    | "acceptTerms"
    | "immediatePerformanceConsent",
    string
  >
>;
