import type BetterSqlite3 from "better-sqlite3";

/**
 * Schema changes, applied in order at start-up. `PRAGMA user_version` records how many
 * have run, so each runs once per database file. Append new steps; never edit old ones.
 * Plain SQL run synchronously: the server is ready before it takes its first request.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE orders (
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
    immediate_performance_consent_at TEXT NOT NULL,
    contract_text TEXT NOT NULL,
    contract_version TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (number_year, number_seq)
  ) STRICT`,
];

export function migrate(connection: BetterSqlite3.Database): number {
  const applied = connection.pragma("user_version", { simple: true }) as number;
  const pending = MIGRATIONS.slice(applied);
  if (pending.length === 0) return applied;
  // IMMEDIATE: two processes starting together cannot both apply the same step.
  connection
    .transaction(() => {
      const current = connection.pragma("user_version", { simple: true }) as number;
      MIGRATIONS.slice(current).forEach((statement, index) => {
        connection.exec(statement);
        connection.pragma(`user_version = ${current + index + 1}`);
      });
    })
    .immediate();
  return MIGRATIONS.length;
}
