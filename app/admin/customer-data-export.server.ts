import type { AppDatabase } from "~/db/db.server";
import type {
  ConversationRow,
  Database,
  OrderRow,
  OutboxRow,
  StatementLineOutcome,
  StatementLineResolution,
  WithdrawalRow,
} from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { isInvoiceMessage } from "~/invoices/invoice-mail.server";
import { CUSTOMER_KINDS } from "~/mail/compose.server";
import { coResidentsOfOrder, type CoResident } from "~/order/co-residents";
import type { Customer } from "./customer-data.server";
import { objectOf } from "~/order/lifecycle/event-details";

/**
 * A customer's data on request (RODO art. 15 and 20; docs/decisions/044, 060 and 064): everything
 * stored about the customer's orders, from every table that holds it, as one structured object
 * that the JSON export hands over as it is and the PDF prints in the customer's language.
 *
 * Every table of the database is either read here (EXPORTED_TABLES) or named, with the reason, in
 * TABLES_WITHOUT_CUSTOMER_DATA; a test lists the database's tables and fails on one in neither,
 * so a new table cannot be forgotten.
 */
export const EXPORTED_TABLES = [
  "orders",
  "order_events",
  "order_notes",
  "outbox",
  "outbox_attempts",
  "payments",
  "withdrawals",
  "reviews",
  "invoice_requests",
  "invoices",
  "ksef_submissions",
  "bank_statement_lines",
  "bank_statements",
  "conversations",
  "conversation_messages",
] as const satisfies ReadonlyArray<keyof Database>;

/** The tables that hold nothing about a customer, and why; the export reads none of them. */
export const TABLES_WITHOUT_CUSTOMER_DATA: Record<string, string> = {
  operators: "the operators' own accounts",
  admin_sessions: "the operators' sessions",
  operator_recovery_codes: "the operators' recovery codes, as keyed hashes",
  sign_in_attempts: "the operators' sign-in attempts",
  operator_events:
    "the operators' audit trail: who signed in, exported or erased; an export or erasure names order numbers only, whose facts the export holds",
  job_runs: "when each housekeeping job last ran",
  invoice_counters: "the last invoice number of each series and month",
  ksef_certificate_notices: "which KSeF certificate warnings went to the operator",
  withdrawal_mail_counts:
    "a keyed hash of an address and today's count of acknowledgements (docs/decisions/058), deleted the next day; no address is stored",
  rate_limits: "the request budgets per client address for the last minute, tied to no order",
  declaration_codes:
    "each declaration's random verification code and how many times it was looked up (docs/decisions/089): nothing the customer gave or did, nothing about who looked; " +
    "a replacement declaration's flat and owner (docs/decisions/092) are exported in the order's history, whose line records them, and erased with the order",
  replacement_charges:
    "a replacement declaration asked to be paid online (docs/decisions/094): the new flat's owner and address, a third party's, with its price and state; " +
    "the request, its payment and the issued declaration are exported in the order's history and payments, and the flat is erased with the order",
  declaration_lookup_days: "each day's count of verification lookups, found and not, tied to no order",
  schema_migrations: "which migrations ran",
  conversation_notices:
    "which minute's notice to the operator listed which message (docs/decisions/085): keys and times; the messages are exported with their thread",
  reply_templates: "the operator's reply templates, one text per title and language; no customer's data",
};

type ExportedTable = (typeof EXPORTED_TABLES)[number];

const ROW_KEYS = "the row's own keys and links, which name nobody";
/**
 * The columns of the exported tables that the export leaves out, and why: keys, search and queue
 * machinery, the parts of an address the export gives whole, and the seller's side of an invoice.
 * A test fails on a column that is neither exported nor named here, so a new column is decided on.
 */
export const COLUMNS_LEFT_OUT: Record<ExportedTable, Record<string, string>> = {
  orders: {
    id: ROW_KEYS,
    number_year: "part of the order's number",
    number_seq: "part of the order's number",
    payment_token: "the secret of the order page's link: a key, not data about the person",
    idempotency_key: "the form's key against double submission",
    variant: "which of the site's forms took the order",
    search_text: "a folded copy of the name, contact and addresses for the back office's search",
    search_version: "the search key's version",
    property_street: "a part of the flat's address, exported whole",
    property_postal_code: "a part of the flat's address, exported whole",
    property_city: "a part of the flat's address, exported whole",
    mailing_street: "a part of the mailing address, exported whole",
    mailing_postal_code: "a part of the mailing address, exported whole",
    mailing_city: "a part of the mailing address, exported whole",
    updated_at: "when the row last changed; each change is in the history",
  },
  order_events: { id: ROW_KEYS, order_id: ROW_KEYS },
  order_notes: { id: ROW_KEYS, order_id: ROW_KEYS },
  outbox: {
    id: ROW_KEYS,
    order_id: ROW_KEYS,
    withdrawal_id: ROW_KEYS,
    operator_event_id: ROW_KEYS,
    conversation_message_id: ROW_KEYS,
    attempts: "the count of the attempts, which are exported one by one",
    next_attempt_at: "the queue's schedule",
    claim_id: "the queue's lock",
    claimed_at: "the queue's lock",
    last_error: "the last attempt's error, exported with the attempts",
    resent: "part of the Message-ID",
    request_id: "the id of the web request that queued it, for the logs",
  },
  outbox_attempts: { id: ROW_KEYS, message_id: ROW_KEYS },
  payments: {
    id: ROW_KEYS,
    order_id: ROW_KEYS,
    session_id: "our key for the attempt at the gateway",
    gateway_order_id: "the gateway's key for the attempt",
    gateway_method_id: "the gateway's code of the method, exported as the method",
    redirect_url: "the gateway's payment page for the attempt",
    updated_at: "when the row last changed",
    checked_at: "when housekeeping asked the gateway about the attempt",
    refund_uuid: "the gateway's key for the refund",
    replacement_charge_id: ROW_KEYS,
  },
  withdrawals: {
    id: ROW_KEYS,
    order_id: ROW_KEYS,
    linked_by: "the operator who linked it",
    recorded_by: "the operator who typed in a statement received by e-mail or post",
  },
  reviews: { id: ROW_KEYS, order_id: ROW_KEYS, decided_by: "the operator who decided on it" },
  invoice_requests: { order_id: ROW_KEYS },
  invoices: {
    id: ROW_KEYS,
    order_id: ROW_KEYS,
    series: "part of the invoice's number",
    number_month: "part of the invoice's number",
    number_seq: "part of the invoice's number",
    corrects_id: "exported as the corrected invoice's number",
    issued_at: "the moment of issue; its date is exported",
    issued_by: "the operator or the system that issued it",
    locale: "the language printed beside the Polish",
    seller_name: "the seller",
    seller_address: "the seller",
    seller_nip: "the seller",
    quantity: "always one service",
    vat_rate: "the seller's VAT status",
    vat_exemption_basis: "the seller's VAT status",
  },
  ksef_submissions: {
    id: ROW_KEYS,
    order_id: ROW_KEYS,
    invoice_number: "exported as the invoice it belongs to",
    invoice_hash: "the file's hash",
    xml: "the invoice's file, whose content the invoice's own entry gives",
    session_reference: "KSeF's key for the session",
    invoice_reference: "KSeF's key for the upload",
    upo: "KSeF's receipt for the upload",
    error: "why KSeF refused it, for the operator",
    attempts: "how often it was sent",
    created_at: "when it was queued",
    updated_at: "when the row last changed",
    certificate_url: "the offline invoice's verification link",
    awaits_original: "the queue's wait for the original's number",
  },
  bank_statement_lines: {
    id: ROW_KEYS,
    statement_id: ROW_KEYS,
    order_id: ROW_KEYS,
    line_key: "the key against reading a transfer twice: the bank's reference, exported, or a hash of the line",
    reason_facts:
      "the matching's working: its reason and the amount's difference are exported; the candidates it weighed are other customers' orders",
    resolved_by: "the operator who decided on it",
  },
  bank_statements: {
    id: ROW_KEYS,
    file_sha256: "the file's hash, against reading it twice",
    content:
      "the bank's file as uploaded: it holds other people's transfers too (RODO art. 15 ust. 4); the customer's own entries in it are exported one by one, from bank_statement_lines",
    format: "how the file was written (MT940, camt.053, a bank's CSV)",
    encoding: "the file's character encoding",
    line_count: "the file's count of lines, most of them other people's",
    paid_count: "the file's count of lines that paid an order",
    to_check_count: "the file's count of lines to check",
    read_before_count: "the file's count of lines read before",
    not_ours_count: "the file's count of lines that concern no order",
    uploaded_by: "the operator who read it",
    importing_until: "the lease of the upload reading it",
    completed_at: "when its last line was read",
  },
  conversations: {
    id: ROW_KEYS,
    order_id: ROW_KEYS,
    last_customer_at: "the newest customer's message's time, exported with each message",
    last_operator_at: "the newest answer's time, exported with each message",
  },
  conversation_messages: {
    id: ROW_KEYS,
    conversation_id: ROW_KEYS,
    operator_email: "the operator who answered",
    notice_minute: "which notice to the operator listed it",
  },
};

type Moment = string | null;

export type ExportedMessage = {
  kind: OutboxRow["kind"];
  /** The address it goes to (or went to); "KSeF" for an invoice sent to the National e-Invoice System. */
  to: string;
  status: OutboxRow["status"];
  queuedAt: string;
  sentAt: Moment;
  /** The facts it was queued with (a tracking number, a reason): its words are rendered from these. */
  facts: Record<string, unknown>;
  attempts: Array<{ at: string; outcome: "sent" | "failed"; error: string | null }>;
};

export type ExportedWithdrawalStatement = {
  receivedAt: string;
  /** How it came: the site's form, an e-mail or a letter (docs/decisions/063). */
  channel: WithdrawalRow["channel"];
  /** The day an e-mail or letter was sent, which keeps the period; null for the form, where sending is receiving. */
  sentOn: string | null;
  /** Sent after the withdrawal period had ended: it withdrew from nothing. */
  late: boolean;
  language: Locale;
  name: string;
  orderReference: string;
  email: string;
  statement: string;
  /** How it came to belong to the order: its link, the number with the e-mail or name, or the operator; null while unmatched. */
  matchedBy: WithdrawalRow["matched_by"];
  linkedAt: Moment;
  acknowledgementWithheld: boolean;
  messages: ExportedMessage[];
};

/** A conversation with the customer (docs/decisions/085): an order's thread, or one from the contact page. */
export type ExportedConversation = {
  startedAt: string;
  language: Locale;
  /** The name and address the contact page was given; null for an order's thread, and once erased. */
  contactName: string | null;
  contactEmail: string | null;
  erasedAt: Moment;
  /** Oldest first; an erased message keeps its author and time, its text is null. */
  messages: Array<{ at: string; author: "customer" | "operator"; text: string | null; erasedAt: Moment }>;
  /** The e-mails about it: the answers sent to the customer, and the operator's notices of the customer's messages. */
  emails: ExportedMessage[];
};

/** The export's content: what is stored about the person, order by order, and the withdrawal statements that matched none. */
export type CustomerDataExport = {
  exportedAt: string;
  /** The language the PDF is written in: the customer's newest order's (docs/decisions/064). */
  language: Locale;
  /** The address the request must come from; null once the data is erased. */
  email: string | null;
  orders: ExportedOrder[];
  /** Statements sent from the customer's address that no order matched. */
  unmatchedWithdrawalStatements: ExportedWithdrawalStatement[];
  /** What the customer wrote through the contact page from their address, with the answers. */
  contactThreads: ExportedConversation[];
};

export type ExportedOrder = {
  number: string;
  status: OrderRow["status"];
  placedAt: string;
  language: Locale;
  channel: OrderRow["channel"];
  declarationType: OrderRow["declaration_type"];
  priceGrosze: number;
  currency: string;
  person: {
    tenantName: string;
    tenantNameAsTyped: string | null;
    /** The people living with the tenant, named in the declaration. */
    coResidents: CoResident[];
    landlordName: string | null;
    email: string;
    phone: string;
    propertyAddress: string;
    /** When the customer gave the flat's address on the order page, for an order placed before the flat was found (docs/decisions/091). */
    propertyAddressGivenAt: string | null;
    mailingAddress: string;
    additionalInfo: string | null;
  };
  rental: { startDate: Moment; periodDays: number | null };
  /** What the customer declared when ordering, with the times: acknowledgements and a request, not consents. */
  declarations: {
    dataProcessingAcknowledgedAt: string;
    termsAcceptedAt: string;
    /** The request to start before the withdrawal period ends, with the acknowledgement that the right ends on full performance. */
    earlyStartRequestedAt: Moment;
  };
  agreement: { version: string; text: string; bindingPolishText: string | null };
  delivery: {
    method: OrderRow["delivery_method"];
    lockerName: string | null;
    lockerAddress: string | null;
    /** Where the locker stands and whether it is open round the clock, as the Points API said when the customer chose it. */
    lockerDescription: string | null;
    lockerOpen247: boolean | null;
    courier: string | null;
    trackingNumber: string | null;
    shipmentId: string | null;
    shipmentStatus: string | null;
    shipmentCheckedAt: Moment;
    dispatchedAt: Moment;
    deliveredAt: Moment;
  };
  fulfilment: {
    paidAt: Moment;
    receivedGrosze: number | null;
    cancelledAt: Moment;
    cancelReason: string | null;
    refundedGrosze: number | null;
    refundedAt: Moment;
    anonymisedAt: Moment;
  };
  withdrawal: {
    withdrawnAt: Moment;
    decision: OrderRow["withdrawal_decision"];
    retainedGrosze: number | null;
    /** A standard reason for the amount kept (decision.ts RETAINED_REASONS); null beside the operator's own words. */
    decisionReasonCode: OrderRow["withdrawal_decision_reason_code"];
    decisionReason: string | null;
    statements: ExportedWithdrawalStatement[];
  };
  review: {
    stars: number;
    text: string;
    displayName: string;
    city: string;
    publicationConsentAt: string;
    language: Locale;
    writtenAt: string;
    changedAt: string;
    status: "pending" | "approved" | "rejected";
    decidedAt: Moment;
  } | null;
  invoiceRequest: { buyerName: string; buyerAddress: string; buyerNip: string | null; requestedAt: string; requestedVia: string } | null;
  invoices: Array<{
    number: string;
    kind: "invoice" | "correction";
    corrects: string | null;
    issueDate: string;
    paymentDate: string;
    buyerName: string;
    buyerAddress: string;
    buyerNip: string | null;
    serviceName: string;
    netGrosze: number;
    vatGrosze: number;
    grossGrosze: number;
    currency: string;
    reason: string | null;
    ksef: { status: string; ksefNumber: string | null; acceptedAt: Moment; offlineAt: Moment } | null;
  }>;
  messages: ExportedMessage[];
  /** The conversation on the order's page; null when nobody wrote. */
  conversation: ExportedConversation | null;
  payments: Array<{
    gateway: string;
    method: string;
    state: string;
    amountGrosze: number;
    currency: string;
    startedAt: string;
    paidAt: Moment;
    failure: string | null;
    refundedAt: Moment;
    refundReason: string | null;
    refundStatus: string | null;
    refundSettledAt: Moment;
  }>;
  /** Transfers for the order on the bank statements the back office read (RODO art. 15: their payer, account and title too). */
  bankTransfers: ExportedBankTransfer[];
  history: Array<{ at: string; operator: string; from: string; to: string; details: Record<string, unknown> }>;
  notes: Array<{ at: string; operator: string; text: string }>;
};

export type ExportedBankTransfer = {
  bookedOn: string;
  amountGrosze: number;
  currency: string;
  /** Null once the order is anonymised: only the date, the amount and the bank's reference stay. */
  title: string | null;
  payerName: string | null;
  payerAccount: string | null;
  bankReference: string | null;
  /** What reading the statement made of it: it paid the order, or waited for the operator with its reason. */
  outcome: StatementLineOutcome;
  reason: string | null;
  /** For a wrong amount: what it was short (negative) or over the price by. */
  differenceGrosze: number | null;
  /** The operator's decision on a line to check, and when. */
  decision: StatementLineResolution | null;
  decidedAt: Moment;
  statement: { fileName: string; firstBookedOn: Moment; lastBookedOn: Moment; readAt: string; lineNo: number };
};

const emailKey = (email: string) => email.trim().toLowerCase();
const byOrder = <Row extends { order_id: number | null }>(rows: readonly Row[], orderId: number) =>
  rows.filter((row) => row.order_id === orderId);

/**
 * Everything stored about `customer` (the orders findCustomer gave: its e-mail's and those the
 * operator confirmed by hand, never more). Withdrawal statements come with the order they matched;
 * those that matched none come by the customer's e-mail, the address the request proves.
 */
export async function customerDataExport(
  db: AppDatabase,
  customer: Pick<Customer, "email" | "orders">,
  { now, operatorEmail }: { now: Date; operatorEmail: string },
): Promise<CustomerDataExport> {
  const { orders } = customer;
  const ids = orders.map((order) => order.id);
  const ofOrders = ids.length > 0;
  const [orderMessages, payments, events, notes, matched, reviews, requests, invoices, submissions, transfers, unmatchedAll] =
    await Promise.all([
      ofOrders ? db.selectFrom("outbox").selectAll().where("order_id", "in", ids).orderBy("id").execute() : [],
      ofOrders ? db.selectFrom("payments").selectAll().where("order_id", "in", ids).orderBy("id").execute() : [],
      ofOrders ? db.selectFrom("order_events").selectAll().where("order_id", "in", ids).orderBy("id").execute() : [],
      ofOrders ? db.selectFrom("order_notes").selectAll().where("order_id", "in", ids).orderBy("id").execute() : [],
      ofOrders ? db.selectFrom("withdrawals").selectAll().where("order_id", "in", ids).orderBy("id").execute() : [],
      ofOrders ? db.selectFrom("reviews").selectAll().where("order_id", "in", ids).execute() : [],
      ofOrders ? db.selectFrom("invoice_requests").selectAll().where("order_id", "in", ids).execute() : [],
      ofOrders ? db.selectFrom("invoices").selectAll().where("order_id", "in", ids).orderBy("id").execute() : [],
      ofOrders ? db.selectFrom("ksef_submissions").selectAll().where("order_id", "in", ids).orderBy("id").execute() : [],
      ofOrders ? bankTransfersOf(db, ids) : [],
      // The address is stored as typed, so the comparison is made here, as findCustomer makes it.
      customer.email ? db.selectFrom("withdrawals").selectAll().where("order_id", "is", null).orderBy("id").execute() : [],
    ]);
  const conversations = (
    await db
      .selectFrom("conversations")
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(ofOrders ? [eb("order_id", "in", ids)] : []),
          // A contact thread's address is stored as typed: compared here, as the withdrawal statements' are.
          eb.and([eb("order_id", "is", null), eb("contact_email", "is not", null)]),
        ]),
      )
      .orderBy("id")
      .execute()
  ).filter((thread) => thread.order_id !== null || (customer.email && emailKey(thread.contact_email ?? "") === emailKey(customer.email)));
  const threadIds = conversations.map((thread) => thread.id);
  const threadMessages = threadIds.length
    ? await db
        .selectFrom("conversation_messages")
        .selectAll()
        .where("conversation_id", "in", threadIds)
        .orderBy("created_at")
        .orderBy("id")
        .execute()
    : [];
  const threadMessageIds = threadMessages.map((message) => message.id);
  const threadEmails = threadMessageIds.length
    ? await db.selectFrom("outbox").selectAll().where("conversation_message_id", "in", threadMessageIds).orderBy("id").execute()
    : [];
  const unmatched = unmatchedAll.filter((statement) => customer.email && emailKey(statement.email) === emailKey(customer.email));
  const statementIds = [...matched, ...unmatched].map((statement) => statement.id);
  const statementMessages = statementIds.length
    ? await db.selectFrom("outbox").selectAll().where("withdrawal_id", "in", statementIds).orderBy("id").execute()
    : [];
  const messageIds = [...orderMessages, ...statementMessages, ...threadEmails].map((message) => message.id);
  const attempts = messageIds.length
    ? await db.selectFrom("outbox_attempts").selectAll().where("message_id", "in", messageIds).orderBy("id").execute()
    : [];

  const messageOf =
    (order: OrderRow | null, statement: WithdrawalRow | null, contactEmail: string | null = null) =>
    (message: OutboxRow): ExportedMessage => ({
      kind: message.kind,
      to:
        message.kind === "conversation_answer"
          ? (order?.email ?? contactEmail ?? "")
          : recipientOf(message, order, statement, operatorEmail),
      status: message.status,
      queuedAt: message.created_at,
      sentAt: message.sent_at,
      facts: objectOf(message.data),
      attempts: attempts
        .filter((attempt) => attempt.message_id === message.id)
        .map((attempt) => ({ at: attempt.attempted_at, outcome: attempt.outcome, error: attempt.error })),
    });
  const statementOf = (order: OrderRow | null) => (statement: WithdrawalRow) => ({
    receivedAt: statement.received_at,
    channel: statement.channel,
    sentOn: statement.sent_on,
    late: Boolean(statement.late),
    language: statement.locale,
    name: statement.name,
    orderReference: statement.order_reference,
    email: statement.email,
    statement: statement.statement,
    matchedBy: statement.matched_by,
    linkedAt: statement.linked_at,
    acknowledgementWithheld: Boolean(statement.acknowledgement_withheld),
    messages: statementMessages.filter((message) => message.withdrawal_id === statement.id).map(messageOf(order, statement)),
  });
  const conversationOf =
    (order: OrderRow | null) =>
    (thread: ConversationRow): ExportedConversation => {
      const messages = threadMessages.filter((message) => message.conversation_id === thread.id);
      const ofThread = new Set(messages.map((message) => message.id));
      return {
        startedAt: thread.created_at,
        language: thread.locale,
        contactName: thread.contact_name,
        contactEmail: thread.contact_email,
        erasedAt: thread.erased_at,
        messages: messages.map((message) => ({
          at: message.created_at,
          author: message.author,
          text: message.body,
          erasedAt: message.erased_at,
        })),
        emails: threadEmails
          .filter((email) => ofThread.has(email.conversation_message_id ?? 0))
          .map(messageOf(order, null, thread.contact_email)),
      };
    };
  const invoiceNumber = new Map(invoices.map((invoice) => [invoice.id, invoice.number]));

  return {
    exportedAt: now.toISOString(),
    language: orders.at(-1)?.locale ?? "pl",
    email: customer.email,
    unmatchedWithdrawalStatements: unmatched.map(statementOf(null)),
    contactThreads: conversations.filter((thread) => thread.order_id === null).map(conversationOf(null)),
    orders: orders.map((order): ExportedOrder => {
      const review = reviews.find((row) => row.order_id === order.id);
      const request = requests.find((row) => row.order_id === order.id);
      return {
        number: order.number,
        status: order.status,
        placedAt: order.created_at,
        language: order.locale,
        channel: order.channel,
        declarationType: order.declaration_type,
        priceGrosze: order.price_grosze,
        currency: order.currency,
        person: {
          tenantName: order.tenant_name,
          tenantNameAsTyped: order.tenant_name_original,
          coResidents: coResidentsOfOrder(order),
          landlordName: order.landlord_name,
          email: order.email,
          phone: order.phone,
          propertyAddress: order.property_address,
          propertyAddressGivenAt: order.address_given_at,
          mailingAddress: order.mailing_address,
          additionalInfo: order.additional_info,
        },
        rental: { startDate: order.start_date, periodDays: order.rental_period_days },
        declarations: {
          dataProcessingAcknowledgedAt: order.data_processing_consent_at,
          termsAcceptedAt: order.terms_accepted_at,
          earlyStartRequestedAt: order.immediate_performance_consent_at,
        },
        agreement: { version: order.contract_version, text: order.contract_text, bindingPolishText: order.contract_text_binding },
        delivery: {
          method: order.delivery_method,
          lockerName: order.locker_name,
          lockerAddress: order.locker_address,
          lockerDescription: order.locker_description,
          lockerOpen247: order.locker_open_247 === null ? null : order.locker_open_247 === 1,
          courier: order.courier,
          trackingNumber: order.tracking_number,
          shipmentId: order.shipment_id,
          shipmentStatus: order.shipment_status,
          shipmentCheckedAt: order.shipment_checked_at,
          dispatchedAt: order.dispatched_at,
          deliveredAt: order.delivered_at,
        },
        fulfilment: {
          paidAt: order.paid_at,
          receivedGrosze: order.received_grosze,
          cancelledAt: order.cancelled_at,
          cancelReason: order.cancel_reason,
          refundedGrosze: order.refunded_grosze,
          refundedAt: order.refunded_at,
          anonymisedAt: order.anonymised_at,
        },
        withdrawal: {
          withdrawnAt: order.withdrawn_at,
          decision: order.withdrawal_decision,
          retainedGrosze: order.withdrawal_retained_grosze,
          decisionReasonCode: order.withdrawal_decision_reason_code,
          decisionReason: order.withdrawal_decision_reason,
          statements: byOrder(matched, order.id).map(statementOf(order)),
        },
        review: review
          ? {
              stars: review.stars,
              text: review.text,
              displayName: review.display_name,
              city: review.city,
              publicationConsentAt: review.consent_at,
              language: review.locale,
              writtenAt: review.created_at,
              changedAt: review.updated_at,
              status: review.status,
              decidedAt: review.decided_at,
            }
          : null,
        invoiceRequest: request
          ? {
              buyerName: request.buyer_name,
              buyerAddress: request.buyer_address,
              buyerNip: request.buyer_nip,
              requestedAt: request.requested_at,
              requestedVia: request.requested_via,
            }
          : null,
        invoices: byOrder(invoices, order.id).map((invoice) => {
          const submission = submissions.find((row) => row.order_id === order.id && row.invoice_number === invoice.number);
          return {
            number: invoice.number,
            kind: invoice.kind,
            corrects: invoice.corrects_id === null ? null : (invoiceNumber.get(invoice.corrects_id) ?? null),
            issueDate: invoice.issue_date,
            paymentDate: invoice.payment_date,
            buyerName: invoice.buyer_name,
            buyerAddress: invoice.buyer_address,
            buyerNip: invoice.buyer_nip,
            serviceName: invoice.service_name,
            netGrosze: invoice.net_grosze,
            vatGrosze: invoice.vat_grosze,
            grossGrosze: invoice.gross_grosze,
            currency: invoice.currency,
            reason: invoice.reason,
            ksef: submission
              ? {
                  status: submission.status,
                  ksefNumber: submission.ksef_number,
                  acceptedAt: submission.acquired_at,
                  offlineAt: submission.offline_at,
                }
              : null,
          };
        }),
        messages: byOrder(orderMessages, order.id).map(messageOf(order, null)),
        conversation: byOrder(conversations, order.id).map(conversationOf(order))[0] ?? null,
        payments: byOrder(payments, order.id).map((payment) => ({
          gateway: payment.gateway,
          method: payment.method,
          state: payment.state,
          amountGrosze: payment.amount_grosze,
          currency: payment.currency,
          startedAt: payment.created_at,
          paidAt: payment.paid_at,
          failure: payment.failure,
          refundedAt: payment.refunded_at,
          refundReason: payment.refund_reason,
          refundStatus: payment.refund_status,
          refundSettledAt: payment.refund_settled_at,
        })),
        history: byOrder(events, order.id).map((event) => ({
          at: event.at,
          operator: event.operator,
          from: event.from_status,
          to: event.to_status,
          details: objectOf(event.details),
        })),
        bankTransfers: byOrder(transfers, order.id).map((row) => row.transfer),
        notes: byOrder(notes, order.id).map((note) => ({ at: note.at, operator: note.operator, text: note.text })),
      };
    }),
  };
}

/**
 * Where a message goes, as the mail worker addresses it (app/mail): the customer's kinds and the
 * invoices to the order's address, a statement's acknowledgement to the order's address (to the
 * statement's own while it matches no order), its receipt to the statement's address, the
 * operator's kinds to OPERATOR_EMAIL, and an invoice's submission to KSeF.
 */
function recipientOf(message: OutboxRow, order: OrderRow | null, statement: WithdrawalRow | null, operatorEmail: string): string {
  if (message.kind === "ksef_submission") return "KSeF";
  if (message.kind === "operator_withdrawal") return operatorEmail;
  if (statement && (message.kind === "withdrawal_receipt" || !order)) return statement.email;
  if (order && (CUSTOMER_KINDS.includes(message.kind) || isInvoiceMessage(message) || message.kind === "withdrawal_acknowledgement"))
    return order.email;
  return operatorEmail;
}

/** The statement lines tied to the orders (the transfer that paid one, or one the operator weighed against it), in booking order, each with its statement. */
async function bankTransfersOf(
  db: AppDatabase,
  orderIds: number[],
): Promise<Array<{ order_id: number | null; transfer: ExportedBankTransfer }>> {
  const rows = await db
    .selectFrom("bank_statement_lines")
    .innerJoin("bank_statements", "bank_statements.id", "bank_statement_lines.statement_id")
    .selectAll("bank_statement_lines")
    .select([
      "bank_statements.file_name",
      "bank_statements.first_booked_on",
      "bank_statements.last_booked_on",
      "bank_statements.uploaded_at",
    ])
    .where("bank_statement_lines.order_id", "in", orderIds)
    .orderBy("bank_statement_lines.booked_on")
    // In the statement's own order: a line that paid an order is stored before the others of its file.
    .orderBy("bank_statement_lines.statement_id")
    .orderBy("bank_statement_lines.line_no")
    .execute();
  return rows.map((row) => {
    const facts = objectOf(row.reason_facts);
    return {
      order_id: row.order_id,
      transfer: {
        bookedOn: row.booked_on,
        amountGrosze: row.amount_grosze,
        currency: row.currency,
        title: row.title,
        payerName: row.counterparty_name,
        payerAccount: row.counterparty_account,
        bankReference: row.bank_reference,
        outcome: row.outcome,
        reason: row.reason,
        differenceGrosze: typeof facts.differenceGrosze === "number" ? facts.differenceGrosze : null,
        decision: row.resolution,
        decidedAt: row.resolved_at,
        statement: {
          fileName: row.file_name,
          firstBookedOn: row.first_booked_on,
          lastBookedOn: row.last_booked_on,
          readAt: row.uploaded_at,
          lineNo: row.line_no,
        },
      },
    };
  });
}
