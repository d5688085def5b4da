import type BetterSqlite3 from "better-sqlite3";
import type pg from "pg";

/**
 * Schema changes, applied in order at start-up, once per database (docs/decisions/007).
 * Each step carries its SQL for both dialects, written side by side so a reviewer sees they
 * match. To change the schema, APPEND a step; never edit or reorder one that has shipped.
 * SQLite counts applied steps in `PRAGMA user_version` (files made before PostgreSQL support
 * sit at 1 and keep working); PostgreSQL counts them in the `schema_migrations` table.
 */
export type MigrationStep = { name: string; sqlite: string; postgres: string };

const ORDER_STATUS_CHECK = `CHECK (status IN ('awaiting_payment', 'paid', 'dispatched', 'cancelled'))`;
const ORDER_COLUMNS_CHECKS = `
    variant TEXT NOT NULL CHECK (variant IN ('standard', 'automatic')),
    channel TEXT NOT NULL CHECK (channel IN ('form', 'api')),
    locale TEXT NOT NULL CHECK (locale IN ('pl', 'en', 'uk', 'ru')),
    declaration_type TEXT NOT NULL CHECK (declaration_type IN ('regular', 'notarized')),
    price_grosze INTEGER NOT NULL CHECK (price_grosze > 0),
    currency TEXT NOT NULL,
    tenant_name TEXT NOT NULL,
    landlord_name TEXT,
    start_date TEXT,
    rental_period_days INTEGER,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    property_address TEXT NOT NULL,
    property_street TEXT,
    property_postal_code TEXT,
    property_city TEXT,
    mailing_address TEXT NOT NULL,
    mailing_street TEXT,
    mailing_postal_code TEXT,
    mailing_city TEXT,
    additional_info TEXT,
    data_processing_consent_at TEXT NOT NULL,
    terms_accepted_at TEXT NOT NULL,
    immediate_performance_consent_at TEXT NOT NULL,
    contract_text TEXT NOT NULL,
    contract_version TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (number_year, number_seq)`;

export const MIGRATIONS: readonly MigrationStep[] = [
  {
    name: "orders",
    // Unchanged from the SQLite-only version: existing files already ran it.
    sqlite: `CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL UNIQUE,
    number_year INTEGER NOT NULL,
    number_seq INTEGER NOT NULL,
    payment_token TEXT NOT NULL UNIQUE,
    idempotency_key TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'awaiting_payment' ${ORDER_STATUS_CHECK},${ORDER_COLUMNS_CHECKS}
  ) STRICT`,
    // Unique constraints keep PostgreSQL's default names (orders_<columns>_key), which
    // app/db/unique-violation.ts relies on.
    postgres: `CREATE TABLE orders (
    id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    number TEXT NOT NULL UNIQUE,
    number_year INTEGER NOT NULL,
    number_seq INTEGER NOT NULL,
    payment_token TEXT NOT NULL UNIQUE,
    idempotency_key TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'awaiting_payment' ${ORDER_STATUS_CHECK},${ORDER_COLUMNS_CHECKS}
  )`,
  },
];

/**
 * SQLite: one IMMEDIATE transaction takes the write lock first, so two processes starting
 * together cannot both apply a step; the second re-reads user_version inside it.
 * Returns the schema version. May throw SQLITE_BUSY: the caller retries (decision 008).
 */
export function migrateSqlite(
  connection: BetterSqlite3.Database,
  steps: readonly MigrationStep[] = MIGRATIONS
): number {
  const applied = connection.pragma("user_version", { simple: true }) as number;
  if (applied >= steps.length) return applied;
  connection
    .transaction(() => {
      const current = connection.pragma("user_version", {
        simple: true,
      }) as number;
      steps.slice(current).forEach((step, index) => {
        connection.exec(step.sqlite);
        connection.pragma(`user_version = ${current + index + 1}`);
      });
    })
    .immediate();
  return steps.length;
}

/** Any number will do as long as no other code in this database uses it for a lock. */
const MIGRATION_LOCK_KEY = 7_240_001;

/**
 * PostgreSQL: a session-level advisory lock serialises instances starting together; each
 * step and its bookkeeping row commit in one transaction (DDL is transactional there).
 */
export async function migratePostgres(
  pool: pg.Pool,
  steps: readonly MigrationStep[] = MIGRATIONS
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
          version INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )`
      );
      const { rows } = await client.query<{ version: number }>(
        "SELECT coalesce(max(version), 0)::int AS version FROM schema_migrations"
      );
      const current = rows[0]?.version ?? 0;
      for (const [index, step] of steps.slice(current).entries()) {
        await client.query("BEGIN");
        try {
          await client.query(step.postgres);
          await client.query(
            "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
            [current + index + 1, step.name]
          );
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
