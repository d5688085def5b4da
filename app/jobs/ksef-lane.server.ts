import type { AppDatabase } from "~/db/db.server";
import type { KsefGateway } from "~/ksef/gateway";
import { invoiceKsefEvents } from "~/invoices/ksef-link.server";
import { startKsefSubmissionLane } from "~/ksef/ksef-lane.server";
import type { OutboxWorker, OutboxWorkerOptions } from "~/outbox/outbox.server";

/** This process's KSeF lane (app/ksef/ksef-lane.server.ts), recording KSeF's answers on the order's invoices. Null while KSeF is not configured. */
export function startKsefLane(
  db: AppDatabase,
  gateway: KsefGateway | null,
  retries: Pick<OutboxWorkerOptions, "firstRetryMs"> = {},
): OutboxWorker | null {
  return startKsefSubmissionLane(db, gateway, invoiceKsefEvents, retries);
}
