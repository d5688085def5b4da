import SQLite from "better-sqlite3";
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import { configuredTarget, type DatabaseTarget } from "~/db/db.server";
import { createPostgresPool } from "~/db/postgres-pool.server";

/**
 * Request budgets per client address (decision 019), counted in the app's database so that
 * every instance on it shares them: 30 POSTs a minute (order forms, the API, the consent
 * form) and 1,000 GETs a minute. The providers' notifications (Przelewy24's, InPost's webhook)
 * come from a few addresses of theirs in bursts, a busy dispatch day's statuses all at once: they
 * have a budget of their own, 600 POSTs a minute, which the site's forms never share
 * (docs/decisions/059). rate-limiter-flexible keeps the counters, in the table `rate_limits` that
 * the app's migrations make (docs/decisions/037): the limits are built after databaseReady(), and
 * never create a table themselves.
 */
export const POST_LIMIT_PER_MINUTE = 30;
export const GET_LIMIT_PER_MINUTE = 1000;
export const PROVIDER_POST_LIMIT_PER_MINUTE = 600;

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** GET (and HEAD), POST, or a POST to one of the providers' notification paths. */
export type RateLimitBudget = "GET" | "POST" | "PROVIDER";

export type RateLimits = { check(budget: RateLimitBudget, clientKey: string): Promise<RateLimitVerdict> };

/** How long a busy database may delay the decision before the request is let through. */
const DECISION_BUDGET_MS = 250;

function isBusy(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "SQLITE_BUSY";
}

/**
 * Counters in their own table of the SQLite file, on their own connection (never inside the
 * app's transactions) with no busy timeout: a locked database delays a decision by a few
 * milliseconds at most, asynchronously, and then lets the request through rather than
 * stalling the site.
 */
function sqliteRateLimits(databasePath: string): RateLimits {
  const connection = new SQLite(databasePath);
  connection.pragma("journal_mode = WAL");
  connection.pragma("busy_timeout = 0");
  return limitsWith(
    (keyPrefix, points) =>
      new RateLimiterSQLite({
        storeClient: connection,
        storeType: "better-sqlite3",
        tableName: "rate_limits",
        tableCreated: true,
        keyPrefix,
        points,
        duration: 60,
        clearExpiredByTimeout: true,
      }),
  );
}

/** On PostgreSQL every instance shares the counters through one table (a small pool of its own). */
function postgresRateLimits(databaseUrl: string): RateLimits {
  const pool = createPostgresPool(databaseUrl, 3);
  return limitsWith(
    (keyPrefix, points) =>
      new RateLimiterPostgres({
        storeClient: pool,
        tableName: "rate_limits",
        tableCreated: true,
        keyPrefix,
        points,
        duration: 60,
        clearExpiredByTimeout: true,
      }),
  );
}

/** The limits for a database whose migrations have run. */
export function rateLimitsFor(target: DatabaseTarget): RateLimits {
  return "postgresUrl" in target ? postgresRateLimits(target.postgresUrl) : sqliteRateLimits(target.sqlitePath);
}

/** The limits for this process's database (DATABASE_URL, or the SQLite file). */
export function configuredRateLimits(): RateLimits {
  return rateLimitsFor(configuredTarget());
}

function limitsWith(limiter: (keyPrefix: string, points: number) => RateLimiterAbstract): RateLimits {
  const limiters: Record<RateLimitBudget, RateLimiterAbstract> = {
    POST: limiter("post", POST_LIMIT_PER_MINUTE),
    GET: limiter("get", GET_LIMIT_PER_MINUTE),
    PROVIDER: limiter("provider", PROVIDER_POST_LIMIT_PER_MINUTE),
  };
  return {
    async check(budget, clientKey) {
      const deadline = Date.now() + DECISION_BUDGET_MS;
      for (let wait = 2; ; wait *= 2) {
        try {
          await limiters[budget].consume(clientKey);
          return { allowed: true };
        } catch (outcome) {
          if (outcome instanceof RateLimiterRes)
            return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
          if (!isBusy(outcome) || Date.now() + wait > deadline) return { allowed: true };
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    },
  };
}

/**
 * The client's address: the connection's, or, behind `trustedProxies` reverse proxies, the
 * address the outermost trusted proxy saw (X-Forwarded-For read from the right).
 */
export function clientAddressOf(remoteAddress: string | undefined, forwardedFor: string | undefined, trustedProxies: number): string {
  const direct = remoteAddress ?? "unknown";
  if (trustedProxies === 0 || !forwardedFor) return direct;
  const hops = forwardedFor
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops[hops.length - trustedProxies] ?? hops[0] ?? direct;
}
