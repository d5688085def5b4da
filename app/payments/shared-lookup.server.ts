import type { GatewayTransaction, PaymentGateway } from "./gateway";
import type { TransactionLookup } from "./settle.server";

/** The payment page asks the gateway about one payment at most this often; loads in between share the answer. */
export const LOOKUP_INTERVAL_MS = 10_000;

/**
 * transaction/by/sessionId, asked at most once per session every `intervalMs` in this process: a
 * request in that time, and any asking at the same moment, gets the same answer (or the same
 * failure), so reloading a waiting page, however fast, costs the gateway one question per 10 s.
 * Only the payment page reads through it; starting or recovering a payment asks afresh.
 */
export function createSharedLookup(
  gateway: PaymentGateway,
  intervalMs = LOOKUP_INTERVAL_MS,
  clock: () => number = () => performance.now(),
): TransactionLookup {
  const asked = new Map<string, { at: number; answer: Promise<GatewayTransaction | null> }>();
  return (sessionId) => {
    const now = clock();
    const recent = asked.get(sessionId);
    if (recent && now - recent.at < intervalMs) return recent.answer;
    for (const [key, entry] of asked) if (now - entry.at >= intervalMs) asked.delete(key);
    const answer = gateway.transactionBySessionId(sessionId);
    // Whoever awaits it handles a failure; the copy kept here must not count as unhandled.
    answer.catch(() => undefined);
    asked.set(sessionId, { at: now, answer });
    return answer;
  };
}
