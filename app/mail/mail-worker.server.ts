import { company, env } from "~/config/env.server";
import { mailEnv } from "~/config/mail-env.server";
import type { AppDatabase } from "~/db/db.server";
import { confirmationAttachments } from "~/documents/order-documents.server";
import { startOutboxWorker, type Deliver, type OutboxWorker } from "~/outbox/outbox.server";
import { createQuietGate } from "~/outbox/quiet-gate.server";
import type { RequestActivity } from "~/server/request-activity.server";
import { composeMessage } from "./compose.server";
import { createMailSender, type SendMail } from "./transport.server";
import { configuredGateway } from "~/payments/gateway.server";

/**
 * The outbox's delivery: read the order, compose the message in its language, hand it to
 * SMTP (or an .eml file). One worker per server process, started at boot.
 */
export function createDeliver(db: AppDatabase, send: SendMail): Deliver {
  return async (message) => {
    const order = await db.selectFrom("orders").selectAll().where("id", "=", message.order_id).executeTakeFirstOrThrow();
    const mail = await composeMessage(message, order, {
      company,
      siteUrl: env.SITE_URL,
      operatorEmail: mailEnv.OPERATOR_EMAIL,
      paymentDeadlineDays: env.PAYMENT_DEADLINE_DAYS,
      onlinePayment: configuredGateway() !== null,
      confirmationAttachments: (row, t) => confirmationAttachments(row, company, t),
      now: new Date(),
    });
    return send(mail);
  };
}

const store = globalThis as typeof globalThis & { __mailWorker?: OutboxWorker };

/** Starts this process's worker once (the dev server re-imports modules on every change). */
export function startMailWorker(db: AppDatabase, activity: Pick<RequestActivity, "quietForMs">): OutboxWorker {
  store.__mailWorker ??= startOutboxWorker({
    db,
    deliver: createDeliver(db, createMailSender({ smtpUrl: mailEnv.SMTP_URL, from: mailEnv.MAIL_FROM, mailDir: mailEnv.MAIL_DIR })),
    // Requests first: while pages are being answered, the e-mails take a twentieth of the time.
    whenQuiet: createQuietGate({ quietForMs: activity.quietForMs }),
  });
  return store.__mailWorker;
}

/** After a change that queued mail: send it now rather than at the next poll. */
export function nudgeMailWorker(): void {
  store.__mailWorker?.nudge();
}
