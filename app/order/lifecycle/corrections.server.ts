import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import { formatAddress, type PostalAddress } from "~/config/company";
import type { Database, MessageKind, OrderRow } from "~/db/schema";
import { searchColumns } from "~/order/search-text";
import { enqueueAgain } from "~/outbox/outbox.server";
import type { Invoicing } from "./invoicing";
import { auditOrder } from "./order-events.server";
import { resendableNow } from "./resendable";

/**
 * The operator's corrections that do not move an order's status. Each is ONE transaction: the
 * change, an audit row in order_events (status unchanged; the details say what, before, after
 * and why), and, where the customer must know, their e-mail through the outbox.
 */
export type CorrectionResult = { ok: true } | { ok: false; reason: "not-found" | "not-allowed" | "unchanged" | "not-current" };

/** The customer's data an operator may correct; the accepted agreement's text is never touched. */
export type CustomerData = {
  tenantName: string;
  email: string;
  phone: string;
  /** Street, postcode and city, as the order form takes them: the label is printed from these. */
  mailing: PostalAddress;
  /** null: the flat's address stays as it is (an order placed before the flat was found, whose customer gives it on the order page). */
  property: PostalAddress | null;
  landlordName: string | null;
};
/** What the audit trail and the customer's e-mail name as changed; an address is one field, as one line. */
type CorrectedField = "tenantName" | "email" | "phone" | "mailingAddress" | "propertyAddress" | "landlordName";
const CUSTOMER_COLUMNS = {
  tenantName: "tenant_name",
  email: "email",
  phone: "phone",
  mailingAddress: "mailing_address",
  propertyAddress: "property_address",
  landlordName: "landlord_name",
} as const satisfies Record<CorrectedField, keyof OrderRow>;

/** The corrected values as the order row holds them, by the field names the history uses. */
function correctedValues(data: CustomerData, order: OrderRow): Record<CorrectedField, string | null> {
  return {
    tenantName: data.tenantName,
    email: data.email,
    phone: data.phone,
    mailingAddress: formatAddress(data.mailing),
    propertyAddress: data.property ? formatAddress(data.property) : order.property_address,
    landlordName: data.landlordName,
  };
}

type Trx = Transaction<Database>;

async function inTransaction(
  db: AppDatabase,
  orderId: number,
  work: (trx: Trx, order: OrderRow) => Promise<CorrectionResult>,
): Promise<CorrectionResult> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" } as const;
    if (order.anonymised_at) return { ok: false, reason: "not-allowed" } as const;
    return work(trx, order);
  });
}

/** A typo in a name or an address: the changed fields, before and after, with the reason; the customer is told. */
export function correctCustomerData(
  db: AppDatabase,
  orderId: number,
  data: CustomerData,
  reason: string,
  operator: string,
  now: Date,
): Promise<CorrectionResult> {
  return inTransaction(db, orderId, async (trx, order) => {
    const values = correctedValues(data, order);
    const fields = (Object.keys(CUSTOMER_COLUMNS) as CorrectedField[]).filter(
      (field) => (order[CUSTOMER_COLUMNS[field]] ?? null) !== values[field],
    );
    if (fields.length === 0) return { ok: false, reason: "unchanged" } as const;
    const before = Object.fromEntries(fields.map((field) => [field, order[CUSTOMER_COLUMNS[field]]]));
    const after = Object.fromEntries(fields.map((field) => [field, values[field]]));
    const at = now.toISOString();
    await trx
      .updateTable("orders")
      .set({
        ...Object.fromEntries(fields.map((field) => [CUSTOMER_COLUMNS[field], values[field]])),
        ...(fields.includes("mailingAddress")
          ? { mailing_street: data.mailing.street, mailing_postal_code: data.mailing.postalCode, mailing_city: data.mailing.city }
          : {}),
        ...(fields.includes("propertyAddress") && data.property
          ? { property_street: data.property.street, property_postal_code: data.property.postalCode, property_city: data.property.city }
          : {}),
        ...searchColumns({
          ...order,
          tenant_name: data.tenantName,
          landlord_name: data.landlordName,
          email: data.email,
          phone: data.phone,
          mailing_address: values.mailingAddress,
          property_address: values.propertyAddress,
        }),
        updated_at: at,
      })
      .where("id", "=", orderId)
      .execute();
    await auditOrder(trx, order, operator, { action: "customer_data", reason, before, after }, now);
    await enqueueAgain(trx, orderId, "details_corrected", now, { fields });
    return { ok: true } as const;
  });
}

/** A mistyped tracking number, after dispatch: corrected, recorded, and the customer gets the right one. */
export function correctTracking(
  db: AppDatabase,
  orderId: number,
  tracking: { trackingNumber: string; courier: string | null },
  operator: string,
  now: Date,
): Promise<CorrectionResult> {
  return inTransaction(db, orderId, async (trx, order) => {
    if (order.status !== "dispatched") return { ok: false, reason: "not-allowed" } as const;
    if (order.tracking_number === tracking.trackingNumber && order.courier === tracking.courier)
      return { ok: false, reason: "unchanged" } as const;
    const at = now.toISOString();
    await trx
      .updateTable("orders")
      .set({ tracking_number: tracking.trackingNumber, courier: tracking.courier, updated_at: at })
      .where("id", "=", orderId)
      .execute();
    const before = { trackingNumber: order.tracking_number, courier: order.courier };
    await auditOrder(trx, order, operator, { action: "tracking", before, after: tracking }, now);
    await enqueueAgain(trx, orderId, "tracking_corrected", now, tracking);
    return { ok: true } as const;
  });
}

/** Money returned outside the gateway (a bank transfer back): how much and when; the customer is told, and the invoice corrected. */
export function recordRefund(
  db: AppDatabase,
  orderId: number,
  refundedGrosze: number,
  reason: string,
  operator: string,
  now: Date,
  invoicing: Invoicing,
): Promise<CorrectionResult> {
  return inTransaction(db, orderId, async (trx, order) => {
    if (!order.paid_at) return { ok: false, reason: "not-allowed" } as const;
    const recorded = await recordRefundIn(trx, order, refundedGrosze, { reason }, operator, now, invoicing);
    return recorded ? ({ ok: true } as const) : ({ ok: false, reason: "not-allowed" } as const);
  });
}

/**
 * Money returned, inside the caller's transaction (a transfer back, or an online refund of an order
 * already cancelled): the amount and date on the order, the audit row with the given facts, and the
 * customer's e-mail, and the invoice's correction (`invoicing`). False when a refund is already recorded.
 */
export async function recordRefundIn(
  trx: Trx,
  order: Pick<OrderRow, "id" | "status">,
  refundedGrosze: number,
  facts: Record<string, unknown>,
  operator: string,
  now: Date,
  invoicing: Invoicing,
): Promise<boolean> {
  const at = now.toISOString();
  const updated = await trx
    .updateTable("orders")
    .set({ refunded_grosze: refundedGrosze, refunded_at: at, updated_at: at })
    .where("id", "=", order.id)
    .where("refunded_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await auditOrder(trx, order, operator, { action: "refund", refundedGrosze, ...facts }, now);
  await enqueueAgain(trx, order.id, "refund_recorded", now, { refundedGrosze });
  await invoicing.correctOnRefund(trx, order.id, { now, issuedBy: operator });
  return true;
}

/** An internal note: the audit trail shows who wrote it and when; the customer never sees it. */
export async function addNote(db: AppDatabase, orderId: number, text: string, operator: string, now: Date): Promise<CorrectionResult> {
  return inTransaction(db, orderId, async (trx, order) => {
    await addNoteIn(trx, order.id, text, operator, now);
    return { ok: true } as const;
  });
}

/** The same note inside the caller's transaction (the refund form's internal note). */
export async function addNoteIn(trx: Trx, orderId: number, text: string, operator: string, now: Date): Promise<void> {
  await trx.insertInto("order_notes").values({ order_id: orderId, operator, text, at: now.toISOString() }).execute();
}

/**
 * Any e-mail the order has had, sent again as it is composed now (the order's current data and
 * status); one whose words the order's status now contradicts is refused (resendable.ts).
 */
export function resendMessage(db: AppDatabase, orderId: number, kind: MessageKind, operator: string, now: Date): Promise<CorrectionResult> {
  return inTransaction(db, orderId, async (trx, order) => {
    if (!resendableNow(kind, order)) return { ok: false, reason: "not-current" } as const;
    const message = await trx
      .selectFrom("outbox")
      .select(["id", "status"])
      .where("order_id", "=", orderId)
      .where("kind", "=", kind)
      .executeTakeFirst();
    // Queued or being sent: it goes out anyway, a second copy would only confuse.
    if (!message || (message.status !== "sent" && message.status !== "failed")) return { ok: false, reason: "not-allowed" } as const;
    await enqueueAgain(trx, orderId, kind, now, null);
    await auditOrder(trx, order, operator, { action: "resend", kind }, now);
    return { ok: true } as const;
  });
}

export async function notesOf(db: AppDatabase, orderId: number) {
  return db
    .selectFrom("order_notes")
    .select(["operator", "text", "at"])
    .where("order_id", "=", orderId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}
