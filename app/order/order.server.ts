import { coResidentsOfOrder } from "./co-residents";
import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import type { OrderRow } from "~/db/schema";
import { company, env } from "~/config/env.server";
import { getFixedT } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";
import { CONTRACT_VERSION, contractDocument, contractText, type ContractDocument } from "./contract";
import { CURRENCY } from "~/config/products";
import { orderPriceGrosze } from "./address-later";
import type { Delivery } from "~/order/delivery";
import type { OrderDetails } from "./schema";
import { issueOrderToken } from "./preview-token.server";
import type { OrderVariantId } from "./variants";
import { searchColumns } from "./search-text";
import { enqueueMessages } from "~/outbox/outbox.server";
import { findRequest, recordRequestIn } from "./invoice-request.server";
import type { InvoiceRequest } from "~/order/invoice-request";
import { orderNumber } from "./order-number";
import { currentDeclarationCode } from "./declaration-code.server";

/**
 * The order service, shared by the two forms and the JSON API.
 * - preview: stores nothing, so no personal data is kept before the customer accepts; it only issues the one-time token.
 * - accept: writes the order once per idempotency key and tells the caller whether this
 *   call created it, so a Purchase event can be reported for new orders only.
 */
export type Preview = { token: string };

export function previewOrder(now: Date = new Date()): Preview {
  return { token: issueOrderToken(now) };
}

/**
 * The agreement in the order's language and, for en/uk/ru, the binding Polish text shown
 * beside it (the terms say the Polish version binds). Both are stored with the order.
 */
export type AgreementTexts = { document: ContractDocument; binding: ContractDocument | null };

export async function buildAgreement(details: OrderDetails, locale: Locale, date: Date): Promise<AgreementTexts> {
  const settings = { paymentDeadlineDays: env.PAYMENT_DEADLINE_DAYS, addressLaterGrosze: env.PRICE_ADDRESS_LATER };
  const document = contractDocument({ details, company, locale, date, ...settings, t: await getFixedT(locale, "order") });
  const binding =
    locale === "pl" ? null : contractDocument({ details, company, locale: "pl", date, ...settings, t: await getFixedT("pl", "order") });
  return { document, binding };
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

type Writer = AppDatabase | Transaction<Database>;
/** What a new order sends: the customer's confirmation with the agreement, and the operator's notice. */
const ORDER_MESSAGES = ["order_confirmation", "operator_new_order"] as const;

/** Several writers may read the same "next" number; the loser reads again, this many times at most. */
const MAX_NUMBER_ATTEMPTS = 100;

async function nextNumberSeq(db: Writer, year: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.max("number_seq").as("last"))
    .where("number_year", "=", year)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

function isNumberTaken(error: unknown): boolean {
  return isUniqueViolation(error, "orders", ["number_year", "number_seq"]) || isUniqueViolation(error, "orders", ["number"]);
}

export async function findOrderByIdempotencyKey(db: AppDatabase, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

export async function acceptOrder(db: AppDatabase, input: AcceptInput): Promise<AcceptResult> {
  const existing = await findOrderByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return { order: existing, created: false };

  const now = input.now ?? new Date();
  const timestamp = now.toISOString();
  const year = now.getUTCFullYear();
  const { details } = input;
  const agreement = await buildAgreement(details, input.locale, now);
  const coResidents = details.coResidents.length > 0 ? JSON.stringify(details.coResidents) : null;
  // Numbers run per year. Several writers (instances on PostgreSQL) can read the same
  // "next" number; UNIQUE (number_year, number_seq) lets one win, and the others start
  // their transaction again with a fresh number. A failed insert leaves no gap.
  for (let attempt = 1; ; attempt++) {
    try {
      // The order and its two e-mails are written together or not at all (the outbox).
      const order = await db.transaction().execute(async (trx) => {
        const seq = await nextNumberSeq(trx, year);
        const number = orderNumber(year, seq);
        const row = await trx
          .insertInto("orders")
          .values({
            number,
            number_year: year,
            number_seq: seq,
            payment_token: randomBytes(24).toString("base64url"),
            idempotency_key: input.idempotencyKey,
            variant: input.variant,
            channel: input.channel,
            locale: input.locale,
            declaration_type: details.declarationType,
            price_grosze: orderPriceGrosze(details.declarationType, details.addressLater === true, env.PRICE_ADDRESS_LATER),
            currency: CURRENCY,
            tenant_name: details.tenantName,
            tenant_name_original: details.tenantNameOriginal,
            co_residents: coResidents,
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
            address_pending: details.addressLater ? 1 : 0,
            ...deliveryColumns(details.delivery),
            data_processing_consent_at: input.dataProcessingConsentAt.toISOString(),
            terms_accepted_at: timestamp,
            immediate_performance_consent_at: details.immediatePerformanceRequested ? timestamp : null,
            contract_text: contractText(agreement.document),
            contract_text_binding: agreement.binding ? contractText(agreement.binding) : null,
            contract_version: CONTRACT_VERSION,
            created_at: timestamp,
            updated_at: timestamp,
            ...searchColumns({
              number,
              tenant_name: details.tenantName,
              tenant_name_original: details.tenantNameOriginal,
              co_residents: coResidents,
              landlord_name: details.landlordName,
              email: details.email,
              phone: details.phone,
              mailing_address: details.mailingAddress,
              property_address: details.propertyAddress,
            }),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await enqueueMessages(trx, row.id, ORDER_MESSAGES, now);
        await currentDeclarationCode(trx, row.id, timestamp);
        if (details.invoice) await recordRequestIn(trx, row.id, details.invoice, "order", now);
        return row;
      });
      return { order, created: true };
    } catch (error) {
      // Another request with the same key won the race: answer with its order.
      if (isUniqueViolation(error, "orders", ["idempotency_key"])) {
        const winner = await findOrderByIdempotencyKey(db, input.idempotencyKey);
        if (winner) return { order: winner, created: false };
      }
      if (isNumberTaken(error) && attempt < MAX_NUMBER_ATTEMPTS) continue;
      throw error;
    }
  }
}

/**
 * Whether an order already written holds the same data as a new request: an API client
 * that reuses an Idempotency-Key for another order must be told, not sent to the old one.
 */
export function holdsSameOrder(order: OrderRow, askedInvoice: InvoiceRequest | null, details: OrderDetails, locale: Locale): boolean {
  const invoice = details.invoice ?? null;
  return (
    order.locale === locale &&
    (askedInvoice === null || invoice === null
      ? askedInvoice === invoice
      : askedInvoice.buyerName === invoice.buyerName &&
        askedInvoice.buyerAddress === invoice.buyerAddress &&
        askedInvoice.nip === invoice.nip) &&
    order.declaration_type === details.declarationType &&
    order.tenant_name === details.tenantName &&
    (order.tenant_name_original ?? null) === details.tenantNameOriginal &&
    JSON.stringify(coResidentsOfOrder(order)) === JSON.stringify(details.coResidents) &&
    order.landlord_name === details.landlordName &&
    order.start_date === details.startDate &&
    order.email === details.email &&
    order.phone === details.phone &&
    // An address-later order stays the same order once its address is given on the order's page.
    (details.addressLater
      ? order.address_pending === 1 || order.address_given_at !== null
      : order.address_given_at === null && order.property_address === details.propertyAddress) &&
    order.mailing_address === details.mailingAddress &&
    order.additional_info === details.additionalInfo &&
    order.rental_period_days === details.rentalPeriodDays &&
    order.delivery_method === (details.delivery?.method ?? "courier") &&
    order.locker_name === (details.delivery?.method === "locker" ? details.delivery.point : null)
  );
}

/**
 * The invoice asked for with the order itself, for `holdsSameOrder`; one asked for later (on the
 * customer's page or by the operator) is not part of the order the client sent.
 */
export async function invoiceAskedWithOrder(db: AppDatabase, orderId: number): Promise<InvoiceRequest | null> {
  const request = await findRequest(db, orderId);
  return request?.requested_via === "order"
    ? { buyerName: request.buyer_name, buyerAddress: request.buyer_address, nip: request.buyer_nip }
    : null;
}

/** The order's delivery columns (docs/decisions/048): the courier unless a locker was chosen. */
function deliveryColumns(delivery: Delivery | undefined) {
  return delivery?.method === "locker"
    ? {
        delivery_method: "locker" as const,
        locker_name: delivery.point,
        locker_address: delivery.address,
        locker_description: delivery.description ?? null,
        locker_open_247: delivery.open247 === undefined ? null : Number(delivery.open247),
      }
    : { delivery_method: "courier" as const, locker_name: null, locker_address: null, locker_description: null, locker_open_247: null };
}

/** The payment page's path for an order, in the language the visitor ordered in. */
export function paymentPath(order: Pick<OrderRow, "payment_token" | "locale">): string {
  return pathFor("payment", order.locale, { token: order.payment_token });
}
