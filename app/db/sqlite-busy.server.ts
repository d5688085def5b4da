import { setTimeout as sleep } from "node:timers/promises";
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryCompiler, type TransactionSettings } from "kysely";

/**
 * better-sqlite3 is synchronous: with a busy_timeout, a write that waits for another
 * process's lock blocks the whole event loop. So the connection runs with busy_timeout=0
 * and a busy statement is retried here, after a setTimeout, leaving the loop free for other
 * requests (docs/decisions/008). Past the budget the caller gets a DatabaseBusyError.
 */
export const SQLITE_BUSY_BUDGET_MS = 10_000;

export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super("The database stayed locked by another process; try again shortly.", {
      cause,
    });
    this.name = "DatabaseBusyError";
  }
}

/** SQLITE_BUSY or one of its extended codes: another connection holds the lock this one needs. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"));
}

/** Runs `attempt` until it stops failing with SQLITE_BUSY: 5 ms, 10 ms, … capped at 100 ms. */
export async function retryWhileBusy<T>(attempt: () => T | Promise<T>, budgetMs = SQLITE_BUSY_BUDGET_MS): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() + delay > deadline) throw new DatabaseBusyError(error);
      await sleep(delay);
    }
  }
}

class BusyRetryingConnection implements DatabaseConnection {
  constructor(private readonly inner: DatabaseConnection) {}
  executeQuery: DatabaseConnection["executeQuery"] = (query) => retryWhileBusy(() => this.inner.executeQuery(query));
  streamQuery: DatabaseConnection["streamQuery"] = (query, chunkSize) => this.inner.streamQuery(query, chunkSize);
}

class BusyRetryingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, BusyRetryingConnection>();
  private readonly unwrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  constructor(private readonly inner: Driver) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrapped.get(connection);
    if (!wrapper) {
      wrapper = new BusyRetryingConnection(connection);
      this.wrapped.set(connection, wrapper);
      this.unwrapped.set(wrapper, connection);
    }
    return wrapper;
  }
  // BEGIN, COMMIT and savepoints go through the wrapper, so they are retried too.
  // The write lock is taken at BEGIN ("begin immediate"), so a transaction never fails
  // half-way for a lock and retrying its BEGIN is always safe (decision 008).
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await this.inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(this.unwrapped.get(connection) ?? connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

export class BusyRetryingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new BusyRetryingDriver(super.createDriver());
  }
}
