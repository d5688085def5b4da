import type { MigrationStep } from "./step";

export const ORDER_STATUS_CHECK = `CHECK (status IN ('awaiting_payment', 'paid', 'dispatched', 'cancelled'))`;
export const ORDER_COLUMNS_CHECKS = `
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

export const orders: MigrationStep = {
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
};
