import type { Expression, ExpressionBuilder, SqlBool, Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database, OrderStatus } from "~/db/schema";
import { searchColumns } from "~/order/search-text";
import { CANCEL_REASON_LABEL } from "./cancel-reasons";
import { objectOf } from "./event-details";
import { auditOrder } from "./order-events.server";
import { UNPAID_REASON } from "./order-transitions.server";

/** What stands where personal data was. */
export const REMOVED = "—";

/**
 * The facts of an audit row that name nobody: what was done, to which message, on which day, with
 * which amounts and through which payment. The number and amounts of the order stay too.
 */
const IMPERSONAL_DETAILS = [
  "action",
  "kind",
  "fields",
  "paidAt",
  "receivedGrosze",
  "refundedGrosze",
  "paidOnline",
  "paymentMethod",
  "gatewayOrderId",
  "reasonCode",
  "consentAt",
  "courier",
  "trackingNumber",
  "decision",
  "retainedGrosze",
] as const;

/**
 * An audit row's details without personal data: a correction keeps which fields it changed, not
 * their values before or after; a reason in the operator's own words (which may name or describe
 * the customer) is removed, a standard one or the deadline's stays. Who and when are the row's
 * own columns and are not touched.
 */
export function anonymisedDetails(details: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of IMPERSONAL_DETAILS) if (key in details) kept[key] = details[key];
  const changed = [details.after, details.before].find((side) => side && typeof side === "object");
  if (changed && !("fields" in kept)) kept.fields = Object.keys(changed);
  if ("reason" in details) {
    kept.reason = isStandardReason(details.reason) ? details.reason : REMOVED;
  }
  return kept;
}

/** The deadline's reason, or a standard one as stored (its Polish label); anything else was typed by a person. */
function isStandardReason(reason: unknown): boolean {
  return reason === UNPAID_REASON || Object.entries(CANCEL_REASON_LABEL).some(([code, label]) => code !== "own" && label === reason);
}

/**
 * Removes one order's personal data, in ONE transaction: its own fields (a cancellation reason in
 * the operator's own words among them); the audit trail's before/after values and typed reasons;
 * the internal notes' text (who wrote one, and when, stays); the e-mails' queued facts and errors
 * (an address the mail server refused is in them); an online refund's typed reason; the customer's
 * review (their words, name and city leave the home page with them); a replacement declaration's flat and
 * owner. Returns false when the order
 * was anonymised meanwhile.
 */
export async function anonymiseOrder(trx: Transaction<Database>, orderId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const order = await trx
    .selectFrom("orders")
    .select(["number", "cancel_reason"])
    .where("id", "=", orderId)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
  if (!order) return false;
  await trx
    .updateTable("orders")
    .set({
      tenant_name: REMOVED,
      tenant_name_original: null,
      co_residents: null,
      landlord_name: null,
      email: REMOVED,
      phone: REMOVED,
      property_address: REMOVED,
      property_street: null,
      property_postal_code: null,
      property_city: null,
      mailing_address: REMOVED,
      mailing_street: null,
      mailing_postal_code: null,
      mailing_city: null,
      additional_info: null,
      contract_text: REMOVED,
      contract_text_binding: null,
      withdrawal_decision_reason: null,
      cancel_reason: order.cancel_reason === null || isStandardReason(order.cancel_reason) ? order.cancel_reason : REMOVED,
      anonymised_at: at,
      updated_at: at,
      // The number stays findable; the names, contact and addresses go with the rest.
      ...searchColumns({ number: order.number, tenant_name: REMOVED, email: REMOVED, phone: REMOVED, anonymised_at: at }),
    })
    .where("id", "=", orderId)
    .execute();
  const events = await trx.selectFrom("order_events").select(["id", "details"]).where("order_id", "=", orderId).execute();
  for (const event of events) {
    if (event.details === null) continue;
    await trx
      .updateTable("order_events")
      .set({ details: JSON.stringify(anonymisedDetails(objectOf(event.details))) })
      .where("id", "=", event.id)
      .execute();
  }
  await trx.updateTable("order_notes").set({ text: REMOVED }).where("order_id", "=", orderId).execute();
  // Who an invoice was asked for goes; an issued invoice keeps its own copy, whole, as tax law requires (decision 044).
  await trx
    .updateTable("invoice_requests")
    .set({ buyer_name: REMOVED, buyer_address: REMOVED, buyer_nip: null })
    .where("order_id", "=", orderId)
    .execute();
  await trx.updateTable("outbox").set({ data: null, last_error: null }).where("order_id", "=", orderId).execute();
  await trx
    .updateTable("outbox_attempts")
    .set({ error: null })
    .where("message_id", "in", (eb) => eb.selectFrom("outbox").select("id").where("order_id", "=", orderId))
    .execute();
  await trx
    .updateTable("payments")
    .set({ refund_reason: REMOVED })
    .where("order_id", "=", orderId)
    .where("refund_reason", "is not", null)
    .execute();
  await trx.deleteFrom("reviews").where("order_id", "=", orderId).execute();
  // A replacement declaration's flat and its owner (docs/decisions/092) go with the order they were declared for;
  // the codes, their days and counts stay, naming nobody (the verification page answers an erased order as unknown).
  await trx
    .updateTable("declaration_codes")
    .set({ owner_name: REMOVED, flat_address: REMOVED, flat_city: null })
    .where("order_id", "=", orderId)
    .where("owner_name", "is not", null)
    .execute();
  await trx
    .updateTable("replacement_charges")
    .set({ owner_name: REMOVED, flat_address: REMOVED, flat_city: REMOVED })
    .where("order_id", "=", orderId)
    .execute();
  await anonymiseWithdrawals(trx, (eb) => eb("order_id", "=", orderId));
  await anonymiseStatementLines(trx, orderId);
  await eraseConversations(trx, [orderId], "order", at);
  return true;
}

/**
 * Conversations with the customer (app/messages, docs/decisions/085): each message's text goes
 * (body NULL, erased_at set), who wrote it and when stay; a contact thread loses its name and
 * address too. An answer's e-mail that has not left is not sent: there is no text and nobody to
 * send it to. `ids` are orders' ids for "order", conversations' ids for "contact".
 */
async function eraseConversations(trx: Transaction<Database>, ids: readonly number[], of: "order" | "contact", at: string): Promise<void> {
  if (ids.length === 0) return;
  const conversationIds =
    of === "contact"
      ? [...ids]
      : (
          await trx
            .selectFrom("conversations")
            .select("id")
            .where("order_id", "in", [...ids])
            .execute()
        ).map((row) => row.id);
  if (conversationIds.length === 0) return;
  if (of === "contact")
    await trx
      .updateTable("conversations")
      .set({ contact_name: null, contact_email: null, erased_at: at })
      .where("id", "in", conversationIds)
      .execute();
  const messageIds = (
    await trx.selectFrom("conversation_messages").select("id").where("conversation_id", "in", conversationIds).execute()
  ).map((row) => row.id);
  if (messageIds.length === 0) return;
  await trx
    .updateTable("conversation_messages")
    .set({ body: null, erased_at: at })
    .where("id", "in", messageIds)
    .where("erased_at", "is", null)
    .execute();
  await trx.updateTable("outbox").set({ last_error: null }).where("conversation_message_id", "in", messageIds).execute();
  await trx
    .updateTable("outbox")
    .set({ status: "failed" })
    .where("kind", "=", "conversation_answer")
    .where("status", "=", "pending")
    .where("conversation_message_id", "in", messageIds)
    .execute();
  await trx
    .updateTable("outbox_attempts")
    .set({ error: null })
    .where("message_id", "in", (eb) => eb.selectFrom("outbox").select("outbox.id").where("conversation_message_id", "in", messageIds))
    .execute();
}

/** The contact page's threads from `email` (as typed, compared without case), not erased yet: they go with an erasure on request. */
async function eraseContactThreadsFrom(trx: Transaction<Database>, email: string, at: string): Promise<void> {
  const key = email.trim().toLowerCase();
  const threads = await trx
    .selectFrom("conversations")
    .select(["id", "contact_email"])
    .where("order_id", "is", null)
    .where("erased_at", "is", null)
    .execute();
  const ids = threads.filter((thread) => (thread.contact_email ?? "").trim().toLowerCase() === key).map((thread) => thread.id);
  await eraseConversations(trx, ids, "contact", at);
}

/**
 * The contact page's threads whose last message is older than `cutoff` (the retention cutoff of
 * the orders' data): their texts, names and addresses go; the dates stay. Returns how many.
 */
export async function anonymiseExpiredContactThreads(db: AppDatabase, cutoff: string, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .selectFrom("conversations")
      .select("id")
      .where("order_id", "is", null)
      .where("erased_at", "is", null)
      .where("created_at", "<=", cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("conversation_messages")
              .select("conversation_messages.id")
              .whereRef("conversation_messages.conversation_id", "=", "conversations.id")
              .where("conversation_messages.created_at", ">", cutoff),
          ),
        ),
      )
      .execute();
    await eraseConversations(
      trx,
      expired.map((row) => row.id),
      "contact",
      now.toISOString(),
    );
    return expired.length;
  });
}

/** A line of the statement belongs to an order that still holds its data: while one does, the file is kept for the audit. */
const concernsAKeptOrder = ({ exists, selectFrom }: ExpressionBuilder<Database, "bank_statements">) =>
  exists(
    selectFrom("bank_statement_lines")
      .innerJoin("orders", "orders.id", "bank_statement_lines.order_id")
      .select("bank_statement_lines.id")
      .whereRef("bank_statement_lines.statement_id", "=", "bank_statements.id")
      .where("orders.anonymised_at", "is", null),
  );

/**
 * The order's transfers on bank statements (app/bank-statements, docs/decisions/079): a line keeps
 * its date, amount, currency, the bank's reference, what was decided and the order it belongs to,
 * as a line that concerns no order does; the payer's name, account and the title go. A statement's
 * file is kept for the back office's audit as long as the orders its lines belong to: when the
 * last of them is anonymised, its bytes go too. The order is anonymised already in `trx`.
 */
async function anonymiseStatementLines(trx: Transaction<Database>, orderId: number): Promise<void> {
  await trx
    .updateTable("bank_statement_lines")
    .set({ title: null, counterparty_name: null, counterparty_account: null })
    .where("order_id", "=", orderId)
    .execute();
  await trx
    .updateTable("bank_statements")
    .set({ content: null })
    .where("content", "is not", null)
    .where("id", "in", (eb) => eb.selectFrom("bank_statement_lines").select("statement_id").where("order_id", "=", orderId))
    .where((eb) => eb.not(concernsAKeptOrder(eb)))
    .execute();
}

/**
 * An erasure out of retention's course (on request, or again after a restore): the order
 * anonymised and, in the same transaction, a line in its history saying who and why. False when
 * the order was anonymised already, and then nothing is written.
 */
export async function eraseOrderIn(
  trx: Transaction<Database>,
  order: { id: number; status: OrderStatus },
  operator: string,
  details: { action: "erasure_on_request" | "erasure_reapplied_after_restore" } & Record<string, string>,
  now: Date,
): Promise<boolean> {
  const email = await trx
    .selectFrom("orders")
    .select("email")
    .where("id", "=", order.id)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
  if (!(await anonymiseOrder(trx, order.id, now))) return false;
  // The person asked to be forgotten: what they wrote through the contact page from the order's address goes too.
  if (email) await eraseContactThreadsFrom(trx, email.email, now.toISOString());
  await auditOrder(trx, order, operator, details, now);
  return true;
}

/**
 * A withdrawal statement's personal data: the name, the address for the acknowledgement, the statement's
 * text (which names the customer) and its messages' facts. The time of receipt, the language and the
 * order it belongs to stay; so does the reference when it is the order's number as typed ("AE-…").
 */
async function anonymiseWithdrawals(
  trx: Transaction<Database>,
  which: (eb: ExpressionBuilder<Database, "withdrawals">) => Expression<SqlBool>,
): Promise<number> {
  const rows = await trx.selectFrom("withdrawals").select(["id", "order_reference"]).where(which).where("name", "!=", REMOVED).execute();
  for (const row of rows) {
    await trx
      .updateTable("withdrawals")
      .set({
        name: REMOVED,
        email: REMOVED,
        statement: REMOVED,
        order_reference: /^AE-\d{4}-\d{6}$/.test(row.order_reference.trim()) ? row.order_reference.trim() : REMOVED,
      })
      .where("id", "=", row.id)
      .execute();
    await trx.updateTable("outbox").set({ data: null, last_error: null }).where("withdrawal_id", "=", row.id).execute();
    await trx
      .updateTable("outbox_attempts")
      .set({ error: null })
      .where("message_id", "in", (eb) => eb.selectFrom("outbox").select("id").where("withdrawal_id", "=", row.id))
      .execute();
  }
  return rows.length;
}

/** Statements that matched no order, received before `cutoff`: kept as long as an order's data would be, then anonymised. */
export async function anonymiseUnmatchedWithdrawals(db: AppDatabase, cutoff: string): Promise<number> {
  return db
    .transaction()
    .execute((trx) => anonymiseWithdrawals(trx, (eb) => eb.and([eb("order_id", "is", null), eb("received_at", "<=", cutoff)])));
}

/**
 * What a bank statement holds that no kept order needs, once it is as old as a cancelled unpaid
 * order's data when they go (read before `cutoff`, the same retention cutoff): a file none of
 * whose lines belongs to an order still holding its data loses its bytes, and a line that belongs
 * to no such order (a transfer to check without a code, naming two orders or in a foreign
 * currency; one that came for an order already anonymised) loses the payer's name, account and
 * title. A line that belongs to a kept order goes with that order (anonymiseStatementLines).
 */
export async function anonymiseExpiredStatements(db: AppDatabase, cutoff: string): Promise<{ files: number; lines: number }> {
  const keptOrders = (eb: ExpressionBuilder<Database, "bank_statement_lines">) =>
    eb.selectFrom("orders").select("orders.id").where("orders.anonymised_at", "is", null);
  return db.transaction().execute(async (trx) => {
    const files = await trx
      .updateTable("bank_statements")
      .set({ content: null })
      .where("content", "is not", null)
      .where("uploaded_at", "<=", cutoff)
      .where((eb) => eb.not(concernsAKeptOrder(eb)))
      .executeTakeFirst();
    const lines = await trx
      .updateTable("bank_statement_lines")
      .set({ title: null, counterparty_name: null, counterparty_account: null })
      .where((eb) => eb.or([eb("order_id", "is", null), eb("order_id", "not in", keptOrders(eb))]))
      .where((eb) =>
        eb.or([eb("title", "is not", null), eb("counterparty_name", "is not", null), eb("counterparty_account", "is not", null)]),
      )
      .where("statement_id", "in", (eb) => eb.selectFrom("bank_statements").select("id").where("uploaded_at", "<=", cutoff))
      .executeTakeFirst();
    return { files: Number(files.numUpdatedRows), lines: Number(lines.numUpdatedRows) };
  });
}

/** Anonymises every order whose retention period ended (dispatched or cancelled before `cutoff`); returns how many. */
export async function anonymiseExpiredOrders(db: AppDatabase, cutoff: string, now: Date): Promise<number> {
  const expired = await db
    .selectFrom("orders")
    .select("id")
    .where("anonymised_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "dispatched"), eb("dispatched_at", "<=", cutoff)]),
        eb.and([eb("status", "=", "cancelled"), eb("cancelled_at", "<=", cutoff)]),
      ]),
    )
    .orderBy("id")
    .execute();
  let anonymised = 0;
  for (const { id } of expired) if (await db.transaction().execute((trx) => anonymiseOrder(trx, id, now))) anonymised += 1;
  return anonymised;
}
