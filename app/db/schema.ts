import type { Generated, Selectable } from "kysely";
import type { Locale } from "~/i18n/locales";

/** Kysely's view of the tables created by app/db/migrations.ts. */
export type OrderStatus = "awaiting_payment" | "paid" | "dispatched" | "cancelled";

export type OrdersTable = {
  id: Generated<number>;
  number: string;
  number_year: number;
  number_seq: number;
  payment_token: string;
  idempotency_key: string;
  status: Generated<OrderStatus>;
  variant: "standard" | "automatic";
  channel: "form" | "api";
  locale: Locale;
  declaration_type: "regular" | "notarized";
  price_grosze: number;
  currency: string;
  /** As in the passport, in Latin letters. */
  tenant_name: string;
  /** The same name in its original script, when the customer gave it. */
  tenant_name_original: string | null;
  /** JSON array of the co-residents' names (Latin letters); NULL when none or placed before they were asked for. */
  co_residents: string | null;
  landlord_name: string | null;
  start_date: string | null;
  rental_period_days: number | null;
  email: string;
  phone: string;
  property_address: string;
  property_street: string | null;
  property_postal_code: string | null;
  property_city: string | null;
  mailing_address: string;
  mailing_street: string | null;
  mailing_postal_code: string | null;
  mailing_city: string | null;
  additional_info: string | null;
  data_processing_consent_at: string;
  terms_accepted_at: string;
  /** Null when the customer did not ask to start before the withdrawal period ends. */
  immediate_performance_consent_at: string | null;
  contract_text: string;
  /** The binding Polish text, for orders placed in en/uk/ru. */
  contract_text_binding: string | null;
  contract_version: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  dispatched_at: string | null;
  tracking_number: string | null;
  courier: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** Set when housekeeping removed the personal data after the retention period. */
  anonymised_at: string | null;
  /** Folded number, names, contact, addresses, phone digits and sound keys for the back office's search (app/order/search-text.ts). */
  search_text: string | null;
  /** The search key search_text was written with (SEARCH_TEXT_VERSION); NULL before it was recorded. */
  search_version: number | null;
  /** What the bank actually credited, when the operator records it (it may differ from the price). */
  received_grosze: number | null;
  refunded_grosze: number | null;
  refunded_at: string | null;
  /** When the first withdrawal statement that matched this order was received; a later one changes nothing. */
  withdrawn_at: string | null;
  /** docs/decisions/048: by courier to the mailing address, or at an InPost parcel locker. */
  delivery_method: Generated<"courier" | "locker">;
  /** The locker's name (KRA010); its address as the Points API gave it, NULL when typed by hand while the API was down. */
  locker_name: string | null;
  locker_address: string | null;
  /** Where the locker stands, as the Points API said (160 characters at most); whether it is open round the clock (1) or not (0). NULL when unknown. */
  locker_description: string | null;
  locker_open_247: number | null;
  /** The ShipX shipment made for the order, the last status read from ShipX, and when it was read. */
  shipment_id: string | null;
  shipment_status: string | null;
  shipment_checked_at: string | null;
  /** When InPost said the parcel was delivered (or picked up from the locker). */
  delivered_at: string | null;
  /** The operator's decision on a withdrawn order (docs/decisions/051): all back, less an amount for work done (art. 35), or no right left (art. 38). */
  withdrawal_decision: WithdrawalDecision | null;
  /** Kept for the service performed before the withdrawal (art. 35); set with "partial" only. */
  withdrawal_retained_grosze: number | null;
  /** The operator's reason for the amount kept, as written; set with "partial" only, and only when no standard reason was chosen. */
  withdrawal_decision_reason: string | null;
  /** The standard reason for the amount kept (docs/decisions/065); the customer reads it in their language. */
  withdrawal_decision_reason_code: RetainedReason | null;
  /** docs/decisions/091: 1 while an order placed before the flat was found waits for the flat's address (property_* hold '' until then). */
  address_pending: Generated<number>;
  /** When the customer gave the flat's address on the order's page: the promise counts from that day; NULL when ordered with it. */
  address_given_at: string | null;
};
export type WithdrawalDecision = "full" | "partial" | "expired";
/** The standard reasons for an amount kept after an early start (app/withdrawal/decision.ts, RETAINED_REASONS). */
export type RetainedReason = "owner_confirmed" | "declaration_signed" | "handed_to_carrier";

/** What each outbox message is: who gets it follows from the kind (the customer, or the operator). */
export type MessageKind =
  | "order_confirmation"
  | "operator_new_order"
  | "payment_reminder"
  | "order_paid"
  | "order_dispatched"
  | "order_cancelled"
  | "order_reopened"
  | "details_corrected"
  | "tracking_corrected"
  | "refund_recorded"
  | "operator_refund_rejected"
  /** To the operator: money came online for an order the customer had withdrawn from, or one already cancelled. */
  | "operator_payment_to_return"
  /** To the order's own address, with the statement's full text (docs/decisions/058). */
  | "withdrawal_acknowledgement"
  /** To the address a statement gave when it is not the order's own: the time of receipt, none of the sender's text. */
  | "withdrawal_receipt"
  | "operator_withdrawal"
  | "review_request"
  /** Not an e-mail: sends the order's invoices to KSeF (app/ksef/submissions.server.ts), in a lane of its own. */
  | "ksef_submission"
  | "invoice_issued"
  | "invoice_corrected"
  | "withdrawal_expired"
  /** To the order's own address: a statement sent after the withdrawal period, its text and time, and that the order stays as it was. */
  | "withdrawal_late"
  /** To the locked account's own address: too many wrong codes after its right password (docs/decisions/060). */
  | "operator_account_locked"
  /** To OPERATOR_EMAIL: money arrived online for an order, and from when its promise counts (docs/decisions/060). */
  | "operator_payment_received"
  /** To the customer: an operator took back a "paid" or "dispatched" whose e-mail had already left (`data.undone` names which). */
  | "order_move_undone"
  /** To the customer (the order's address, or a contact thread's): the operator's answer, with a link to answer on the order's page (docs/decisions/085). */
  | "conversation_answer"
  /** To OPERATOR_EMAIL: the customers' new messages, one e-mail per message or one a minute under a burst (docs/decisions/085). */
  | "operator_new_message"
  /** To the customer: a replacement declaration names a new flat and owner; the old one is no longer valid (docs/decisions/092). */
  | "declaration_replaced"
  /** To the customer: a replacement declaration awaits their online payment, with the amount and the order page's link (docs/decisions/094). */
  | "replacement_payment_requested"
  /** To the customer: the flat's address is still missing, 7 and 30 days after payment (`data.day`; docs/decisions/091). */
  | "address_reminder"
  /** To the customer: the flat's address was given on the order's page, with the dispatch day counted from it. */
  | "address_confirmed";
export type MessageStatus = "pending" | "sending" | "sent" | "failed";

export type OutboxTable = {
  id: Generated<number>;
  /** The order a message is about; NULL for a withdrawal statement's messages, which belong to the statement. */
  order_id: number | null;
  withdrawal_id: number | null;
  /** The operator's audit row a message is about (the lock of an account, docs/decisions/060); NULL for the others. */
  operator_event_id: Generated<number | null>;
  /** The conversation's message a message is about (an answer's e-mail, the operator's notice of new messages); NULL for the others. */
  conversation_message_id: Generated<number | null>;
  kind: MessageKind;
  /** JSON with the facts a later message needs (a tracking number, a reason). */
  data: string | null;
  status: Generated<MessageStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claim_id: string | null;
  claimed_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** How often an operator sent it again (or re-armed it with corrected facts); part of its Message-ID. */
  resent: Generated<number>;
  /** The request that queued it, so the worker's log lines carry that request's id (docs/decisions/045). */
  request_id: string | null;
  /** 1 when the mail server refused it for good and it was given up at once (docs/decisions/069). */
  refused: Generated<number>;
};

export type OutboxAttemptsTable = {
  id: Generated<number>;
  message_id: number;
  attempted_at: string;
  outcome: "sent" | "failed";
  error: string | null;
};

/** Back-office users; `password_hash` is "scrypt$N$r$p$salt$hash" (base64 parts). */
export type OperatorsTable = {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: string;
  /** The authenticator's key, encrypted under OPERATOR_SECRET_KEY (app/admin/operator-keys.server.ts); NULL: none issued. */
  totp_secret: string | null;
  /** When the first valid code confirmed the enrolment. */
  totp_confirmed_at: string | null;
  /** The newest RFC 6238 time step accepted: a code of this step or an older one is refused (no replay). */
  totp_last_step: number | null;
  /** Wrong codes since the account's last sign-in, from any address; the limit locks it (docs/decisions/060). */
  second_factor_failures: Generated<number>;
  /** When too many wrong codes locked the account; only `npm run operator -- unlock` clears it. */
  second_factor_locked_at: string | null;
};
/** Server-side sessions; only the SHA-256 of the cookie's id is stored. */
export type AdminSessionsTable = {
  id: Generated<number>;
  session_hash: string;
  operator_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** When the second factor was given; NULL while the session waits for the code after a right password. */
  second_factor_at: string | null;
  /** Codes tried on this half-made session; the fifth wrong one ends it. */
  code_attempts: Generated<number>;
};
/** One-time recovery codes, as keyed hashes; used_at is set by the one sign-in that spends a code. */
export type OperatorRecoveryCodesTable = {
  id: Generated<number>;
  operator_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
};
/** The operators' accounts' audit trail: who signed in or out, enrolled, spent a recovery code, was reset. */
export type OperatorEventsTable = {
  id: Generated<number>;
  /** The account's e-mail (kept when the account is removed). */
  operator: string;
  action: string;
  /** The client's address for what happened over the web; NULL for the command line. */
  ip: string | null;
  details: string | null;
  at: string;
};
export type SignInAttemptsTable = { id: Generated<number>; email: string; ip: string; succeeded: number; attempted_at: string };
/** The audit trail: who moved an order from which status to which, with the facts as JSON. */
export type OrderEventsTable = {
  id: Generated<number>;
  order_id: number;
  operator: string;
  from_status: string;
  to_status: string;
  details: string | null;
  at: string;
};
/** The operators' internal notes on an order; the customer never sees them. */
export type OrderNotesTable = { id: Generated<number>; order_id: number; operator: string; text: string; at: string };
/** One row per housekeeping job: the lease lets one process of several run it per period. */
export type JobRunsTable = { name: string; last_run_at: string | null; lease_until: string | null; last_result: string | null };

export type PaymentState = "registered" | "pending" | "paid" | "failed" | "refunded";
export type PaymentMethod = "blik" | "redirect";
export type RefundStatus = "requested" | "completed" | "rejected";
/**
 * One online payment attempt (docs/decisions/028). `session_id` is ours, sent to the gateway;
 * `gateway_order_id` is the gateway's number for it, known once the customer has paid (or BLIK is charged).
 */
export type PaymentsTable = {
  id: Generated<number>;
  order_id: number;
  gateway: string;
  method: PaymentMethod;
  session_id: string;
  state: PaymentState;
  amount_grosze: number;
  currency: string;
  gateway_order_id: string | null;
  gateway_method_id: number | null;
  /** The gateway's page for a pay-by-link attempt, so a second click goes to the same page. */
  redirect_url: string | null;
  failure: string | null;
  refund_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  /** When housekeeping asked the gateway about an attempt closed without its word that nothing was paid. */
  checked_at: string | null;
  /** The refund asked for (Przelewy24's refundsUuid), and what the gateway's refund notification said about it. */
  refund_uuid: string | null;
  refund_status: RefundStatus | null;
  refund_settled_at: string | null;
  /** The replacement declaration this payment is for (docs/decisions/094); NULL: the order's own price. */
  replacement_charge_id: number | null;
};

/** How a withdrawal statement came to belong to an order: its signed link, the number with the e-mail or name, or an operator's hand. */
export type WithdrawalMatch = "token" | "details" | "operator";
/** A withdrawal statement as the customer submitted it, with the server's time of receipt (docs/decisions/046). */
export type WithdrawalsTable = {
  id: Generated<number>;
  received_at: string;
  locale: Locale;
  name: string;
  /** The order number or whatever else the customer gave to identify the contract, as typed. */
  order_reference: string;
  email: string;
  /** The statement's full text as the customer confirmed it, in the page's language. */
  statement: string;
  /** The order it matched or was linked to; NULL while unmatched. */
  order_id: number | null;
  matched_by: WithdrawalMatch | null;
  linked_by: string | null;
  linked_at: string | null;
  /** 1 when the daily cap per recipient held its acknowledgement back (docs/decisions/058). */
  acknowledgement_withheld: Generated<number>;
  /** How it reached us (docs/decisions/063): the web form, or an e-mail or a letter the operator recorded. */
  channel: Generated<WithdrawalChannel>;
  /** The day the customer sent an e-mailed or posted statement ("2026-11-27"): what keeps the period. NULL for the web form. */
  sent_on: string | null;
  /** 1 when it was sent after the withdrawal period had ended: it withdrew from nothing and the order was left as it was. */
  late: Generated<number>;
  /** The operator who recorded an e-mailed or posted statement. */
  recorded_by: string | null;
};
export type WithdrawalChannel = "web" | "email" | "post";

/** Withdrawal acknowledgements counted per recipient (a SHA-256 of the folded address) and Warsaw day (docs/decisions/058). */
export type WithdrawalMailCountsTable = {
  recipient: string;
  day: string;
  sent: number;
};

export type ReviewStatus = "pending" | "approved" | "rejected";
/** A customer's review of their order (docs/decisions/052): shown on the home page only once approved. */
export type ReviewsTable = {
  id: Generated<number>;
  /** One review per order. */
  order_id: number;
  stars: number;
  text: string;
  /** The first name (or whatever the customer wants shown) and city, as typed. */
  display_name: string;
  city: string;
  /** When the customer consented to its publication. */
  consent_at: string;
  /** The language it was written in: the page's, which is the order's. */
  locale: Locale;
  created_at: string;
  updated_at: string;
  status: Generated<ReviewStatus>;
  decided_by: string | null;
  decided_at: string | null;
};

/**
 * Where an invoice stands with KSeF (docs/decisions/050): pending (not sent yet), sent (KSeF has it,
 * its verdict is awaited), accepted (it has a KSeF number), rejected (KSeF said why, in `error`),
 * manual (KSeF is not configured: the operator sends it by hand).
 */
export type KsefSubmissionStatus = "pending" | "sent" | "accepted" | "rejected" | "manual";
export type KsefSubmissionsTable = {
  id: Generated<number>;
  order_id: number;
  invoice_number: string;
  /** SHA-256 of `xml` in Base64: the invoice's identity for KSeF and its verification link. */
  invoice_hash: string;
  /** The FA(3) file exactly as sent (or to be sent). */
  xml: string;
  status: Generated<KsefSubmissionStatus>;
  session_reference: string | null;
  invoice_reference: string | null;
  ksef_number: string | null;
  acquired_at: string | null;
  /** The official receipt (UPO), as KSeF's XML. */
  upo: string | null;
  /** Why KSeF refused it, or the last failure, in Polish for the operator. */
  error: string | null;
  attempts: Generated<number>;
  created_at: string;
  updated_at: string;
  /** When the invoice went to its buyer in offline24 mode, KSeF not answering (docs/decisions/056); NULL for an online one. */
  offline_at: string | null;
  /** KOD II of an offline invoice: its link, signed once with the type 2 certificate. */
  certificate_url: string | null;
  /** A correction stored before its original had a KSeF number: the original's invoice number; its file is written once the number is known. */
  awaits_original: string | null;
};

/** The operator's e-mails about a KSeF certificate's end: one per certificate (its serial) and warning (30 or 7 days before). */
export type KsefCertificateNoticesTable = { serial: string; days_before: number; sent_at: string };

/** Who an order's invoice is for, as asked at the order, later on the customer's page, or by the operator (app/invoices). */
export type InvoiceRequestsTable = {
  order_id: number;
  buyer_name: string;
  buyer_address: string;
  /** Ten digits; NULL for a consumer. */
  buyer_nip: string | null;
  requested_at: string;
  requested_via: "order" | "customer" | "operator";
};
/** The last number given in a series (FV, KOR) and month (YYYY-MM). */
export type InvoiceCountersTable = { series: string; month: string; last_seq: number };
/**
 * An invoice or a correcting invoice (docs/decisions/049), written once and never changed: it keeps
 * its own copy of the seller, the buyer and the amounts. A correction's amounts are the change (negative for a refund).
 */
export type InvoicesTable = {
  id: Generated<number>;
  order_id: number;
  kind: "invoice" | "correction";
  series: string;
  /** YYYY-MM of the issue date in Warsaw: numbers run per month. */
  number_month: string;
  number_seq: number;
  number: string;
  corrects_id: number | null;
  issued_at: string;
  /** YYYY-MM-DD in Warsaw. */
  issue_date: string;
  /** YYYY-MM-DD in Warsaw: when the payment came, the tax point of a prepaid service. */
  payment_date: string;
  issued_by: string;
  /** The customer's language, printed beside the binding Polish. */
  locale: Locale;
  seller_name: string;
  seller_address: string;
  seller_nip: string;
  buyer_name: string;
  buyer_address: string;
  buyer_nip: string | null;
  service_name: string;
  quantity: number;
  vat_rate: "23" | "zw";
  vat_exemption_basis: string | null;
  net_grosze: number;
  vat_grosze: number;
  gross_grosze: number;
  currency: string;
  /** A correction's reason. */
  reason: string | null;
};

/** A bank statement file the operator read (app/bank-statements, docs/decisions/080). */
export type BankStatementsTable = {
  id: Generated<number>;
  file_sha256: string;
  file_name: string;
  format: string;
  encoding: string;
  /** The file as uploaded, for the audit; NULL once no order its lines belong to holds its data, or, tied to none, at the end of retention (docs/decisions/084). */
  content: Buffer | null;
  first_booked_on: string | null;
  last_booked_on: string | null;
  line_count: number;
  paid_count: number;
  to_check_count: number;
  read_before_count: number;
  not_ours_count: number;
  uploaded_by: string;
  uploaded_at: string;
  /** Until when the upload reading it holds it; NULL once finished. */
  importing_until: string | null;
  /** When its last line was read; NULL while it is read, or when the upload reading it died. */
  completed_at: string | null;
};

export type StatementLineOutcome = "paid" | "toCheck" | "notOurs";
export type StatementLineResolution = "assigned" | "refund" | "skipped";

/** One booked line of a statement, stored once whichever file brought it (`line_key`). */
export type BankStatementLinesTable = {
  id: Generated<number>;
  statement_id: number;
  /** Its place in the file that first brought it, from 1. */
  line_no: number;
  line_key: string;
  booked_on: string;
  amount_grosze: number;
  currency: string;
  bank_reference: string | null;
  /** NULL for a line that concerns no order: another person's data is not kept. */
  title: string | null;
  counterparty_name: string | null;
  counterparty_account: string | null;
  outcome: StatementLineOutcome;
  /** Why a line is to check (app/bank-statements/matching.ts ToCheck), and its facts as JSON. */
  reason: string | null;
  reason_facts: string | null;
  /** The order it paid, or the one the operator assigned it to. */
  order_id: number | null;
  resolution: StatementLineResolution | null;
  resolved_by: string | null;
  resolved_at: string | null;
};

/**
 * A conversation with a customer (docs/decisions/085): an order's thread (one per order), or a
 * contact page's thread (no order; the name and address the page was given).
 */
export type ConversationsTable = {
  id: Generated<number>;
  order_id: number | null;
  locale: Locale;
  contact_name: string | null;
  contact_email: string | null;
  created_at: string;
  /** The newest customer's and operator's message: the thread is unanswered while the first is later than the second. */
  last_customer_at: string | null;
  last_operator_at: string | null;
  /** When a contact thread's name and address were removed (retention or a request); an order's thread goes with the order. */
  erased_at: string | null;
};
export type ConversationAuthorColumn = "customer" | "operator";
/** One message of a conversation; a thread reads in (created_at, id) order. */
export type ConversationMessagesTable = {
  id: Generated<number>;
  conversation_id: number;
  author: ConversationAuthorColumn;
  /** The operator who answered; NULL for the customer's messages. */
  operator_email: string | null;
  /** The text as typed, control characters removed; NULL once erased. */
  body: string | null;
  created_at: string;
  erased_at: string | null;
  /** A customer's message: the minute of the operator's notice that lists it (conversation_notices). */
  notice_minute: string | null;
};
/**
 * The operator's notices of new messages, one per minute at most: keyed by the minute it may leave
 * in ("2026-05-01T12:01", UTC), owned (in the outbox) by the message that opened it. Composing it
 * closes it: a message that comes later goes to a later minute.
 */
export type ConversationNoticesTable = { minute: string; message_id: number; closed_at: string | null };
/** One language's text of one of the operator's reply templates (docs/decisions/087); a template is its title's four rows. */
export type ReplyTemplatesTable = {
  id: Generated<number>;
  title: string;
  locale: Locale;
  body: string;
  updated_at: string;
};
/** docs/decisions/089: the verification code of each declaration issued for an order, and its lookups. */
export type DeclarationCodesTable = {
  id: Generated<number>;
  order_id: number;
  /** Twelve symbols of app/order/declaration-code.ts's alphabet, without the hyphens it is printed with. */
  code: string;
  issued_at: string;
  /** When a replacement declaration superseded this one; NULL while it is the order's current one. */
  replaced_at: string | null;
  /** How many times the verification page was opened with this code, and when last: nothing about who opened it. */
  lookup_count: Generated<number>;
  last_lookup_at: string | null;
  /**
   * A replacement declaration's own flat (docs/decisions/092): its owner, address and town, the day
   * on the declaration, the operator who issued it and the price the customer paid for it, in grosze.
   * NULL (0) on the order's first declaration, which names the flat of SUBSTITUTE_FLAT_*.
   */
  owner_name: string | null;
  flat_address: string | null;
  flat_city: string | null;
  declared_on: string | null;
  issued_by: string | null;
  price_grosze: Generated<number>;
};
export type DeclarationCodeRow = Selectable<DeclarationCodesTable>;
export type ReplacementChargeState = "awaiting_payment" | "paid" | "cancelled";
/**
 * docs/decisions/094: a replacement declaration the customer is asked to pay online. Its facts (the new
 * flat, its owner, the day) wait with the price until the payment is confirmed; then the declaration is
 * issued and `code` names it.
 */
export type ReplacementChargesTable = {
  id: Generated<number>;
  order_id: number;
  owner_name: string;
  flat_address: string;
  flat_city: string;
  declared_on: string;
  price_grosze: number;
  currency: string;
  state: ReplacementChargeState;
  /** The operator who asked for the payment. */
  requested_by: string;
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  code: string | null;
};
export type ReplacementChargeRow = Selectable<ReplacementChargesTable>;
/** Each Warsaw day's verification lookups: of a known code, and of none (docs/decisions/089). */
export type DeclarationLookupDaysTable = { day: string; found: Generated<number>; missed: Generated<number> };

export type Database = {
  orders: OrdersTable;
  outbox: OutboxTable;
  outbox_attempts: OutboxAttemptsTable;
  operators: OperatorsTable;
  admin_sessions: AdminSessionsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_events: OperatorEventsTable;
  sign_in_attempts: SignInAttemptsTable;
  order_events: OrderEventsTable;
  job_runs: JobRunsTable;
  payments: PaymentsTable;
  order_notes: OrderNotesTable;
  withdrawals: WithdrawalsTable;
  withdrawal_mail_counts: WithdrawalMailCountsTable;
  reviews: ReviewsTable;
  ksef_submissions: KsefSubmissionsTable;
  ksef_certificate_notices: KsefCertificateNoticesTable;
  invoice_requests: InvoiceRequestsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  bank_statements: BankStatementsTable;
  bank_statement_lines: BankStatementLinesTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  conversation_notices: ConversationNoticesTable;
  reply_templates: ReplyTemplatesTable;
  declaration_codes: DeclarationCodesTable;
  replacement_charges: ReplacementChargesTable;
  declaration_lookup_days: DeclarationLookupDaysTable;
};
export type ReviewRow = Selectable<ReviewsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceRequestRow = Selectable<InvoiceRequestsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type KsefSubmissionRow = Selectable<KsefSubmissionsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type OperatorEventRow = Selectable<OperatorEventsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type ConversationMessageRow = Selectable<ConversationMessagesTable>;
