import { company, env } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import type { DocumentThread } from "./document-thread.server";
import { KSEF_KINDS } from "~/ksef/kinds";
import { startOutboxWorker, type Deliver, type OutboxWorker, type OutboxWorkerOptions } from "~/outbox/outbox.server";
import { createQuietGate } from "~/outbox/quiet-gate.server";
import type { RequestActivity } from "~/server/request-activity.server";
import { composeInvoiceMessage, invoiceRequestRows, invoicesOfMessage, isInvoiceMessage } from "~/invoices/invoice-mail.server";
import { onlinePaymentConfigured } from "~/payments/przelewy24-settings.server";
import { composeMessage } from "~/mail/compose.server";
import { composeOperatorAccountMessage } from "~/mail/operator-account-mail.server";
import { composeConversationMessage } from "~/mail/conversation-mail.server";
import { conversationMailOf } from "~/messages/conversation-mail.server";
import { composeWithdrawalMessage, WITHDRAWN_ORDER_COLUMNS } from "~/withdrawal/withdrawal-mail.server";
import { MailRefusedError, type MailTransport } from "~/mail/transport.server";
import { findRequest } from "~/order/invoice-request.server";

/**
 * The outbox's delivery: read the order, compose the message in its language, hand it to
 * SMTP (or an .eml file). One worker per server process, started at boot.
 */
export function createDeliver(db: AppDatabase, transport: MailTransport, documents: DocumentThread): Deliver {
  return async (message) => {
    if (message.operator_event_id !== null) {
      const event = await db
        .selectFrom("operator_events")
        .selectAll()
        .where("id", "=", message.operator_event_id)
        .executeTakeFirstOrThrow();
      return transport.send(await composeOperatorAccountMessage(message, event, { company, siteUrl: env.SITE_URL }));
    }
    if (message.conversation_message_id !== null) {
      const mail = await conversationMailOf(db, message, { siteUrl: env.SITE_URL, now: new Date() });
      return transport.send(
        await composeConversationMessage(message, mail, { company, siteUrl: env.SITE_URL, operatorEmail: env.OPERATOR_EMAIL }),
      );
    }
    if (message.withdrawal_id !== null) {
      const withdrawal = await db.selectFrom("withdrawals").selectAll().where("id", "=", message.withdrawal_id).executeTakeFirstOrThrow();
      const matched =
        withdrawal.order_id === null
          ? null
          : await db.selectFrom("orders").select(WITHDRAWN_ORDER_COLUMNS).where("id", "=", withdrawal.order_id).executeTakeFirstOrThrow();
      return transport.send(
        await composeWithdrawalMessage(message, withdrawal, matched, {
          company,
          siteUrl: env.SITE_URL,
          operatorEmail: env.OPERATOR_EMAIL,
        }),
      );
    }
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", message.order_id ?? 0)
      .executeTakeFirstOrThrow();
    if (isInvoiceMessage(message))
      return transport.send(
        await composeInvoiceMessage(message, order, await invoicesOfMessage(db, message), {
          company,
          siteUrl: env.SITE_URL,
          drawInvoice: (input) => documents.invoicePdf(input),
        }),
      );
    const mail = await composeMessage(message, order, {
      company,
      siteUrl: env.SITE_URL,
      operatorEmail: env.OPERATOR_EMAIL,
      paymentDeadlineDays: env.PAYMENT_DEADLINE_DAYS,
      onlinePayment: onlinePaymentConfigured(),
      courierTrackingUrl: env.COURIER_TRACKING_URL,
      confirmationAttachments: (row) => documents.confirmationAttachments(row, company),
      invoiceRows: message.kind === "order_confirmation" ? invoiceRequestRows(await findRequest(db, order.id), order.locale) : [],
      now: new Date(),
    });
    return transport.send(mail);
  };
}

/**
 * How long queued mail waits after the response that queued it. The customer's browser asks for
 * the next page (an accepted order's payment page) one network round trip later; drawn before it,
 * the confirmation's PDFs would hold that page up for as long as they take on the one JavaScript
 * thread. A quarter of a second covers a slow mobile round trip and is nothing to an e-mail.
 */
export const MAIL_AFTER_RESPONSE_MS = 250;

/** Every message but KSeF's submissions, which have a lane of their own (app/ksef/ksef-lane.server.ts). */
export const MAIL_LANE = { except: KSEF_KINDS } as const;

/** An outbox worker that e-mails every message of the mail lane, and gives up at once on the ones the mail server refuses for good. */
export function startMailOutbox(
  db: AppDatabase,
  transport: MailTransport,
  documents: DocumentThread,
  options: Pick<OutboxWorkerOptions, "whenQuiet" | "pollMs" | "log" | "now" | "firstRetryMs"> = {},
): OutboxWorker {
  return startOutboxWorker({
    db,
    deliver: createDeliver(db, transport, documents),
    lane: MAIL_LANE,
    isRefusal: (error) => error instanceof MailRefusedError,
    ...options,
  });
}

type MailWorker = { worker: OutboxWorker; sendSoon: () => void; activity: Pick<RequestActivity, "whenIdle"> };
const store = globalThis as typeof globalThis & { __mailWorker?: MailWorker };

/** Starts this process's worker once (the dev server re-imports modules on every change). */
export function startMailWorker(
  db: AppDatabase,
  activity: Pick<RequestActivity, "quietForMs" | "whenIdle">,
  documents: DocumentThread,
  transport: MailTransport,
  { firstRetryMs }: Pick<OutboxWorkerOptions, "firstRetryMs"> = {},
): OutboxWorker {
  if (!store.__mailWorker) {
    const worker = startMailOutbox(
      db,
      transport,
      documents,
      // Requests first: while pages are being answered, the e-mails take a twentieth of the time.
      { whenQuiet: createQuietGate({ quietForMs: activity.quietForMs }), firstRetryMs },
    );
    let scheduled: NodeJS.Timeout | undefined;
    const sendSoon = () => {
      scheduled ??= setTimeout(() => {
        scheduled = undefined;
        worker.nudge();
      }, MAIL_AFTER_RESPONSE_MS).unref();
    };
    store.__mailWorker = { worker, sendSoon, activity };
  }
  return store.__mailWorker.worker;
}

/**
 * After a change that queued mail: send it rather than wait for the next poll (a second), once
 * the response that queued it has gone and the page the customer asks for next has had its
 * chance (MAIL_AFTER_RESPONSE_MS).
 */
export function nudgeMailWorker(): void {
  const running = store.__mailWorker;
  running?.activity.whenIdle(running.sendSoon);
}
