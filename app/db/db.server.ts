import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { env } from "~/config/env.server";
import { migrate } from "./migrations";
import type { Database } from "./schema";

export type AppDatabase = Kysely<Database>;

/**
 * Opens (and creates) a SQLite file and brings its schema up to date.
 * WAL lets readers run while an order is written; synchronous=FULL makes an accepted
 * order survive a power cut; busy_timeout lets a second process wait for the write lock
 * instead of failing at once.
 */
export function openDatabase(path: string): AppDatabase {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const connection = new SQLite(path);
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = FULL");
  connection.pragma("busy_timeout = 5000");
  connection.pragma("foreign_keys = ON");
  migrate(connection);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
}

// One connection per process, kept across dev-server rebuilds.
const globalStore = globalThis as typeof globalThis & { __appDatabase?: AppDatabase };

export function getDb(): AppDatabase {
  globalStore.__appDatabase ??= openDatabase(env.DATABASE_PATH);
  return globalStore.__appDatabase;
}
