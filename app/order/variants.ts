/**
 * The two order forms differ only in data: field names, which fields exist, how the
 * preview is shown and which strings head the page. Everything else (schema rules,
 * contract, service, table) is shared. Variant 2 (/umowa-automatyczna) mirrors the
 * older Polish form of the site we replace, whose field names (rodzaj_oswiadczenia, telefon) the
 * JSON API keeps.
 */
export type OrderVariantId = "standard" | "automatic";

export type OrderVariant = {
  id: OrderVariantId;
  /** The route-table page that shows this variant. */
  pageId: "order" | "orderAutomatic";
  /** Form field names that differ between the variants: the automatic form keeps the old form's Polish names. */
  names: { declarationType: "declarationType" | "rodzaj_oswiadczenia"; phone: "phone" | "telefon" };
  hasLandlordName: boolean;
  hasStartDate: boolean;
  hasAdditionalInfo: boolean;
  /** Variant 2 marks required labels with "*". */
  markRequired: boolean;
  /** Variant 2 shows the preview as its own full "Podgląd umowy" page instead of a box. */
  fullPagePreview: boolean;
  /** A fixed rental period written into the contract: 90 days, the automatic form only. */
  rentalPeriodDays: number | null;
  /** i18n keys (namespace "order") of the page's heading and lead. */
  headingKey: string;
  leadKey: string;
  /** i18n key (namespace "order") of the message shown when the preview call fails on the network. */
  previewNetworkErrorKey: string;
};

export const STANDARD_VARIANT: OrderVariant = {
  id: "standard",
  pageId: "order",
  names: { declarationType: "declarationType", phone: "phone" },
  hasLandlordName: true,
  hasStartDate: true,
  hasAdditionalInfo: false,
  markRequired: false,
  fullPagePreview: false,
  rentalPeriodDays: null,
  headingKey: "heading",
  leadKey: "lead",
  previewNetworkErrorKey: "errors.previewNetwork",
};

export const AUTOMATIC_VARIANT: OrderVariant = {
  id: "automatic",
  pageId: "orderAutomatic",
  names: { declarationType: "rodzaj_oswiadczenia", phone: "telefon" },
  hasLandlordName: false,
  hasStartDate: false,
  hasAdditionalInfo: true,
  markRequired: true,
  fullPagePreview: true,
  rentalPeriodDays: 90,
  headingKey: "automatic.heading",
  leadKey: "automatic.lead",
  previewNetworkErrorKey: "errors.previewNetworkShort",
};

/** The variant a route-table page shows; any other page is not an order page. */
export function variantOfPage(pageId: string | undefined): OrderVariant | null {
  return [STANDARD_VARIANT, AUTOMATIC_VARIANT].find((variant) => variant.pageId === pageId) ?? null;
}
