import { DatabaseBusyError } from "./sqlite-busy.server";

/** PostgreSQL's SQLSTATEs for a failure of the moment: serialization, deadlock, a lock not granted. */
const RETRYABLE_SQLSTATES = new Set(["40001", "40P01", "55P03"]);
/** Node's socket errors while PostgreSQL cannot be reached. */
const UNREACHABLE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * A database failure that trying the same request again shortly may cure: the SQLite file
 * stayed locked, or PostgreSQL is unreachable, restarting, out of connections or chose this
 * transaction as a deadlock's victim. Only these earn a 503 with Retry-After. Anything else
 * (PostgreSQL refusing a value, say) would fail the same way for ever, so a client told to
 * retry would retry for ever.
 */
export function isPassingDatabaseFailure(error: unknown): boolean {
  if (error instanceof DatabaseBusyError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // Classes 08 (connection), 53 (insufficient resources) and 57P (shutdown, crash, cannot connect now).
    if (/^(08|53|57P)/.test(code) || RETRYABLE_SQLSTATES.has(code) || UNREACHABLE.has(code)) return true;
  }
  // pg's own words when a pooled connection dies or none frees up in time.
  return /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
}
