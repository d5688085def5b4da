import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { env } from "~/config/env.server";
import { getDb } from "./db.server";

/**
 * What /healthz asks the database. On SQLite it reads through a connection of its own, read
 * only: the app's one connection runs its queries one after another, so a write waiting for
 * another process's lock (docs/decisions/008) would hold the health check up with it, and a
 * load balancer would take a working instance out. In WAL mode a reader never waits for a
 * writer. PostgreSQL's pool has connections to spare.
 */
let reader: SQLite.Database | undefined;

export async function checkDatabaseReadable(): Promise<void> {
  if (env.DATABASE_URL || env.DATABASE_PATH === ":memory:") {
    await sql`select 1`.execute(getDb());
    return;
  }
  if (!reader) {
    reader = new SQLite(env.DATABASE_PATH, { readonly: true, fileMustExist: true });
    reader.pragma("busy_timeout = 0");
  }
  reader.prepare("select count(*) from sqlite_master").get();
}
