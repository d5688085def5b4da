import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql } from "kysely";
import { env } from "~/config/env.server";
import { migratePostgres, migrateSqlite } from "./migrate.server";
import { createPostgresPool } from "./postgres-pool.server";
import { keepDatabasePrivate } from "./private-files.server";
import type { Database } from "./schema";
import { BusyRetryingSqliteDialect, retryWhileBusy } from "./sqlite-busy.server";
import { withStatementCache } from "./statement-cache.server";

export type AppDatabase = Kysely<Database>;

/** A SQLite file path, or a `postgres://` URL (several app instances share one PostgreSQL). */
export type DatabaseTarget = { sqlitePath: string } | { postgresUrl: string };

/**
 * Makes a Kysely instance for the target. Nothing connects yet: the dialect's first query
 * opens the connection and applies pending migrations (app/db/migrations/) before any
 * query runs, so a caller never sees an old schema.
 */
export function createDatabase(target: DatabaseTarget): AppDatabase {
  if ("postgresUrl" in target) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: async () => {
          const pool = createPostgresPool(target.postgresUrl, 10);
          await migratePostgres(pool);
          return pool;
        },
      }),
    });
  }
  return new Kysely<Database>({
    dialect: new BusyRetryingSqliteDialect({
      database: async () => {
        const { sqlitePath: path } = target;
        if (path !== ":memory:") {
          // Only the site's user reads the customers' data: the folder, the database, its -wal and -shm (decision 060).
          mkdirSync(dirname(resolve(path)), { recursive: true, mode: 0o700 });
          keepDatabasePrivate(path);
        }
        const connection = new SQLite(path);
        // busy_timeout=0: never block the event loop waiting for another process's lock;
        // retryWhileBusy waits with setTimeout instead (docs/decisions/008).
        connection.pragma("busy_timeout = 0");
        // WAL lets readers run while an order is written; FULL makes an accepted order
        // survive a power cut.
        await retryWhileBusy(() => connection.pragma("journal_mode = WAL"));
        connection.pragma("synchronous = FULL");
        connection.pragma("foreign_keys = ON");
        await retryWhileBusy(() => migrateSqlite(connection));
        return withStatementCache(connection);
      },
    }),
  });
}

/** Opens the database and waits until it is reachable and migrated. */
export async function openDatabase(target: DatabaseTarget): Promise<AppDatabase> {
  const db = createDatabase(target);
  try {
    await sql`SELECT 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return db;
}

export function configuredTarget(): DatabaseTarget {
  return env.DATABASE_URL ? { postgresUrl: env.DATABASE_URL } : { sqlitePath: env.DATABASE_PATH };
}

// One instance per process, kept across dev-server rebuilds.
const globalStore = globalThis as typeof globalThis & {
  __appDatabase?: AppDatabase;
  __appDatabaseReady?: Promise<void>;
};

export function getDb(): AppDatabase {
  globalStore.__appDatabase ??= createDatabase(configuredTarget());
  return globalStore.__appDatabase;
}

/** Connects and migrates now; app/entry.server.tsx awaits it so a bad database fails the boot. */
export function databaseReady(): Promise<void> {
  globalStore.__appDatabaseReady ??= sql`SELECT 1`.execute(getDb()).then(() => undefined);
  return globalStore.__appDatabaseReady;
}
