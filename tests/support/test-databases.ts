import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { DatabaseTarget } from "~/db/db.server";
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
  const adminUrl = inject("postgresUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { postgresUrl: url.toString() };
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
