import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase } from "~/db/db.server";
import type { MessageKind, OrderRow, OutboxRow } from "~/db/schema";
import { LOCALES } from "~/i18n/locales";
import { acceptOrder } from "~/order/order.server";
import { SAMPLE_API_ORDER } from "../../tests/support/sample-order";
import { composeMessage, type ComposeContext } from "./compose.server";

/**
 * Every e-mail composeMessage writes, for every kind, language, order state and set of queued facts,
 * recorded as a digest of its whole message (recipient, subject, text, HTML, attachments, Message-ID):
 * a change to the composers that is meant to be only a change of code shows here as no change at all.
 * A change of wording is meant to show: regenerate with `npx vitest run <this file> --update` and say why in the commit (docs/decisions/071).
 */

/** Every kind there is: a kind added to MessageKind and not listed here does not compile. */
const EVERY_KIND: Record<MessageKind, true> = {
  order_confirmation: true,
  operator_new_order: true,
  payment_reminder: true,
  order_paid: true,
  order_dispatched: true,
  order_cancelled: true,
  order_reopened: true,
  details_corrected: true,
  tracking_corrected: true,
  refund_recorded: true,
  operator_refund_rejected: true,
  operator_payment_to_return: true,
  withdrawal_acknowledgement: true,
  withdrawal_receipt: true,
  operator_withdrawal: true,
  review_request: true,
  ksef_submission: true,
  invoice_issued: true,
  invoice_corrected: true,
  withdrawal_expired: true,
  withdrawal_late: true,
  operator_account_locked: true,
  operator_payment_received: true,
  order_move_undone: true,
  conversation_answer: true,
  operator_new_message: true,
  declaration_replaced: true,
  replacement_payment_requested: true,
  address_reminder: true,
  address_confirmed: true,
};
const KINDS = Object.keys(EVERY_KIND) as MessageKind[];

const ORDERED = new Date("2026-11-23T09:00:00Z");

/** The order in three states that take every branch: unpaid; paid, sent to a locker, withdrawn with an amount kept; cancelled after a withdrawal, unpaid. */
const STATES: Record<string, Partial<OrderRow>> = {
  unpaid: {},
  paidLockerWithdrawn: {
    declaration_type: "regular",
    price_grosze: 29900,
    status: "dispatched",
    tenant_name: "Olena Kovalenko",
    tenant_name_original: "Олена Коваленко",
    co_residents: JSON.stringify(["Ivan Kovalenko", "Maria <i>Kovalenko</i>"]),
    start_date: "2026-11-25",
    immediate_performance_consent_at: "2026-11-23T09:00:00.000Z",
    paid_at: "2026-11-24T10:15:00.000Z",
    received_grosze: 29900,
    dispatched_at: "2026-11-25T08:00:00.000Z",
    tracking_number: "520000011395200025",
    courier: "InPost",
    delivered_at: "2026-11-26T12:00:00.000Z",
    delivery_method: "locker",
    locker_name: "KRA010",
    locker_address: "ul. Floriańska 3, 31-042 Kraków",
    withdrawn_at: "2026-11-27T07:30:00.000Z",
    withdrawal_decision: "partial",
    withdrawal_retained_grosze: 5000,
    withdrawal_decision_reason_code: "declaration_signed",
  },
  cancelledWithdrawnUnpaid: {
    status: "cancelled",
    start_date: null,
    landlord_name: null,
    rental_period_days: 90,
    cancelled_at: "2026-11-24T08:00:00.000Z",
    withdrawn_at: "2026-11-23T18:00:00.000Z",
  },
};

/** The facts a message may be queued with: none, one set, and another that takes the other branches. */
const FACTS: Record<string, Record<string, unknown> | null> = {
  none: null,
  full: {
    paidAt: "2026-11-24T10:15:00.000Z",
    paymentMethod: "blik",
    refundedGrosze: 10000,
    refundedBy: "transfer",
    receivedGrosze: 39900,
    fields: ["tenantName", "email", "phone", "mailingAddress", "propertyAddress", "landlordName"],
    trackingNumber: "PL123456789",
    courier: "DPD <Polska>",
    reason: "Zamówienie <złożone> dwa razy",
    reasonCode: "own",
  },
  other: {
    paymentMethod: "redirect",
    refundDueGrosze: 5000,
    fields: ["email", "unknown"],
    trackingNumber: 123,
    reason: "powód",
    reasonCode: "duplicate",
  },
};

const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

it("every message of every kind, language, order state and facts is composed exactly as recorded", async () => {
  const db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "compose-characterisation-")), "app.db") });
  const { order: placed } = await acceptOrder(db, {
    details: {
      ...SAMPLE_API_ORDER,
      declarationType: "notarized",
      tenantName: "Олена <b>Коваленко</b>",
      landlordName: "Anna Nowak",
      startDate: "2026-12-01",
      email: "olena@example.com",
      phone: "+48 600 100 200",
      rentalPeriodDays: null,
      immediatePerformanceRequested: false,
    },
    variant: "standard",
    channel: "form",
    locale: "pl",
    idempotencyKey: "characterisation",
    dataProcessingConsentAt: ORDERED,
    now: ORDERED,
  });
  await db.destroy();
  const contexts: ComposeContext[] = [
    {
      company: PLACEHOLDER_COMPANY,
      siteUrl: "https://adres.example",
      operatorEmail: "operator@adres.example",
      paymentDeadlineDays: 7,
      confirmationAttachments: async (order) => [
        { filename: `agreement-${order.number}.pdf`, content: Buffer.from(`%PDF-1.7 ${order.locale}`), contentType: "application/pdf" },
      ],
      now: new Date("2026-11-26T11:00:00Z"),
    },
    {
      company: PLACEHOLDER_COMPANY,
      siteUrl: "https://adres.example",
      operatorEmail: "operator@adres.example",
      // Ordered on Monday 23 November: three days fall on Thursday, four on Friday, six on Sunday (moved to Monday).
      paymentDeadlineDays: 6,
      onlinePayment: true,
      courierTrackingUrl: "https://track.example/?n={number}",
      confirmationAttachments: async () => [],
      invoiceRows: [["Faktura dla", "Firma <Sp.> z o.o."]],
      now: new Date("2026-11-28T16:00:00Z"),
    },
  ];

  const recorded: Record<string, string> = {};
  for (const [state, changes] of Object.entries(STATES))
    for (const [factsName, facts] of Object.entries(FACTS))
      for (const [contextIndex, context] of contexts.entries())
        for (const locale of LOCALES)
          for (const kind of KINDS) {
            const order: OrderRow = { ...placed, payment_token: "tok-Z9_x", id: 42, locale, ...changes };
            const message: OutboxRow = {
              id: 7,
              order_id: 42,
              withdrawal_id: null,
              operator_event_id: null,
              conversation_message_id: null,
              kind,
              data: facts ? JSON.stringify(facts) : null,
              status: "sending",
              attempts: 0,
              next_attempt_at: ORDERED.toISOString(),
              claim_id: null,
              claimed_at: null,
              last_error: null,
              sent_at: null,
              created_at: ORDERED.toISOString(),
              resent: contextIndex,
              refused: 0,
              request_id: null,
            };
            const key = `${state} ${factsName} context${contextIndex} ${locale} ${kind}`;
            try {
              const mail = await composeMessage(message, order, context);
              recorded[key] = digest({
                ...mail,
                attachments: mail.attachments.map((a) => ({ ...a, content: a.content.toString("base64") })),
              });
            } catch (error) {
              recorded[key] = `throws: ${(error as Error).message}`;
            }
          }
  await expect(`${JSON.stringify(recorded, null, 2)}\n`).toMatchFileSnapshot("./__snapshots__/compose-characterisation.json");
});
