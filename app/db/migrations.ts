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
  {
    // The withdrawal waiver becomes optional (its time is null when not given), and en/uk/ru
    // orders keep the binding Polish text of the agreement beside the translation.
    name: "orders-optional-waiver-binding-text",
    // SQLite cannot drop NOT NULL: the table is rebuilt with the same columns.
    sqlite: `CREATE TABLE orders_v2 (
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL UNIQUE,
    number_year INTEGER NOT NULL,
    number_seq INTEGER NOT NULL,
    payment_token TEXT NOT NULL UNIQUE,
    idempotency_key TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'awaiting_payment' CHECK (status IN ('awaiting_payment', 'paid', 'dispatched', 'cancelled')),
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
    immediate_performance_consent_at TEXT,
    contract_text TEXT NOT NULL,
    contract_text_binding TEXT,
    contract_version TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (number_year, number_seq)
  ) STRICT;
  INSERT INTO orders_v2 (id, number, number_year, number_seq, payment_token, idempotency_key, status, variant, channel, locale, declaration_type, price_grosze, currency, tenant_name, landlord_name, start_date, rental_period_days, email, phone, property_address, property_street, property_postal_code, property_city, mailing_address, mailing_street, mailing_postal_code, mailing_city, additional_info, data_processing_consent_at, terms_accepted_at, immediate_performance_consent_at, contract_text, contract_version, created_at, updated_at) SELECT id, number, number_year, number_seq, payment_token, idempotency_key, status, variant, channel, locale, declaration_type, price_grosze, currency, tenant_name, landlord_name, start_date, rental_period_days, email, phone, property_address, property_street, property_postal_code, property_city, mailing_address, mailing_street, mailing_postal_code, mailing_city, additional_info, data_processing_consent_at, terms_accepted_at, immediate_performance_consent_at, contract_text, contract_version, created_at, updated_at FROM orders;
  DROP TABLE orders;
  ALTER TABLE orders_v2 RENAME TO orders;`,
    postgres: `ALTER TABLE orders ALTER COLUMN immediate_performance_consent_at DROP NOT NULL;
  ALTER TABLE orders ADD COLUMN contract_text_binding TEXT;`,
  },
  {
    // The transactional outbox (docs/decisions/015): e-mails written with the order, sent by a
    // worker, each attempt recorded. One message of a kind per order.
    name: "outbox",
    sqlite: `CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    kind TEXT NOT NULL,
    data TEXT,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    claim_id TEXT,
    claimed_at TEXT,
    last_error TEXT,
    sent_at TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (order_id, kind)
  ) STRICT;
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  CREATE TABLE outbox_attempts (
    id INTEGER PRIMARY KEY,
    message_id INTEGER NOT NULL REFERENCES outbox(id),
    attempted_at TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'failed')),
    error TEXT
  ) STRICT;`,
    postgres: `CREATE TABLE outbox (
    id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    kind TEXT NOT NULL,
    data TEXT,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    claim_id TEXT,
    claimed_at TEXT,
    last_error TEXT,
    sent_at TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (order_id, kind)
  );
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  CREATE TABLE outbox_attempts (
    id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    message_id INTEGER NOT NULL REFERENCES outbox(id),
    attempted_at TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'failed')),
    error TEXT
  );`,
  },
  {
    // The back office (issue 9, docs/decisions/016): operators, server-side sessions, the sign-in
    // lockout, the audit trail of status changes, the facts of each transition and housekeeping leases.
    name: "back-office",
    sqlite: `ALTER TABLE orders ADD COLUMN paid_at TEXT;
  ALTER TABLE orders ADD COLUMN dispatched_at TEXT;
  ALTER TABLE orders ADD COLUMN tracking_number TEXT;
  ALTER TABLE orders ADD COLUMN courier TEXT;
  ALTER TABLE orders ADD COLUMN cancelled_at TEXT;
  ALTER TABLE orders ADD COLUMN cancel_reason TEXT;
  ALTER TABLE orders ADD COLUMN anonymised_at TEXT;
  CREATE TABLE operators (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE TABLE admin_sessions (
    id INTEGER PRIMARY KEY,
    session_hash TEXT NOT NULL UNIQUE,
    operator_id INTEGER NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) STRICT;
  CREATE TABLE sign_in_attempts (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL,
    ip TEXT NOT NULL,
    succeeded INTEGER NOT NULL,
    attempted_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX sign_in_attempts_email ON sign_in_attempts (email, attempted_at);
  CREATE INDEX sign_in_attempts_ip ON sign_in_attempts (ip, attempted_at);
  CREATE TABLE order_events (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    operator TEXT NOT NULL,
    from_status TEXT NOT NULL,
    to_status TEXT NOT NULL,
    details TEXT,
    at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX order_events_order ON order_events (order_id, at);
  CREATE TABLE job_runs (
    name TEXT PRIMARY KEY,
    last_run_at TEXT,
    lease_until TEXT,
    last_result TEXT
  ) STRICT;`,
    postgres: `ALTER TABLE orders ADD COLUMN paid_at TEXT;
  ALTER TABLE orders ADD COLUMN dispatched_at TEXT;
  ALTER TABLE orders ADD COLUMN tracking_number TEXT;
  ALTER TABLE orders ADD COLUMN courier TEXT;
  ALTER TABLE orders ADD COLUMN cancelled_at TEXT;
  ALTER TABLE orders ADD COLUMN cancel_reason TEXT;
  ALTER TABLE orders ADD COLUMN anonymised_at TEXT;
  CREATE TABLE operators (
    id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE admin_sessions (
    id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_hash TEXT NOT NULL UNIQUE,
    operator_id INTEGER NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE TABLE sign_in_attempts (
    id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email TEXT NOT NULL,
    ip TEXT NOT NULL,
    succeeded INTEGER NOT NULL,
    attempted_at TEXT NOT NULL
  );
  CREATE INDEX sign_in_attempts_email ON sign_in_attempts (email, attempted_at);
  CREATE INDEX sign_in_attempts_ip ON sign_in_attempts (ip, attempted_at);
  CREATE TABLE order_events (
    id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    operator TEXT NOT NULL,
    from_status TEXT NOT NULL,
    to_status TEXT NOT NULL,
    details TEXT,
    at TEXT NOT NULL
  );
  CREATE INDEX order_events_order ON order_events (order_id, at);
  CREATE TABLE job_runs (
    name TEXT PRIMARY KEY,
    last_run_at TEXT,
    lease_until TEXT,
    last_result TEXT
  );`,
  },
  {
    // Online payments (docs/decisions/028): one row per attempt. The partial unique index keeps
    // at most one attempt in progress per order, so two clicks can never start two charges.
    name: "payments",
    sqlite: `CREATE TABLE payments (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    gateway TEXT NOT NULL,
    method TEXT NOT NULL CHECK (method IN ('blik', 'redirect')),
    session_id TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL CHECK (state IN ('registered', 'pending', 'paid', 'failed', 'refunded')),
    amount_grosze INTEGER NOT NULL CHECK (amount_grosze > 0),
    currency TEXT NOT NULL,
    gateway_order_id TEXT,
    gateway_method_id INTEGER,
    redirect_url TEXT,
    failure TEXT,
    refund_reason TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    paid_at TEXT,
    refunded_at TEXT
  ) STRICT;
  CREATE UNIQUE INDEX payments_one_in_progress ON payments (order_id) WHERE state IN ('registered', 'pending');
  CREATE INDEX payments_order ON payments (order_id, created_at);
  CREATE INDEX payments_state ON payments (state, created_at);`,
    postgres: `CREATE TABLE payments (
    id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    gateway TEXT NOT NULL,
    method TEXT NOT NULL CHECK (method IN ('blik', 'redirect')),
    session_id TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL CHECK (state IN ('registered', 'pending', 'paid', 'failed', 'refunded')),
    amount_grosze INTEGER NOT NULL CHECK (amount_grosze > 0),
    currency TEXT NOT NULL,
    gateway_order_id TEXT,
    gateway_method_id INTEGER,
    redirect_url TEXT,
    failure TEXT,
    refund_reason TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    paid_at TEXT,
    refunded_at TEXT
  );
  CREATE UNIQUE INDEX payments_one_in_progress ON payments (order_id) WHERE state IN ('registered', 'pending');
  CREATE INDEX payments_order ON payments (order_id, created_at);
  CREATE INDEX payments_state ON payments (state, created_at);`,
  },
  {
    // The tenant's name in its original script beside the Latin one, and the co-residents the
    // declaration covers (art. 19a(2)(3)) as a JSON array of names; NULL for orders placed before.
    name: "customer-names-and-co-residents",
    sqlite: `ALTER TABLE orders ADD COLUMN tenant_name_original TEXT;
  ALTER TABLE orders ADD COLUMN co_residents TEXT;`,
    postgres: `ALTER TABLE orders ADD COLUMN tenant_name_original TEXT;
  ALTER TABLE orders ADD COLUMN co_residents TEXT;`,
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
