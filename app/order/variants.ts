/**
 * The two order forms differ only in data: field names, which fields exist, how the
 * preview is shown. Everything else (schema rules, contract, service, table) is shared.
 * Variant 2 (/umowa-automatyczna) mirrors the older Polish form described in spec
 * sections 2 and 7.
 */
export type OrderVariantId = "standard" | "automatic";

export type OrderVariant = {
  id: OrderVariantId;
  /** Form field names that differ between the variants (spec section 3). */
  names: { declarationType: "declarationType" | "rodzaj_oswiadczenia"; phone: "phone" | "telefon" };
  hasLandlordName: boolean;
  hasStartDate: boolean;
  hasAdditionalInfo: boolean;
  /** Variant 2 marks required labels with "*" and shows prices in the type select. */
  markRequired: boolean;
  priceLabelsInSelect: boolean;
  /** Variant 2 shows the preview as its own full "Podgląd umowy" page instead of a box. */
  fullPagePreview: boolean;
  /** A fixed rental period written into the contract (spec section 9: 90 days, variant 2 only). */
  rentalPeriodDays: number | null;
  /** i18n key (namespace "order") of the connection error after a failed preview call (spec section 8). */
  previewNetworkErrorKey: string;
};

export const STANDARD_VARIANT: OrderVariant = {
  id: "standard",
  names: { declarationType: "declarationType", phone: "phone" },
  hasLandlordName: true,
  hasStartDate: true,
  hasAdditionalInfo: false,
  markRequired: false,
  priceLabelsInSelect: false,
  fullPagePreview: false,
  rentalPeriodDays: null,
  previewNetworkErrorKey: "errors.previewNetwork",
};

export const AUTOMATIC_VARIANT: OrderVariant = {
  id: "automatic",
  names: { declarationType: "rodzaj_oswiadczenia", phone: "telefon" },
  hasLandlordName: false,
  hasStartDate: false,
  hasAdditionalInfo: true,
  markRequired: true,
  priceLabelsInSelect: true,
  fullPagePreview: true,
  rentalPeriodDays: 90,
  previewNetworkErrorKey: "errors.previewNetworkShort",
};

export const VARIANTS: Record<OrderVariantId, OrderVariant> = { standard: STANDARD_VARIANT, automatic: AUTOMATIC_VARIANT };
