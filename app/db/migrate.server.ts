import type BetterSqlite3 from "better-sqlite3";
import type pg from "pg";
import { MIGRATIONS, type MigrationStep } from "./migrations";

/**
 * SQLite: one IMMEDIATE transaction takes the write lock first, so two processes starting
 * together cannot both apply a step; the second re-reads user_version inside it.
 * Returns the schema version. May throw SQLITE_BUSY: the caller retries (decision 008).
 *
 * Foreign keys are off while the steps run: SQLite changes a column by rebuilding the table
 * (create the new one, copy, drop the old, rename), and with the outbox and the audit trail
 * referring to orders, dropping the old orders table would fail or cascade. The pragma does
 * nothing inside a transaction, so it is set around it; before committing, every reference is
 * checked as a whole, and a step that leaves one dangling is rolled back.
 */
export function migrateSqlite(connection: BetterSqlite3.Database, steps: readonly MigrationStep[] = MIGRATIONS): number {
  const applied = connection.pragma("user_version", { simple: true }) as number;
  if (applied >= steps.length) return applied;
  const foreignKeysWereOn = connection.pragma("foreign_keys", { simple: true }) === 1;
  connection.pragma("foreign_keys = OFF");
  try {
    connection
      .transaction(() => {
        const current = connection.pragma("user_version", { simple: true }) as number;
        steps.slice(current).forEach((step, index) => {
          connection.exec(step.sqlite);
          connection.pragma(`user_version = ${current + index + 1}`);
        });
        const dangling = connection.pragma("foreign_key_check") as unknown[];
        if (dangling.length > 0) throw new Error(`the migration would leave ${dangling.length} rows referring to nothing`);
      })
      .immediate();
  } finally {
    if (foreignKeysWereOn) connection.pragma("foreign_keys = ON");
  }
  return steps.length;
}

/** Any number will do as long as no other code in this database uses it for a lock. */
const MIGRATION_LOCK_KEY = 7_240_001;

/**
 * PostgreSQL: a session-level advisory lock serialises instances starting together; each
 * step and its bookkeeping row commit in one transaction (DDL is transactional there).
 */
export async function migratePostgres(pool: pg.Pool, steps: readonly MigrationStep[] = MIGRATIONS): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
          version INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )`,
      );
      const { rows } = await client.query<{ version: number }>("SELECT coalesce(max(version), 0)::int AS version FROM schema_migrations");
      const current = rows[0]?.version ?? 0;
      for (const [index, step] of steps.slice(current).entries()) {
        await client.query("BEGIN");
        try {
          await client.query(step.postgres);
          await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [current + index + 1, step.name]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
      }
      return Math.max(current, steps.length);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
