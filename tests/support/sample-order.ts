import type { AppDatabase } from "~/db/db.server";
import type { Locale } from "~/i18n/locales";
import { acceptOrder } from "~/order/order.server";
import type { OrderDetails } from "~/order/schema";

/** A valid order as the JSON API receives it (variant 2: no landlord, no date, 90 days). */
export const SAMPLE_API_ORDER: OrderDetails = {
  declarationType: "regular",
  tenantName: "Jan Kowalski",
  tenantNameOriginal: null,
  coResidents: [],
  landlordName: null,
  startDate: null,
  email: "jan@example.com",
  phone: "600100200",
  propertyAddress: "ul. Długa 5/3, 70-001 Szczecin",
  mailingAddress: "ul. Krótka 1, 00-001 Warszawa",
  propertyParts: null,
  mailingParts: null,
  additionalInfo: null,
  rentalPeriodDays: 90,
  immediatePerformanceRequested: true,
};

/** Places the sample order (changed by `details`) through the API's path at `at`, for the database tests. */
export function placeSampleOrder(
  db: AppDatabase,
  at: Date,
  { details = {}, locale = "pl", idempotencyKey = "k" }: { details?: Partial<OrderDetails>; locale?: Locale; idempotencyKey?: string } = {},
) {
  return acceptOrder(db, {
    details: { ...SAMPLE_API_ORDER, ...details },
    variant: "automatic",
    channel: "api",
    locale,
    idempotencyKey,
    dataProcessingConsentAt: at,
    now: at,
  });
}
