import type { AppDatabase } from "~/db/db.server";
import type { PaymentGateway } from "./gateway";
import { CLOSED_WITHOUT_GATEWAY_WORD, recheckPayment } from "./settle.server";

/** Housekeeping asks about attempts whose notification is this late; Przelewy24's own retries are over by then. */
export const HOUSEKEEPING_RECHECK_AFTER_MS = 15 * 60_000;
const BATCH = 100;

/**
 * Attempts still in progress long after they began: each is asked about (transaction/by/sessionId)
 * and a paid one goes through the verified path; an unpaid one is closed. Attempts we closed
 * without the gateway's word that nothing was paid (a refused code, a customer back from the
 * gateway's page unpaid) are asked about once too, as late: money taken after all is applied the
 * same way, and an order is never cancelled as unpaid while it is. Returns how many were paid.
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
  const closed = await db
    .selectFrom("payments")
    .selectAll()
    .where("state", "=", "failed")
    .where("failure", "in", CLOSED_WITHOUT_GATEWAY_WORD)
    .where("checked_at", "is", null)
    .where("created_at", "<=", cutoff)
    .orderBy("id")
    .limit(BATCH)
    .execute();
  let paid = 0;
  for (const payment of stale) {
    if ((await recheckPayment(db, gateway, payment, now, true)) === "paid") paid += 1;
  }
  for (const payment of closed) {
    const outcome = await recheckPayment(db, gateway, payment, now, false);
    if (outcome === "paid") paid += 1;
    // Asked once; a gateway that could not answer is asked again at the next run.
    if (outcome !== "unavailable")
      await db.updateTable("payments").set({ checked_at: now.toISOString() }).where("id", "=", payment.id).execute();
  }
  return paid;
}
