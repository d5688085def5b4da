import type { AppDatabase } from "~/db/db.server";
import { startOutboxWorker, type OutboxWorker } from "~/outbox/outbox.server";
import { configuredKsefGateway } from "./ksef-gateway.server";
import { KSEF_KINDS } from "./kinds";
import { sendOrderInvoicesToKsef } from "./submissions.server";

const store = globalThis as typeof globalThis & { __ksefLane?: OutboxWorker };

/**
 * Starts this process's KSeF lane once: an outbox worker that takes only KSeF's submissions, with
 * the outbox's claims and retries, beside the mail worker (which never takes them). KSeF slow or
 * down holds up nothing but its own messages. Null while KSeF is not configured.
 */
export function startKsefLane(db: AppDatabase): OutboxWorker | null {
  const gateway = configuredKsefGateway();
  if (!gateway) return null;
  store.__ksefLane ??= startOutboxWorker({
    db,
    lane: { only: KSEF_KINDS },
    // KSeF numbers an invoice within seconds; a few seconds' wait is nothing to the buyer.
    pollMs: 5000,
    deliver: (message) => sendOrderInvoicesToKsef(db, gateway, message.order_id ?? 0),
  });
  return store.__ksefLane;
}
