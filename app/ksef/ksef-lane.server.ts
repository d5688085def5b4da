import type { AppDatabase } from "~/db/db.server";
import { startOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from "~/outbox/outbox.server";
import { errorFields, log } from "~/log/log.server";
import { loadFa3Schema } from "./fa3-schema.server";
import type { KsefGateway } from "./gateway";
import { ksefOfflineIssuing } from "./ksef-settings.server";
import { KSEF_KINDS } from "./kinds";
import { sendOrderInvoicesToKsef, type KsefInvoiceEvents } from "./submissions.server";

const store = globalThis as typeof globalThis & { __ksefLane?: OutboxWorker };

/**
 * Starts this process's KSeF lane once: an outbox worker that takes only KSeF's submissions, with
 * the outbox's claims and retries, beside the mail worker (which never takes them). KSeF slow or
 * down holds up nothing but its own messages. Null while KSeF is not configured.
 *
 * It also loads the FA(3) schema in the background, so the first invoice's schema check, which
 * runs inside its issuing transaction, finds it ready instead of holding the write lock while
 * libxml2 loads.
 *
 * `events` are what the invoices record of KSeF's answers (app/invoices/ksef-link.server.ts), handed
 * in because KSeF sits below the invoices; app/jobs/ksef-lane.server.ts starts the lane with them.
 */
export function startKsefSubmissionLane(
  db: AppDatabase,
  gateway: KsefGateway | null,
  events: KsefInvoiceEvents,
  { firstRetryMs }: Pick<OutboxWorkerOptions, "firstRetryMs"> = {},
): OutboxWorker | null {
  if (!gateway) return null;
  void warmFa3Schema();
  store.__ksefLane ??= startOutboxWorker({
    db,
    lane: { only: KSEF_KINDS },
    // KSeF numbers an invoice within seconds; a few seconds' wait is nothing to the buyer.
    pollMs: 5000,
    firstRetryMs,
    deliver: (message) => sendOrderInvoicesToKsef(db, gateway, message.order_id ?? 0, { events, offline: ksefOfflineIssuing() }),
  });
  return store.__ksefLane;
}

/**
 * Sends what an issuing request just queued at once, rather than at the lane's next look: the
 * operator who issued an invoice sees KSeF's answer on the next reload. Nothing while KSeF is not configured.
 */
export function nudgeKsefLane(): void {
  store.__ksefLane?.nudge();
}

/** Loads the FA(3) schema in the background. Never rejects: a failure is logged, and the first invoice's check tries again. */
export async function warmFa3Schema(): Promise<void> {
  try {
    await loadFa3Schema();
  } catch (error) {
    log.error(errorFields(error), "the FA(3) schema did not load; the first KSeF invoice will try again");
  }
}
