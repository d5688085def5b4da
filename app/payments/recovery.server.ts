import type { AppDatabase } from "~/db/db.server";
import type { PaymentGateway } from "./gateway";
import { recheckPayment } from "./settle.server";

/** Housekeeping asks about attempts whose notification is this late; Przelewy24's own retries are over by then. */
export const HOUSEKEEPING_RECHECK_AFTER_MS = 15 * 60_000;
const BATCH = 100;

/**
 * Attempts still in progress long after they began: each is asked about (transaction/by/sessionId)
 * and a paid one goes through the verified path; an unpaid one is closed. Returns how many were paid.
 */
export async function recoverStalePayments(db: AppDatabase, gateway: PaymentGateway, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - HOUSEKEEPING_RECHECK_AFTER_MS).toISOString();
  const stale = await db
    .selectFrom("payments")
    .selectAll()
    .where("state", "in", ["registered", "pending"])
    .where("created_at", "<=", cutoff)
    .orderBy("id")
    .limit(BATCH)
    .execute();
  let paid = 0;
  for (const payment of stale) {
    if ((await recheckPayment(db, gateway, payment, now, true)) === "paid") paid += 1;
  }
  return paid;
}
