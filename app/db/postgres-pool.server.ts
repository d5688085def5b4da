import pg from "pg";
import { errorFields, log } from "~/log/log.server";

/**
 * A pool of PostgreSQL connections that outlives the loss of one. When the server ends an idle
 * connection (a restart, a failover, an administrator's pg_terminate_backend), pg emits
 * `error` on the pool, and an `error` event nobody listens to ends the Node process. The pool
 * has already dropped that connection and opens a new one for the next query, so a log line is
 * all that is left to do.
 */
export function createPostgresPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", (error) => log.error(errorFields(error), "an idle PostgreSQL connection was lost; the next query opens another"));
  return pool;
}
