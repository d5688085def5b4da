import type SQLite from "better-sqlite3";

/** The part of a better-sqlite3 connection that Kysely's SqliteDialect uses. */
export type PreparingDatabase = Pick<SQLite.Database, "prepare" | "close">;

/** More distinct statements than the app writes (a few dozen); the bound only guards against a leak. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs anew, and SQLite compiles it each time. The app's
 * statements are a few dozen SQL texts run again and again (an order runs about ten), so they
 * are kept compiled, by their SQL text: under load, compiling took about 3 % of the process's
 * CPU. The oldest is dropped past `size`. Kysely hands its one SQLite connection to one query at
 * a time (a stream holds it to the end), so a kept statement is never run twice at once.
 */
export function withStatementCache(connection: SQLite.Database, size = STATEMENT_CACHE_SIZE): PreparingDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached) return cached;
      const statement = connection.prepare(source);
      if (statements.size >= size) statements.delete(statements.keys().next().value!);
      statements.set(source, statement);
      return statement;
    },
    close: () => connection.close(),
  } as PreparingDatabase;
}
