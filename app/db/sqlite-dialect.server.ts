import type BetterSqlite3 from "better-sqlite3";
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from "kysely";

/**
 * Kysely's SQLite dialect over better-sqlite3, with two changes (docs/decisions/008):
 *
 * - **No event-loop stalls.** better-sqlite3 is synchronous: with a busy timeout, a write
 *   that waits for another process's lock would freeze every request of this process.
 *   The connection has no busy timeout instead; a write that finds the database locked is
 *   tried again after a short asynchronous pause, for up to BUSY_RETRY_MS, while reads
 *   (which WAL never blocks) and other requests go on.
 * - **Write transactions take the lock at BEGIN** (`begin immediate`), so a transaction
 *   never fails half-way for a lock, and retrying its BEGIN is always safe.
 *
 * Prepared statements are kept per SQL text, so a query shape is compiled once.
 */
export const BUSY_RETRY_MS = 5_000;
const STATEMENT_CACHE_LIMIT = 500;

export class DatabaseBusyError extends Error {
  constructor() {
    super(`the database stayed locked for ${BUSY_RETRY_MS} ms`);
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT" || code === "SQLITE_LOCKED";
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function retryWhileBusy<T>(run: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() + wait > deadline) throw new DatabaseBusyError();
      await pause(wait);
    }
  }
}

/** better-sqlite3 with a bounded cache of prepared statements, in the shape Kysely's dialect expects. */
function withStatementCache(connection: BetterSqlite3.Database) {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
        statement = connection.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export class ResilientSqliteDialect extends SqliteDialect {
  constructor(connection: BetterSqlite3.Database) {
    connection.pragma("busy_timeout = 0");
    super({ database: withStatementCache(connection) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const retrying = (connection: DatabaseConnection): DatabaseConnection => ({
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => retryWhileBusy(() => connection.executeQuery<R>(query)),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    });
    return {
      init: () => driver.init(),
      acquireConnection: async () => retrying(await driver.acquireConnection()),
      beginTransaction: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
      },
      commitTransaction: (connection) => driver.commitTransaction(connection),
      rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
      savepoint: driver.savepoint?.bind(driver),
      rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
      releaseSavepoint: driver.releaseSavepoint?.bind(driver),
      releaseConnection: (connection) => driver.releaseConnection(connection),
      destroy: () => driver.destroy(),
    };
  }
}
