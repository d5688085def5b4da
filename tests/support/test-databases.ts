import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseTarget } from "~/db/db.server";
import { type Dialect, selectedDialects } from "./test-dialects";

export type { Dialect };
/** The databases this run tests (all of them unless TEST_DIALECTS says otherwise); database tests run once per entry (describe.each). */
export const DIALECTS = selectedDialects();

/** A fresh, empty database of the dialect: a temp SQLite file, or a new PostgreSQL database. */
export async function freshTarget(dialect: Dialect): Promise<DatabaseTarget> {
  if (dialect === "sqlite")
    return {
      sqlitePath: join(mkdtempSync(join(tmpdir(), "db-test-")), "nested", "app.db"),
    };
  return newPostgresDatabase();
}

/** A new database in the run's PostgreSQL cluster, empty or a copy of `template` (a database's name). */
async function newPostgresDatabase(template?: string): Promise<{ postgresUrl: string }> {
  const url = new URL(inject("postgresUrl"));
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return { postgresUrl: url.toString() };
}

/**
 * A fresh database of the dialect with every migration applied: a copy of a template this worker
 * migrated once (SQLite: the file; PostgreSQL: CREATE DATABASE … TEMPLATE). Running the migrations
 * for every test was most of a database test's own time (decision 093). A test of the migrations
 * themselves, or of what happens on an empty database, takes freshTarget instead.
 */
export async function migratedTarget(dialect: Dialect): Promise<DatabaseTarget> {
  const template = await (templates[dialect] ??= migratedTemplate(dialect));
  if ("sqlitePath" in template) {
    const sqlitePath = join(mkdtempSync(join(tmpdir(), "db-test-")), "nested", "app.db");
    // As openDatabase makes it (decision 060); the copy keeps the template's 0600.
    mkdirSync(dirname(sqlitePath), { mode: 0o700 });
    copyFileSync(template.sqlitePath, sqlitePath);
    return { sqlitePath };
  }
  return newPostgresDatabase(new URL(template.postgresUrl).pathname.slice(1));
}

const templates: Partial<Record<Dialect, Promise<DatabaseTarget>>> = {};

async function migratedTemplate(dialect: Dialect): Promise<DatabaseTarget> {
  const target = await freshTarget(dialect);
  // Ended, the pool leaves the template: CREATE DATABASE … TEMPLATE waits a few seconds for a session still on its way out.
  await (await openDatabase(target)).destroy();
  // Closed by its last connection, a SQLite database is in its file alone: the write-ahead log was checkpointed and removed.
  if ("sqlitePath" in target && existsSync(`${target.sqlitePath}-wal`))
    throw new Error(`the template ${target.sqlitePath} kept its write-ahead log`);
  return target;
}

/** Other sessions on the database behind `url` (a restore refuses while there are any): a pool that was just ended may take a moment to leave. */
export async function otherSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}
