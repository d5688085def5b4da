import { z } from "zod";
import { formatAddress, type PostalAddress } from "~/config/company";
import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from "~/forms/control-characters";
import { LOCALES } from "~/i18n/locales";
import type { InvoiceRequest } from "~/order/invoice-request";
import {
  checkInvoiceFormFields,
  INVOICE_MESSAGES,
  invoiceApiField,
  invoiceFormShape,
  invoiceRequestOfForm,
} from "~/order/invoice-request-schema";
import { coResidentOfLine, type CoResident } from "./co-residents";
import { readDate } from "./dates";
import { hasNonLatinLetter, isLatinName, isOriginalName } from "./names";
import type { OrderVariant } from "./variants";
import { apiDelivery, DELIVERY_MESSAGES, deliveryFormFields, deliveryOfForm, requireLockerName } from "~/order/delivery-schema";
import type { Delivery } from "~/order/delivery";

/**
 * The order's validation, shared by the server (actions and the JSON API) and the
 * browser (conform's onValidate, loaded after hydration: ./details-validation.ts). The field
 * names alone are in ./form-fields.ts, free of zod. Messages are i18n keys of the "order" namespace,
 * translated where they are shown, so both sides say the same words in the page's language.
 */
export const MESSAGES = {
  required: "order:validation.required",
  declarationType: "order:validation.declarationType",
  email: "order:validation.email",
  phone: "order:validation.phone",
  postalCode: "order:validation.postalCode",
  date: "order:validation.date",
  dateAmbiguous: "order:validation.dateAmbiguous",
  dateRange: "order:validation.dateRange",
  tooLong: "order:validation.tooLong",
  latinName: "order:validation.latinName",
  coResidentName: "order:validation.coResidentName",
  coResidentLine: "order:validation.coResidentLine",
  originalName: "order:validation.originalName",
  coResidentsTooMany: "order:validation.coResidentsTooMany",
  nonLatinLetters: "order:validation.nonLatinLetters",
  language: "order:validation.language",
  rentalPeriod: "order:validation.rentalPeriod",
  controlCharacters: "order:validation.controlCharacters",
  controlCharactersMultiline: "order:validation.controlCharactersMultiline",
  dataProcessingConsent: "order:validation.dataProcessingConsent",
  acceptTerms: "order:validation.acceptTerms",
  immediatePerformanceConsent: "order:validation.immediatePerformanceConsent",
  addressLater: "order:validation.addressLater",
  ...DELIVERY_MESSAGES,
} as const;

const MESSAGE_KEYS: ReadonlySet<string> = new Set([...Object.values(MESSAGES), ...Object.values(INVOICE_MESSAGES)]);

/** Whether a validation issue's message is one of ours (an i18n key), rather than a library's default text. */
export function isMessageKey(message: string): boolean {
  return MESSAGE_KEYS.has(message);
}

/** A phone number: 9 to 15 digits, written with spaces, "+", "-" or parentheses as people do. */
export const PHONE_DIGITS = { min: 9, max: 15 } as const;
/** How far from today the planned start of the rental may be, either way. */
export const START_DATE_RANGE_DAYS = 366;
const NAME_MAX = 200;
/** Art. 19a(2)(3) covers the tenant and the persons living with them; the form takes up to this many. */
export const MAX_CO_RESIDENTS = 5;
const ADDRESS_MAX = 300;
const INFO_MAX = 2000;

/**
 * Text that must be there, on one line: empty or blank is "Required field"; `invalidType` is for a
 * JSON body's number or object. Control and bidi characters are refused (~/forms/control-characters).
 */
const requiredText = (max: number, invalidType: string = MESSAGES.required) =>
  z
    .string({ required_error: MESSAGES.required, invalid_type_error: invalidType })
    .trim()
    // First, so a pasted line break is named rather than "too long".
    .regex(SINGLE_LINE_TEXT, MESSAGES.controlCharacters)
    .min(1, MESSAGES.required)
    .max(max, MESSAGES.tooLong);

// Text with a control character already has its own message: one message a problem.
const latinName = requiredText(NAME_MAX).refine((value) => !SINGLE_LINE_TEXT.test(value) || isLatinName(value), MESSAGES.latinName);
/** A name in its original spelling (Cyrillic, say), shown beside the Latin one; optional. */
const optionalName = z
  .string({ invalid_type_error: MESSAGES.required })
  .trim()
  .regex(SINGLE_LINE_TEXT, MESSAGES.controlCharacters)
  .max(NAME_MAX, MESSAGES.tooLong)
  .refine((value) => value === "" || !SINGLE_LINE_TEXT.test(value) || isOriginalName(value), MESSAGES.originalName)
  .optional()
  .transform((value) => (value ? value : null));
/** One person a line, blank lines ignored: a Latin name, and its original spelling in brackets when given. */
const coResidents = z
  .string({ invalid_type_error: MESSAGES.required })
  .regex(MULTI_LINE_TEXT, MESSAGES.controlCharactersMultiline)
  .max((NAME_MAX * 2 + 4) * MAX_CO_RESIDENTS, MESSAGES.tooLong)
  .optional()
  .transform((value, context): CoResident[] => {
    const lines = (value ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length > MAX_CO_RESIDENTS) {
      context.addIssue({ code: "custom", message: MESSAGES.coResidentsTooMany });
      return [];
    }
    const people = lines.map((line) => coResidentOfLine(line, NAME_MAX));
    if (people.includes(null)) context.addIssue({ code: "custom", message: MESSAGES.coResidentLine });
    return people.filter((person) => person !== null);
  });
/** A co-resident in the JSON API: the Latin name alone, or `{imie_nazwisko, imie_nazwisko_oryginalne}`. */
const apiCoResident = z
  .preprocess(
    (value) => (typeof value === "string" ? { imie_nazwisko: value } : value),
    z.object({ imie_nazwisko: latinName, imie_nazwisko_oryginalne: optionalName }, { invalid_type_error: MESSAGES.coResidentName }),
  )
  .transform((person): CoResident => ({ name: person.imie_nazwisko, original: person.imie_nazwisko_oryginalne }));

const declarationType = z.enum(DECLARATION_TYPES, { errorMap: () => ({ message: MESSAGES.declarationType }) });
const email = requiredText(254, MESSAGES.email).pipe(z.string().email(MESSAGES.email));
const phone = requiredText(30, MESSAGES.phone).refine((value) => {
  if (!/^[\d\s+()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}, MESSAGES.phone);
/** A Polish postal code, NN-NNN; typed without the hyphen ("70250", "70 250": a phone's number pad has none), it is added. */
const postalCode = requiredText(20)
  .transform((value) => value.replace(/^(\d{2})\s*[-–—\s]?\s*(\d{3})$/u, "$1-$2"))
  .refine((value) => /^\d{2}-\d{3}$/.test(value), MESSAGES.postalCode);

/**
 * The customer's fields as the order form checks them, for the back office's correction form:
 * a corrected postcode or name must pass what the customer's would have (the label prints it).
 */
export const CUSTOMER_FIELD_RULES = {
  latinName,
  email,
  phone,
  street: requiredText(ADDRESS_MAX),
  postalCode,
  city: requiredText(NAME_MAX),
} as const;

/** The rented flat's address in three fields: the order form's, and the order page's for an address given later (docs/decisions/091). */
export const PROPERTY_ADDRESS_RULES = {
  propertyAddress: requiredText(ADDRESS_MAX),
  propertyPostalCode: postalCode,
  propertyCity: requiredText(NAME_MAX),
} as const;

/** Checked against the day of validation, not of the schema's creation: the schema is built once. */
function isNearToday(isoDate: string): boolean {
  const days = Math.abs(Date.parse(`${isoDate}T12:00:00Z`) - Date.now()) / 86_400_000;
  return days <= START_DATE_RANGE_DAYS;
}

/** Long enough for a month written out ("2 października 2026 r."); ./dates.ts says which ways of writing a day are read. */
const DATE_MAX = 40;
const startDate = requiredText(DATE_MAX).transform((value, context) => {
  const reading = readDate(value);
  if ("problem" in reading) {
    context.addIssue({ code: "custom", message: reading.problem === "ambiguous" ? MESSAGES.dateAmbiguous : MESSAGES.date });
    return value;
  }
  if (!isNearToday(reading.iso)) context.addIssue({ code: "custom", message: MESSAGES.dateRange });
  return reading.iso;
});
const optionalText = z
  .string({ invalid_type_error: MESSAGES.required })
  .trim()
  .regex(MULTI_LINE_TEXT, MESSAGES.controlCharactersMultiline)
  .max(INFO_MAX, MESSAGES.tooLong)
  .optional()
  .transform((value) => (value ? value : null));
const consent = (message: string) => z.literal(true, { errorMap: () => ({ message }) });

/** What the contract and the order record need, whichever form or API it came from. */
export type OrderDetails = {
  declarationType: DeclarationType;
  /** As in the passport, in Latin letters: the form the Polish text uses. */
  tenantName: string;
  /** The same name in its original script (Cyrillic, say), when given; shown beside the Latin form. */
  tenantNameOriginal: string | null;
  /** The persons who will live with the tenant (art. 19a(2)(3)), each in Latin letters with the original beside; none is fine. */
  coResidents: CoResident[];
  landlordName: string | null;
  /** YYYY-MM-DD, the planned start of the rental (variant 1 only). */
  startDate: string | null;
  email: string;
  phone: string;
  /** The rented flat the tenant may be evicted from, as one line; '' for an order placed before the flat is found (`addressLater`). */
  propertyAddress: string;
  /** Where the signed declaration is sent, as one line. */
  mailingAddress: string;
  /** The separate parts when a form sent them (the JSON API sends one line). */
  propertyParts: PostalAddress | null;
  mailingParts: PostalAddress | null;
  additionalInfo: string | null;
  rentalPeriodDays: number | null;
  /** The consumer asked to start before the 14-day withdrawal period ends (art. 38 pkt 1); false until the accept step. */
  immediatePerformanceRequested: boolean;
  /** An invoice asked for with the order (app/invoices); absent or null: none. */
  invoice?: InvoiceRequest | null;
  /** Ordered before the flat is found: its address comes later, on the order's page (docs/decisions/091); absent: false. */
  addressLater?: boolean;
  /** By courier to the mailing address when absent (every order before parcel lockers, and while they are not offered). */
  delivery?: Delivery;
};

export type OrderStage = "details" | "accept";

/**
 * The form schema of a variant. Stage "details" is the first step (the customer's data);
 * stage "accept" adds the two checkboxes of the preview, both required to order.
 * The output is the same OrderDetails shape for both variants.
 */
export function orderFormSchema(variant: OrderVariant, stage: OrderStage) {
  const key = `${variant.pageId}:${stage}`;
  let schema = formSchemas.get(key);
  if (!schema) {
    schema = buildOrderFormSchema(variant, stage);
    formSchemas.set(key, schema);
  }
  return schema;
}
/** Built once per variant and stage: a zod schema holds no request state (dates are checked at validation time). */
const formSchemas = new Map<string, ReturnType<typeof buildOrderFormSchema>>();

function buildOrderFormSchema(variant: OrderVariant, stage: OrderStage) {
  const shape: Record<string, z.ZodTypeAny> = {
    [variant.names.declarationType]: declarationType,
    tenantName: latinName,
    tenantNameOriginal: optionalName,
    coResidents,
    email,
    [variant.names.phone]: phone,
    addressLater: z.boolean().optional(),
    // Optional only with "addressLater" and all three left empty (requirePropertyAddress).
    propertyAddress: PROPERTY_ADDRESS_RULES.propertyAddress.optional(),
    propertyPostalCode: PROPERTY_ADDRESS_RULES.propertyPostalCode.optional(),
    propertyCity: PROPERTY_ADDRESS_RULES.propertyCity.optional(),
    mailingAddress: requiredText(ADDRESS_MAX),
    mailingPostalCode: postalCode,
    mailingCity: requiredText(NAME_MAX),
    dataProcessingConsent: consent(MESSAGES.dataProcessingConsent),
    ...invoiceFormShape,
    ...deliveryFormFields,
  };
  if (variant.hasLandlordName) shape.landlordName = latinName;
  if (variant.hasStartDate) shape.startDate = startDate;
  if (variant.hasAdditionalInfo) shape.additionalInfo = optionalText;
  if (stage === "accept") {
    shape.acceptTerms = consent(MESSAGES.acceptTerms);
    // A free choice: unticked, the order is placed and the work starts after the withdrawal period.
    shape.immediatePerformanceConsent = z.boolean().optional();
  }
  return z
    .preprocess(
      (input, context) => requirePropertyAddress(checkInvoiceFormFields(input, context), context),
      z.object(shape).superRefine(requireLockerName),
    )
    .transform((value): OrderDetails => {
      const text = (name: string) => value[name] as string;
      const addressLater = propertyAddressLeftForLater(value);
      const propertyParts = addressLater
        ? null
        : { street: text("propertyAddress"), postalCode: text("propertyPostalCode"), city: text("propertyCity") };
      const mailingParts = { street: text("mailingAddress"), postalCode: text("mailingPostalCode"), city: text("mailingCity") };
      return {
        declarationType: value[variant.names.declarationType] as DeclarationType,
        tenantName: text("tenantName"),
        tenantNameOriginal: (value.tenantNameOriginal as string | null) ?? null,
        coResidents: (value.coResidents as CoResident[] | undefined) ?? [],
        landlordName: variant.hasLandlordName ? text("landlordName") : null,
        startDate: variant.hasStartDate ? text("startDate") : null,
        email: text("email"),
        phone: text(variant.names.phone),
        propertyAddress: propertyParts ? formatAddress(propertyParts) : "",
        mailingAddress: formatAddress(mailingParts),
        propertyParts,
        mailingParts,
        addressLater,
        additionalInfo: variant.hasAdditionalInfo ? ((value.additionalInfo as string | null) ?? null) : null,
        rentalPeriodDays: variant.rentalPeriodDays,
        immediatePerformanceRequested: value.immediatePerformanceConsent === true,
        invoice: invoiceRequestOfForm(value),
        delivery: deliveryOfForm(value),
      };
    });
}

const PROPERTY_FIELDS = ["propertyAddress", "propertyPostalCode", "propertyCity"] as const;

/** The box "Nie mam jeszcze adresu mieszkania" ticked and none of the flat's three fields typed: the address comes later. */
function propertyAddressLeftForLater(value: Record<string, unknown>): boolean {
  return (value.addressLater === true || value.addressLater === "on") && PROPERTY_FIELDS.every((name) => isBlank(value[name]));
}

const isBlank = (field: unknown) => field === undefined || (typeof field === "string" && field.trim() === "");

/**
 * The flat's address is required, unless the customer ticked "address later" and left all three fields empty. A part
 * typed with the box ticked is checked as usual, and the rest are then required too: a half address is never dropped.
 * Checked on the posted values, before the fields' own rules, so a missing part is named together with every other
 * problem of the form (a refinement of the object would wait until the rest is right).
 */
function requirePropertyAddress(input: unknown, context: z.RefinementCtx): unknown {
  if (!input || typeof input !== "object") return input;
  const posted = input as Record<string, unknown>;
  if (propertyAddressLeftForLater(posted)) return input;
  for (const name of PROPERTY_FIELDS)
    if (isBlank(posted[name])) context.addIssue({ code: "custom", path: [name], message: MESSAGES.required });
  return input;
}

/**
 * The JSON API body (POST /api/preview and /api/accept), with its Polish names. A body with
 * `okres_najmu_dni: 90` is a variant-2 order: no landlord name or date is required.
 * Bodies written for the old site work unchanged: the consent fields are optional booleans.
 */
export function apiSchema(stage: OrderStage) {
  let schema = apiSchemas.get(stage);
  if (!schema) {
    schema = buildApiSchema(stage);
    apiSchemas.set(stage, schema);
  }
  return schema;
}
const apiSchemas = new Map<OrderStage, ReturnType<typeof buildApiSchema>>();

function buildApiSchema(stage: OrderStage) {
  const base = z.object({
    // The original site took any text here; unchanged clients keep working unless a letter of
    // another script would land in the Polish text (docs/decisions/031).
    imie_nazwisko_najemcy: requiredText(NAME_MAX).refine((value) => !hasNonLatinLetter(value), MESSAGES.nonLatinLetters),
    imie_nazwisko_najemcy_oryginalne: optionalName,
    osoby_wspolzamieszkujace: z
      .array(apiCoResident, { invalid_type_error: MESSAGES.coResidentName })
      .max(MAX_CO_RESIDENTS, MESSAGES.coResidentsTooMany)
      .optional(),
    imie_nazwisko_wynajmujacego: requiredText(NAME_MAX)
      .refine((value) => !hasNonLatinLetter(value), MESSAGES.nonLatinLetters)
      .optional(),
    email,
    telefon: phone,
    adres_najemcy: requiredText(ADDRESS_MAX * 2),
    // Optional only with adres_lokalu_pozniej: true (docs/decisions/091); a client that sends both gets an order with the address.
    adres_eksmisji: requiredText(ADDRESS_MAX * 2).optional(),
    adres_lokalu_pozniej: z.boolean({ invalid_type_error: MESSAGES.addressLater }).optional(),
    rodzaj_oswiadczenia: declarationType,
    data_zawarcia: startDate.optional(),
    dodatkowe_informacje: optionalText.nullable(),
    okres_najmu_dni: z.literal(90, { errorMap: () => ({ message: MESSAGES.rentalPeriod }) }).optional(),
    // Its own message: zod's default one repeats the value sent, which is no message key.
    jezyk: z.enum(LOCALES, { errorMap: () => ({ message: MESSAGES.language }) }).optional(),
    // The API call is the client's acceptance: the partner's own page collected the ticks. The
    // consents are optional here, and the immediate start is recorded only when asked for.
    zgoda_na_przetwarzanie_danych: z.boolean({ invalid_type_error: MESSAGES.dataProcessingConsent }).optional(),
    akceptacja_warunkow: z.boolean({ invalid_type_error: MESSAGES.acceptTerms }).optional(),
    zgoda_na_natychmiastowe_wykonanie: z.boolean({ invalid_type_error: MESSAGES.immediatePerformanceConsent }).optional(),
    faktura: invoiceApiField,
    paczkomat: apiDelivery,
  });
  return base
    .superRefine((body, ctx) => {
      if (body.adres_eksmisji === undefined && body.adres_lokalu_pozniej !== true)
        ctx.addIssue({ code: "custom", path: ["adres_eksmisji"], message: MESSAGES.required });
      if (body.okres_najmu_dni !== undefined) return;
      if (body.imie_nazwisko_wynajmujacego === undefined)
        ctx.addIssue({ code: "custom", path: ["imie_nazwisko_wynajmujacego"], message: MESSAGES.required });
      if (body.data_zawarcia === undefined) ctx.addIssue({ code: "custom", path: ["data_zawarcia"], message: MESSAGES.required });
    })
    .transform((body): OrderDetails => ({
      declarationType: body.rodzaj_oswiadczenia,
      tenantName: body.imie_nazwisko_najemcy,
      tenantNameOriginal: body.imie_nazwisko_najemcy_oryginalne ?? null,
      coResidents: body.osoby_wspolzamieszkujace ?? [],
      landlordName: body.okres_najmu_dni === undefined ? (body.imie_nazwisko_wynajmujacego ?? null) : null,
      startDate: body.okres_najmu_dni === undefined ? (body.data_zawarcia ?? null) : null,
      email: body.email,
      phone: body.telefon,
      propertyAddress: body.adres_eksmisji ?? "",
      mailingAddress: body.adres_najemcy,
      propertyParts: null,
      mailingParts: null,
      addressLater: body.adres_eksmisji === undefined,
      additionalInfo: body.dodatkowe_informacje ?? null,
      rentalPeriodDays: body.okres_najmu_dni ?? null,
      immediatePerformanceRequested: stage === "accept" && body.zgoda_na_natychmiastowe_wykonanie === true,
      invoice: body.faktura ?? null,
      ...(body.paczkomat ? { delivery: { method: "locker" as const, point: body.paczkomat, address: null } } : {}),
    }));
}
