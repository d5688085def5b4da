import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely } from "kysely";
import { env } from "~/config/env.server";
import { migrate } from "./migrations";
import { ResilientSqliteDialect } from "./sqlite-dialect.server";
import type { Database } from "./schema";

export type AppDatabase = Kysely<Database>;

/**
 * Opens (and creates) a SQLite file and brings its schema up to date.
 * WAL lets readers run while an order is written; synchronous=FULL makes an accepted
 * order survive a power cut. A write that finds another process holding the lock waits
 * asynchronously (sqlite-dialect.server.ts), never blocking this process's other requests.
 */
export function openDatabase(path: string): AppDatabase {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const connection = new SQLite(path);
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = FULL");
  connection.pragma("foreign_keys = ON");
  migrate(connection);
  return new Kysely<Database>({ dialect: new ResilientSqliteDialect(connection) });
}

// One connection per process, kept across dev-server rebuilds.
const globalStore = globalThis as typeof globalThis & { __appDatabase?: AppDatabase };

export function getDb(): AppDatabase {
  globalStore.__appDatabase ??= openDatabase(env.DATABASE_PATH);
  return globalStore.__appDatabase;
}
