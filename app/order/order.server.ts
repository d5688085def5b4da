import { randomBytes } from "node:crypto";
import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import { company } from "~/config/env.server";
import { translatorFor } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";
import { CONTRACT_VERSION, contractText, type Translate } from "./contract";
import { CURRENCY, PRODUCTS } from "./pricing";
import type { OrderDetails } from "./schema";
import { issueOrderToken } from "./token.server";
import type { OrderVariantId } from "./variants";

/**
 * The order service, shared by the two forms and the JSON API.
 * - preview: stores nothing (PRODUCT.md principle 3); it only issues the one-time token.
 * - accept: writes the order once per idempotency key and tells the caller whether this
 *   call created it, so a Purchase event can be reported for new orders only.
 */
export type Preview = { token: string };

export function previewOrder(now: Date = new Date()): Preview {
  // A Lead event (tracking) belongs here, after a successful preview.
  return { token: issueOrderToken(now) };
}

export type AcceptInput = {
  details: OrderDetails;
  variant: OrderVariantId;
  channel: "form" | "api";
  locale: Locale;
  /** The preview's one-time token, or the API's Idempotency-Key (namespaced by the caller). */
  idempotencyKey: string;
  /** When the data-processing consent was given (the preview's time for the forms). */
  dataProcessingConsentAt: Date;
  now?: Date;
};

export type AcceptResult = { order: OrderRow; created: boolean };

const ORDER_PREFIX = "AE";

/** Enough for dozens of simultaneous writers; each lost race costs one extra INSERT. */
const MAX_NUMBER_ATTEMPTS = 100;

/** The year's highest number plus one; racing writers may read the same value (see below). */
async function nextNumberSeq(db: AppDatabase, year: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.max("number_seq").as("last"))
    .where("number_year", "=", year)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

function isNumberTaken(error: unknown): boolean {
  return (
    isUniqueViolation(error, "orders", ["number_year", "number_seq"]) ||
    isUniqueViolation(error, "orders", ["number"])
  );
}

export async function findOrderByIdempotencyKey(
  db: AppDatabase,
  key: string
): Promise<OrderRow | undefined> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export async function acceptOrder(
  db: AppDatabase,
  input: AcceptInput
): Promise<AcceptResult> {
  const existing = await findOrderByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return { order: existing, created: false };

  const now = input.now ?? new Date();
  const timestamp = now.toISOString();
  const year = now.getUTCFullYear();
  const { details } = input;
  const t: Translate = await translatorFor(input.locale, "order");
  const contract = contractText({
    details,
    company,
    locale: input.locale,
    date: now,
    t,
  });

  // Numbers run per year. Several writers (instances, or requests on PostgreSQL) can read the
  // same "next" number; the UNIQUE (number_year, number_seq) constraint lets one win and the
  // others read again and retry. A failed insert leaves no gap-filling to do: numbers may
  // skip only if an order row is ever deleted, which nothing does.
  for (let attempt = 1; ; attempt++) {
    const seq = await nextNumberSeq(db, year);
    try {
      const order = await db
        .insertInto("orders")
        .values({
          number: `${ORDER_PREFIX}-${year}-${String(seq).padStart(6, "0")}`,
          number_year: year,
          number_seq: seq,
          payment_token: randomBytes(24).toString("base64url"),
          idempotency_key: input.idempotencyKey,
          variant: input.variant,
          channel: input.channel,
          locale: input.locale,
          declaration_type: details.declarationType,
          price_grosze: PRODUCTS[details.declarationType].priceGrosze,
          currency: CURRENCY,
          tenant_name: details.tenantName,
          landlord_name: details.landlordName,
          start_date: details.startDate,
          rental_period_days: details.rentalPeriodDays,
          email: details.email,
          phone: details.phone,
          property_address: details.propertyAddress,
          property_street: details.propertyParts?.street ?? null,
          property_postal_code: details.propertyParts?.postalCode ?? null,
          property_city: details.propertyParts?.city ?? null,
          mailing_address: details.mailingAddress,
          mailing_street: details.mailingParts?.street ?? null,
          mailing_postal_code: details.mailingParts?.postalCode ?? null,
          mailing_city: details.mailingParts?.city ?? null,
          additional_info: details.additionalInfo,
          data_processing_consent_at:
            input.dataProcessingConsentAt.toISOString(),
          terms_accepted_at: timestamp,
          immediate_performance_consent_at: timestamp,
          contract_text: contract,
          contract_version: CONTRACT_VERSION,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { order, created: true };
    } catch (error) {
      // Another request with the same key won the race: answer with its order.
      if (isUniqueViolation(error, "orders", ["idempotency_key"])) {
        const winner = await findOrderByIdempotencyKey(
          db,
          input.idempotencyKey
        );
        if (winner) return { order: winner, created: false };
      }
      if (isNumberTaken(error) && attempt < MAX_NUMBER_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** The payment page's path for an order, in the language the visitor ordered in. */
export function paymentPath(
  order: Pick<OrderRow, "payment_token" | "locale">
): string {
  return pathFor("payment", order.locale, { token: order.payment_token });
}

export type PaymentView = {
  number: string;
  status: OrderRow["status"];
  declarationType: OrderRow["declaration_type"];
  priceGrosze: number;
  createdAt: string;
};

/** What the payment page may show: no personal data, only what the transfer needs. */
export async function findPaymentView(
  db: AppDatabase,
  paymentToken: string
): Promise<PaymentView | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(paymentToken)) return null;
  const row = await db
    .selectFrom("orders")
    .select([
      "number",
      "status",
      "declaration_type",
      "price_grosze",
      "created_at",
    ])
    .where("payment_token", "=", paymentToken)
    .executeTakeFirst();
  return row
    ? {
        number: row.number,
        status: row.status,
        declarationType: row.declaration_type,
        priceGrosze: row.price_grosze,
        createdAt: row.created_at,
      }
    : null;
}
